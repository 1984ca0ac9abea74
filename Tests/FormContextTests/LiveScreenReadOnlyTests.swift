@testable import FormContextCore
import Foundation
import Testing
import TestSupport

/// A live screen's rows say whether their field is read-only, by its own rule or that of a group,
/// a row or a repeat group around it, and report every change of it in a diff.
///
/// The property test draws random locks and row operations; after every step each visible row's
/// ``VisibleRow/isReadOnly`` is the form's ``FormContextObject/isReadOnly(_:)`` of its field, and
/// every diff, replayed onto the rows shown before it, gives the rows shown after it (read-only state
/// included). Run one seed alone with `FORMCONTEXT_SEED=<seed> swift test --filter LiveScreenReadOnlyTests`.
@Suite("Read-only rows on a live screen")
struct LiveScreenReadOnlyTests {
    static let seeds: [UInt64] = {
        var seeds: [UInt64] = [1, 2, 3, 7, 42, 0x5EED, 20_240_501, .max]
        if let extra = ProcessInfo.processInfo.environment["FORMCONTEXT_SEED"].flatMap(UInt64.init) { seeds.append(extra) }
        return seeds
    }()
    static let frozen = FormKey<Bool>("frozen")
    static let stamp = FormKey<Bool>("stamp")
    static let title = FormKey<String>("title")
    static let metaLock = FormKey<Bool>("meta.lock")
    static let metaNote = FormKey<String>("meta.note")
    static let lockM = FormKey<Bool>("lockM")
    static let name = FormKey<String>("name")
    static let lockV = FormKey<Bool>("vitals.lockV")
    static let height = FormKey<Int>("vitals.height")

    /// `title` read-only while frozen; `meta` while its lock is set; the members while frozen; a
    /// member row while its lockM is set; a member's name while stamped; a member's vitals while its
    /// lockV is set.
    static func definition() throws -> FormDefinition {
        let members = RepeatGroup("members", fields: [
            FieldDefinition(lockM, default: false),
            FieldDefinition(name, default: "n").readOnly(when: { $0.outer[stamp] == true }),
            FieldDefinition(lockV, default: false),
            FieldDefinition(height, default: 1),
        ], groups: [FieldGroup("vitals").readOnly(when: { $0[lockV] == true })])
            .rowReadOnly(when: { $0[lockM] == true })
        return try FormDefinition(
            [
                FieldDefinition(frozen), FieldDefinition(stamp), FieldDefinition(title).readOnly(when: { $0[frozen] == true }),
                FieldDefinition(metaLock), FieldDefinition(metaNote), FieldDefinition(members).readOnly(when: { $0[frozen] == true }),
            ],
            groups: [FieldGroup("meta").readOnly(when: { $0[metaLock] == true })])
    }

    static let screen = Screen("Survey") {
        FormSection("Top") {
            ToggleCell("Frozen", key: frozen)
            ToggleCell("Stamp", key: stamp)
            TextCell("Title", key: title)
            ToggleCell("Lock meta", key: metaLock)
            TextCell("Note", key: metaNote)
        }
        RepeatSection("Members", group: "members") {
            ToggleCell("Lock member", key: lockM)
            TextCell("Name", key: name)
            ToggleCell("Lock vitals", key: lockV)
            NumberCell("Height", key: height)
            ValueCell("Summary", value: { "\($0[name] ?? "")" })
        }
        .removeButton("Remove")
    }

    /// A row as the test compares it: where it is declared, what it shows, and whether it is read-only.
    static func describe(_ section: VisibleSection) -> LayoutDiffPropertyTests.Shown {
        LayoutDiffPropertyTests.Shown(
            index: section.index, rows: section.rows.map { "\($0.path) \($0.value) \($0.isReadOnly ? "read-only" : "editable")" },
            footer: section.footer)
    }

