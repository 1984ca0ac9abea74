@testable import FormContextCore
import Foundation
import Testing
import TestSupport

/// Random screens with repeat sections under random row operations and edits: every diff a live
/// screen reports, applied to the sections shown before it as a table view applies a batch update,
/// gives those shown after it, and after every step the sections shown are those a brute-force
/// evaluation of the whole screen finds.
///
/// A failure names its seed and step; run one seed alone with
/// `FORMCONTEXT_SEED=<seed> swift test --filter RepeatSectionPropertyTests`.
@Suite("Repeat section diffs against a brute-force oracle")
struct RepeatSectionPropertyTests {
    static let seeds: [UInt64] = {
        var seeds: [UInt64] = [1, 2, 3, 7, 11, 42, 0x5EED, 20_240_501, 0xC0FF_EE00, .max]
        if let extra = ProcessInfo.processInfo.environment["FORMCONTEXT_SEED"].flatMap(UInt64.init) { seeds.append(extra) }
        return seeds
    }()
    static let stepsPerSeed = 150
    static let outer = (0..<3).map { FormKey<Bool>("outer\($0)") }
    static let flag = FormKey<Bool>("flag")
    static let label = FormKey<String>("label")
    static let note = FormKey<String>("note")
    static let groups = ["g", "h"]

    /// A group of rows with a flag, a label, and a note the rules show only while the flag is on.
    static func group(_ key: String) -> RepeatGroup {
        RepeatGroup(key, fields: [
            FieldDefinition(flag, default: false),
            FieldDefinition(label, default: "x"),
            FieldDefinition(note).visible(when: { $0[flag] == true }),
        ])
    }

    static func makeForm(_ random: inout SplitMix64, rows: ClosedRange<Int>) throws -> FormContextObject {
        let definition = try FormDefinition(outer.map { FieldDefinition($0) } + groups.map { FieldDefinition(group($0)) })
        let form = FormContextObject(definition: definition)
        for key in outer { form.set(Bool.random(using: &random), for: key.name) }
        for group in groups {
            for _ in 0..<Int.random(in: rows, using: &random) {
                try form.appendRow(to: group, ["flag": Bool.random(using: &random), "label": "l\(Int.random(in: 0..<3, using: &random))"])
            }
        }
        return form
    }

    /// A condition over the row's flag, its neighbours' flags, or the outer flags.
    static func randomCondition(_ random: inout SplitMix64, inRow: Bool) -> @Sendable (FormValues) -> Bool {
        let key = outer[Int.random(in: 0..<outer.count, using: &random)]
        switch Int.random(in: 0..<(inRow ? 7 : 2), using: &random) {
        case 0: return { $0[key] == true }
        case 1: return { $0[key] != true }
        case 2: return { $0[flag] == true }
        case 3: return { $0[flag] != true || $0.outer[key] == true }
        case 4: return { $0.previousRow == nil }
        case 5: return { $0.previousRow?[flag] == true }
        default: return { $0.nextRow?[flag] != true }
        }
    }

    /// Up to six sections, some static, one or two repeat sections over the groups.
    static func randomScreen(_ random: inout SplitMix64) -> Screen {
        var sections: [FormSection] = []
        for index in 0..<Int.random(in: 1...6, using: &random) {
            if Int.random(in: 0..<3, using: &random) == 0 {
                var cells: [Cell] = [ToggleCell("outer \(index)", key: outer[index % outer.count]).cell]
                if Bool.random(using: &random) { cells[0] = cells[0].visible(when: randomCondition(&random, inRow: false)) }
                var section = FormSection("static \(index)", cells: cells)
                if Bool.random(using: &random) { section = section.visible(when: randomCondition(&random, inRow: false)) }
                sections.append(section)
                continue
            }
            let group = groups[Int.random(in: 0..<groups.count, using: &random)]
            var cells: [Cell] = []
            for row in 0..<Int.random(in: 0...3, using: &random) {
                var cell: Cell
                switch Int.random(in: 0..<4, using: &random) {
                case 0: cell = ToggleCell("flag \(row)", key: flag).cell
                case 1: cell = TextCell("label \(row)", key: label).cell
                case 2: cell = TextCell("note \(row)", key: note).cell
                default:
                    let key = outer[Int.random(in: 0..<outer.count, using: &random)]
                    cell = ValueCell("value \(row)", value: { values in "\(values[label] ?? "-")/\(values.outer[key] == true)" }).cell
                }
                if Int.random(in: 0..<3, using: &random) == 0 { cell = cell.visible(when: randomCondition(&random, inRow: true)) }
                cells.append(cell)
            }
            var section = RepeatSection(Bool.random(using: &random) ? "rows \(index)" : nil, group: group) { cells }
            if Bool.random(using: &random) { section = section.addButton("Add") }
            if Bool.random(using: &random) { section = section.removeButton("Remove") }
            if Bool.random(using: &random) { section = section.visible(when: randomCondition(&random, inRow: false)) }
            sections.append(section.section)
        }
        return Screen("Random", sections: sections)
    }

