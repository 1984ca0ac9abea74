@testable import FormContextCore
import Foundation
import Testing
import TestSupport

/// Random screens under random changes: every diff a live screen reports, applied to the rows shown
/// before it as a table view applies a batch update, gives the rows shown after it; and after every
/// change the rows shown are those a brute-force evaluation of the whole screen finds.
///
/// The screens and the changes depend only on the seed. A failure names its seed and step; run one
/// seed alone with `FORMCONTEXT_SEED=<seed> swift test --filter LayoutDiffPropertyTests`.
@Suite("Layout diffs against a brute-force oracle")
struct LayoutDiffPropertyTests {
    /// The seeds every run checks, plus one from `FORMCONTEXT_SEED` if it is set.
    static let seeds: [UInt64] = {
        var seeds: [UInt64] = [1, 2, 3, 5, 8, 13, 42, 0x5EED, 20_240_501, 0xC0FF_EE00, 0xDEAD_BEEF, .max]
        if let extra = ProcessInfo.processInfo.environment["FORMCONTEXT_SEED"].flatMap(UInt64.init) { seeds.append(extra) }
        return seeds
    }()
    static let changesPerSeed = 60
    static let flags = (0..<6).map { FormKey<Bool>("flag\($0)") }
    static let fields = (0..<4).map { FormKey<String>("field\($0)") }

    /// A shown section as the test compares it: its declared index, its rows and its footer.
    struct Shown: Equatable, CustomStringConvertible {
        var index: Int
        var rows: [String]
        var footer: String?
        var description: String { "\(index)\(rows)\(footer.map { " footer \($0)" } ?? "")" }

        init(index: Int, rows: [String], footer: String?) {
            self.index = index
            self.rows = rows
            self.footer = footer
        }

        init(_ section: VisibleSection) {
            self.init(index: section.index, rows: section.rows.map { "\($0.path) \($0.value)" }, footer: section.footer)
        }
    }

    @Test("applying each diff to the rows before gives the rows after; the rows always match the oracle", arguments: seeds)
    func diffsReplay(seed: UInt64) {
        var random = SplitMix64(seed: seed)
        let screen = Self.randomScreen(&random)
        let form = FormContextObject(FormContext(Dictionary(uniqueKeysWithValues: Self.flags.map { ($0.name, Bool.random(using: &random)) })))
        let live = LiveScreen(screen, form: form)
        let replay = DiffReplay(live, seed: seed)
        #expect(replay.model.withLock { $0 } == Self.oracle(screen, form), "seed \(seed): first state")
        for index in 0..<Self.changesPerSeed {
            replay.step.withLock { $0 = index }
            Self.randomChange(form, &random)
            let expected = Self.oracle(screen, form)
            #expect(live.sections.map(Shown.init) == expected, "seed \(seed) step \(index): shown differs from the oracle")
            #expect(replay.model.withLock { $0 } == expected, "seed \(seed) step \(index): replayed diffs differ from the oracle")
        }
        #expect(replay.failures.withLock { $0 }.isEmpty, "\(replay.failures.withLock { $0 }.prefix(3))")
        replay.subscription.cancel()
    }

    /// Replays every diff a live screen reports onto the sections it showed before (``apply(_:to:after:)``),
    /// keeping the result and recording each diff whose replay does not give the sections it shows after.
    final class DiffReplay: Sendable {
        /// The sections as the diffs so far rebuild them.
        let model: Locked<[Shown]>
        /// One line per diff whose replay went wrong, naming the seed and step.
        let failures = Locked([String]())
        /// The step under way, for the failure lines.
        let step = Locked(0)
        let subscription: FormSubscription

        init(_ live: LiveScreen, seed: UInt64) {
            let model = Locked(live.sections.map(Shown.init))
            let failures = self.failures
            let step = self.step
            self.model = model
            subscription = live.observe { diff in
                let after = live.sections.map(Shown.init)
                model.withLock { before in
                    let replayed = LayoutDiffPropertyTests.apply(diff, to: before, after: after)
                    if replayed != after {
                        let shown = replayed.map { "\($0)" } ?? "a position out of range"
                        failures.withLock { $0.append("seed \(seed) step \(step.withLock { $0 }) \(diff): replayed \(shown), shown \(after)") }
                    }
                    before = after
                }
            }
        }
    }