    @Test("a row's read-only rule makes its cells read-only, and the change is one diff updating them in place")
    func rowRule() throws {
        let form = FormContextObject(definition: try Self.definition())
        let first = try form.appendRow(to: "members")
        let second = try form.appendRow(to: "members")
        let live = LiveScreen(Self.screen, form: form)
        // Sections: Top, then one per member (the repeat section has no title cell of its own shown).
        let rowSections = live.sections.filter { $0.rowID != nil }
        #expect(rowSections.count == 2)
        #expect(rowSections.allSatisfy { $0.rows.allSatisfy { !$0.isReadOnly } })

        // One diff per key the mutation changed, as for a field the rules show or hide.
        let diffs = Locked([ScreenDiff]())
        let subscription = live.observe { diff in diffs.withLock { $0.append(diff) } }
        form.set(true, for: first.scope(in: "members").key("lockM"))
        subscription.cancel()
        let sections = live.sections
        let firstSection = try #require(sections.firstIndex { $0.rowID == first })
        // The four field cells of the first row changed to read-only (the first one's value too);
        // its value cell and remove button did not change.
        let reported = diffs.withLock { $0 }
        #expect(Set(reported.flatMap(\.updatedRows)) == Set((0..<4).map { RowPath(section: firstSection, row: $0) }))
        #expect(reported.allSatisfy { !$0.changesStructure && $0.updatedFooters.isEmpty })
        #expect(sections[firstSection].rows.map(\.isReadOnly) == [true, true, true, true, false, false])
        let other = try #require(sections.first { $0.rowID == second })
        #expect(other.rows.allSatisfy { !$0.isReadOnly })

        // A row added while the whole group is read-only arrives read-only.
        form.set(true, for: Self.frozen.name)
        let third = try form.appendRow(to: "members")
        let arrived = try #require(live.sections.first { $0.rowID == third })
        #expect(arrived.rows.prefix(4).allSatisfy { $0.isReadOnly })
        let top = try #require(live.sections.first { $0.rowID == nil && $0.index == 0 })
        #expect(top.rows.map(\.isReadOnly) == [false, false, true, false, false])
    }

    @Test("every visible row's read-only state is its field's, and every diff replays", arguments: seeds)
    func randomLocks(seed: UInt64) throws {
        var random = SplitMix64(seed: seed)
        let form = FormContextObject(definition: try Self.definition())
        for _ in 0..<Int.random(in: 0...3, using: &random) { try form.appendRow(to: "members") }
        let live = LiveScreen(Self.screen, form: form)
        let before = Locked(live.sections.map(Self.describe))
        let failures = Locked([String]())
        let step = Locked(0)
        let subscription = live.observe { diff in
            let after = live.sections.map(Self.describe)
            before.withLock { shown in
                let replayed = LayoutDiffPropertyTests.apply(diff, to: shown, after: after)
                if replayed != after {
                    failures.withLock { $0.append("seed \(seed) step \(step.withLock { $0 }) \(diff): replayed \(replayed.map { "\($0)" } ?? "out of range"), shown \(after)") }
                }
                shown = after
            }
        }
        for index in 0..<80 {
            step.withLock { $0 = index }
            try Self.randomStep(form, &random)
            for section in live.sections {
                for row in section.rows {
                    let expected = row.cell.key.map { form.fieldState(for: $0).isReadOnly } ?? false
                    #expect(row.isReadOnly == expected, "seed \(seed) step \(index): \(row.path) \(row.cell.key ?? "no key")")
                }
            }
            #expect(form.read { $0.invariantViolations() } == [], "seed \(seed) step \(index): invariants")
        }
        #expect(failures.withLock { $0 }.isEmpty, "\(failures.withLock { $0 }.prefix(3))")
        subscription.cancel()
    }

    /// Sets a top-level lock, a row's lock, adds or removes a row, or sets several locks at once.
    static func randomStep(_ form: FormContextObject, _ random: inout SplitMix64) throws {
        let rows = Array(form.rows(of: "members"))
        let row = rows.isEmpty ? nil : rows[Int.random(in: 0..<rows.count, using: &random)].scope(in: "members")
        switch Int.random(in: 0..<7, using: &random) {
        case 0: form.set(Bool.random(using: &random), for: [frozen, stamp, metaLock][Int.random(in: 0..<3, using: &random)].name)
        case 1, 2:
            if let row { form.set(Bool.random(using: &random), for: row.key(Bool.random(using: &random) ? lockM.name : lockV.name)) }
        case 3:
            try form.appendRow(to: "members", [lockM.name: Bool.random(using: &random), lockV.name: Bool.random(using: &random)])
        case 4:
            if let id = rows.randomElement(using: &random) { try form.removeRows([id], from: "members") }
        default:
            let keys = [frozen.name, stamp.name, metaLock.name] + rows.flatMap { [$0.scope(in: "members").key(lockM.name), $0.scope(in: "members").key(lockV.name)] }
            let changes = (0..<3).map { _ in (keys[Int.random(in: 0..<keys.count, using: &random)], Bool.random(using: &random)) }
            form.transaction { batch in
                for (key, value) in changes { batch.set(value, for: key) }
            }
        }
    }
}