    /// A row added, inserted, removed or moved, the rows replaced or reset, a row's field or an outer
    /// flag set, or several of these in one transaction.
    static func randomStep(_ form: FormContextObject, _ random: inout SplitMix64) {
        let group = groups[Int.random(in: 0..<groups.count, using: &random)]
        let rows = Array(form.rows(of: group))
        let row = rows.isEmpty ? nil : rows[Int.random(in: 0..<rows.count, using: &random)]
        switch Int.random(in: 0..<12, using: &random) {
        case 0: _ = try? form.appendRow(to: group, ["flag": Bool.random(using: &random)])
        case 1: _ = try? form.insertRows(into: group, at: Int.random(in: 0...rows.count, using: &random), [[:]])[0]
        case 2: if let row { try? form.removeRows([row], from: group) }
        case 3, 4: if let row { try? form.moveRow(row, in: group, to: Int.random(in: 0...rows.count, using: &random)) }
        case 5:
            if Int.random(in: 0..<3, using: &random) == 0 {
                _ = try? form.replaceRows(of: group, with: (0..<Int.random(in: 0...4, using: &random)).map { _ in ["label": "new"] })
            } else {
                form.reset(group)
            }
        case 6, 7: if let row { form.set(Bool.random(using: &random), for: "\(group).\(row).flag") }
        case 8: if let row { form.set("l\(Int.random(in: 0..<3, using: &random))", for: "\(group).\(row).label") }
        case 9: if let row { form.set("n", for: "\(group).\(row).note") }
        case 10: form.set(Bool.random(using: &random), for: outer[Int.random(in: 0..<outer.count, using: &random)].name)
        default:
            let order = RowOrder(rows.shuffled(using: &random))
            form.set(order, for: group)
        }
    }

    /// What `screen` shows for `form`, evaluated from scratch: each section's own section, then a
    /// section per row of its group, in order.
    static func oracle(_ screen: Screen, _ form: FormContextObject) -> [LayoutDiffPropertyTests.Shown] {
        let values = FormValues(form.context)
        var shown: [LayoutDiffPropertyTests.Shown] = []
        for (index, section) in screen.sections.enumerated() {
            let cells = section.cells.enumerated().filter { $0.element.isShown(in: values) && ($0.element.key.map { form.fieldState(for: $0).isVisible } ?? true) }
            let isBare = section.repeatGroup != nil && section.title == nil && !section.hasFooter && section.cells.isEmpty
            if section.isShown(in: values), !isBare, section.cells.isEmpty || !cells.isEmpty {
                shown.append(.init(
                    index: index, rows: cells.map { "\(CellPath(section: index, row: $0.offset)) \($0.element.value(in: values))" },
                    footer: section.footer(in: values)))
            }
            guard let group = section.repeatGroup, section.isShown(in: values) else { continue }
            for id in form.rows(of: group) {
                let rows = section.rowCells.indices.compactMap { cell -> String? in
                    guard let bound = section.rowCell(cell, in: id), bound.isShown(in: values), bound.key.map({ form.fieldState(for: $0).isVisible }) ?? true else { return nil }
                    return "\(CellPath(section: index, row: cell, rowID: id)) \(bound.value(in: values))"
                }
                if section.rowCells.isEmpty || !rows.isEmpty { shown.append(.init(index: index, rows: rows, footer: nil)) }
            }
        }
        return shown
    }

    @Test("applying each diff to the sections before gives those after; they always match the oracle", arguments: seeds)
    func diffsReplay(seed: UInt64) throws {
        try Self.check(seed: seed, rows: 0...6, steps: Self.stepsPerSeed)
    }

    @Test("the same with groups of hundreds of rows, whose orders span several chunks", arguments: [UInt64(1), 2, 3])
    func largeGroups(seed: UInt64) throws {
        try Self.check(seed: seed, rows: 1_100...1_500, steps: 25)
    }

    /// Runs `steps` random steps on a random screen over groups of `rows` rows, checking every diff
    /// and every state.
    static func check(seed: UInt64, rows: ClosedRange<Int>, steps: Int) throws {
        var random = SplitMix64(seed: seed)
        let screen = Self.randomScreen(&random)
        let form = try Self.makeForm(&random, rows: rows)
        let live = LiveScreen(screen, form: form)
        let replay = LayoutDiffPropertyTests.DiffReplay(live, seed: seed)
        #expect(replay.model.withLock { $0 } == Self.oracle(screen, form), "seed \(seed): first state")
        for index in 0..<steps {
            replay.step.withLock { $0 = index }
            Self.randomStep(form, &random)
            let expected = Self.oracle(screen, form)
            #expect(live.sections.map(LayoutDiffPropertyTests.Shown.init) == expected, "seed \(seed) step \(index): shown differs from the oracle")
            #expect(replay.model.withLock { $0 } == expected, "seed \(seed) step \(index): replayed diffs differ from the oracle")
            #expect(live.sectionCount == expected.count, "seed \(seed) step \(index): section count")
            if !expected.isEmpty {
                let probe = Int.random(in: 0..<expected.count, using: &random)
                #expect(live.section(at: probe).map(LayoutDiffPropertyTests.Shown.init) == expected[probe], "seed \(seed) step \(index): section(at: \(probe))")
            }
        }
        #expect(replay.failures.withLock { $0 }.isEmpty, "\(replay.failures.withLock { $0 }.prefix(3))")
        replay.subscription.cancel()
    }
}