    /// `before` with `diff` applied as `UITableView.performBatchUpdates` applies it: deletions at their
    /// old positions, then insertions at their new ones, then footers and rows updated in place; the
    /// content of what is inserted or updated comes from `after`. `nil` when a position is out of range.
    static func apply(_ diff: ScreenDiff, to before: [Shown], after: [Shown]) -> [Shown]? {
        var sections = before
        for path in diff.deletedRows.sorted(by: >) {
            guard sections.indices.contains(path.section), sections[path.section].rows.indices.contains(path.row) else { return nil }
            sections[path.section].rows.remove(at: path.row)
        }
        for index in diff.deletedSections.sorted(by: >) {
            guard sections.indices.contains(index) else { return nil }
            sections.remove(at: index)
        }
        for index in diff.insertedSections.sorted() {
            guard after.indices.contains(index), index <= sections.count else { return nil }
            sections.insert(after[index], at: index)
        }
        for path in diff.insertedRows.sorted() {
            guard sections.indices.contains(path.section), after.indices.contains(path.section),
                after[path.section].rows.indices.contains(path.row), path.row <= sections[path.section].rows.count
            else { return nil }
            sections[path.section].rows.insert(after[path.section].rows[path.row], at: path.row)
        }
        for index in diff.updatedFooters {
            guard sections.indices.contains(index), after.indices.contains(index) else { return nil }
            sections[index].footer = after[index].footer
        }
        for path in diff.updatedRows {
            guard sections.indices.contains(path.section), after.indices.contains(path.section),
                sections[path.section].rows.indices.contains(path.row), after[path.section].rows.indices.contains(path.row)
            else { return nil }
            sections[path.section].rows[path.row] = after[path.section].rows[path.row]
        }
        return sections
    }

    /// What `screen` shows for `form`, evaluated from scratch.
    static func oracle(_ screen: Screen, _ form: FormContextObject) -> [Shown] {
        let values = FormValues(form.context)
        return screen.sections.enumerated().compactMap { index, section in
            let rows = section.cells.enumerated().filter { _, cell in
                cell.isShown(in: values) && (cell.key.map { form.fieldState(for: $0).isVisible } ?? true)
            }
            guard section.isShown(in: values), section.cells.isEmpty || !rows.isEmpty else { return nil }
            return Shown(
                index: index, rows: rows.map { "\(CellPath(section: index, row: $0.offset)) \($0.element.value(in: values))" },
                footer: section.footer(in: values))
        }
    }

    /// A condition over the flags; `a && b` reads `b` only while `a` holds.
    static func randomCondition(_ random: inout SplitMix64) -> @Sendable (FormValues) -> Bool {
        let (a, b) = (flags[Int.random(in: 0..<flags.count, using: &random)], flags[Int.random(in: 0..<flags.count, using: &random)])
        switch Int.random(in: 0..<4, using: &random) {
        case 0: return { $0[a] == true }
        case 1: return { $0[a] != true }
        case 2: return { $0[a] == true && $0[b] == true }
        default: return { $0[a] == true || $0[b] != true }
        }
    }

    /// A screen of 0 to 24 sections of 0 to 4 cells, with random conditions, footers and bindings.
    static func randomScreen(_ random: inout SplitMix64) -> Screen {
        var sections: [FormSection] = []
        for index in 0..<Int.random(in: 0...24, using: &random) {
            var cells: [Cell] = []
            for row in 0..<Int.random(in: 0...4, using: &random) {
                var cell: Cell
                switch Int.random(in: 0..<3, using: &random) {
                case 0: cell = ToggleCell("toggle \(index).\(row)", key: flags[Int.random(in: 0..<flags.count, using: &random)]).cell
                case 1: cell = TextCell("text \(index).\(row)", key: fields[Int.random(in: 0..<fields.count, using: &random)]).cell
                default: cell = ValueCell("value \(index).\(row)", value: { values in "\(values[flags[0]] == true)" }).cell
                }
                if Bool.random(using: &random) { cell = cell.visible(when: randomCondition(&random)) }
                cells.append(cell)
            }
            let key = flags[Int.random(in: 0..<flags.count, using: &random)]
            var footer: (@Sendable (FormValues) -> String?)?
            if Bool.random(using: &random) {
                footer = { values in values[key] == true ? "on" : nil }
            }
            var section = FormSection("section \(index)", cells: cells, footer: footer)
            if Bool.random(using: &random) { section = section.visible(when: randomCondition(&random)) }
            sections.append(section)
        }
        return Screen("Random", sections: sections)
    }

    /// Sets a flag or a field, hides or shows a field, or changes several at once.
    static func randomChange(_ form: FormContextObject, _ random: inout SplitMix64) {
        switch Int.random(in: 0..<5, using: &random) {
        case 0, 1:
            form.set(Bool.random(using: &random), for: flags[Int.random(in: 0..<flags.count, using: &random)].name)
        case 2:
            form.setVisible(Bool.random(using: &random), for: fields[Int.random(in: 0..<fields.count, using: &random)].name)
        case 3:
            form.set(["a", "b", ""][Int.random(in: 0..<3, using: &random)], for: fields[Int.random(in: 0..<fields.count, using: &random)].name)
        default:
            let changes = (0..<3).map { _ in (flags[Int.random(in: 0..<flags.count, using: &random)].name, Bool.random(using: &random)) }
            form.transaction { batch in
                for (key, value) in changes { batch.set(value, for: key) }
            }
        }
    }
}
