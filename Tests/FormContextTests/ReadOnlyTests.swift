import Foundation
import Observation
import Testing
import TestSupport

@testable import FormContextCore

/// Read-only fields, groups and rows (ODK's `readonly`): inherited by everything inside, kept in
/// validation and submission, refused to the person filling in the form, written by the program.
@Suite("Read-only fields, groups and rows")
struct ReadOnlyTests {
    static let signed = FormKey<Bool>("signed")
    static let visitDate = FormKey<String>("visitDate")
    static let code = FormKey<String>("code")
    static let total = FormKey<Int>("total")
    static let count = FormKey<Int>("count")

    /// `visitDate` read-only once signed, required; `code` always read-only; `total` calculated and read-only.
    static func definition() throws -> FormDefinition {
        try FormDefinition([
            FieldDefinition(signed),
            FieldDefinition(visitDate, validators: [.required()]).readOnly(when: { $0[signed] == true }),
            FieldDefinition(code, validators: [.maxLength(3)]).readOnly(),
            FieldDefinition(count),
            FieldDefinition(total).calculated { ($0[count] ?? 0) * 2 }.readOnly(),
        ])
    }

    @Test("a read-only field follows its condition and says so in its state, its description and its explanation")
    func fieldFollowsItsCondition() throws {
        let form = FormContextObject(definition: try Self.definition())
        #expect(!form.fieldState(for: "visitDate").isReadOnly)
        #expect(form.fieldState(for: "code").isReadOnly)
        form.set(true, for: "signed")
        #expect(form.fieldState(for: "visitDate").isReadOnly)
        #expect(form.fieldState(for: "visitDate").isReadOnly)
        // Read-only is not disabled, nor hidden.
        #expect(form.fieldState(for: "visitDate").isEnabled && form.fieldState(for: "visitDate").isVisible)
        #expect(form.fieldState(for: "visitDate").description == "visitDate: nil (read-only)")
        #expect(form.explanation(for: "visitDate") == "visitDate: read-only by its read-only rule, which read signed = true")
        form.set(false, for: "signed")
        #expect(!form.fieldState(for: "visitDate").isReadOnly)
        #expect(form.explanation(for: "visitDate") == "visitDate: editable by its read-only rule, which read signed = false")
        #expect(form.explanation(for: "code") == "code: read-only by its read-only rule, which read nothing")
        #expect(form.read { $0.invariantViolations() } == [])
    }

    @Test("a read-only field stays in validation (required and validators, as JavaRosa checks it) and in the submission")
    func staysInValidationAndSubmission() throws {
        let form = FormContextObject(definition: try Self.definition())
        form.set(true, for: "signed")
        form.set("toolong", for: "code")
        let report = form.validate()
        let failed = Set(report.errors.map { "\($0.key ?? "-"):\($0.rule)" })
        #expect(failed.contains("visitDate:required"))
        #expect(failed.contains { $0.hasPrefix("code:") })
        #expect(form.fieldState(for: "visitDate").isRequired)
        form.set("2026-11-26", for: "visitDate")
        form.set("abc", for: "code")
        #expect(form.validate().errors.isEmpty)
        #expect(form.activeValues["visitDate"] == AnyHashable("2026-11-26"))
        #expect(form.activeValues["code"] == AnyHashable("abc"))
    }

    @Test("the program, transactions, resets and calculations still write a read-only field")
    func programWritesAreNotRefused() throws {
        let form = FormContextObject(definition: try Self.definition())
        form.set(true, for: "signed")
        #expect(form.set("2026-01-01", for: "visitDate")?.newValue == AnyHashable("2026-01-01"))
        form.transaction { $0.set("2026-02-02", for: "visitDate") }
        #expect(form["visitDate"] == AnyHashable("2026-02-02"))
        form.set(4, for: "count")
        #expect(form["total"] == AnyHashable(8))
        form.reset()
        #expect(form["visitDate"] == nil)
    }

    @Test("a control does not write a read-only field: the form keeps its value, the control shows it and says why")
    func controlRefuses() throws {
        let form = FormContextObject(definition: try Self.definition())
        let date = FieldControl<String>(key: "visitDate", title: "Date")
        try date.connect(to: form)
        date.value = "2026-03-03"
        #expect(form["visitDate"] == AnyHashable("2026-03-03"))
        form.set(true, for: "signed")
        date.text = "2026-04-04"
        #expect(form["visitDate"] == AnyHashable("2026-03-03"))
        #expect(date.value == "2026-03-03")
        #expect(date.text == "2026-03-03")
        #expect(date.parseError == .readOnly(key: "visitDate"))
        #expect(date.parseError?.description == "key 'visitDate' is read-only: it cannot be edited")
        // The program still writes it, and the control follows.
        form.set("2026-05-05", for: "visitDate")
        #expect(date.value == "2026-05-05")
        #expect(date.parseError == nil)
        form.set(false, for: "signed")
        date.value = "2026-06-06"
        #expect(form["visitDate"] == AnyHashable("2026-06-06"))
        #expect(date.parseError == nil)
    }

    @Test("the editing accessor a user interface binds to does not write a read-only field")
    func editingAccessorRefuses() throws {
        let form = FormContextObject(definition: try Self.definition())
        form[edit: Self.visitDate, default: ""] = "2026-07-07"
        #expect(form["visitDate"] == AnyHashable("2026-07-07"))
        form.set(true, for: "signed")
        form[edit: Self.visitDate, default: ""] = "2026-08-08"
        #expect(form[edit: Self.visitDate, default: ""] == "2026-07-07")
        // A read-only field no one observes takes the same door.
        form[edit: Self.code, default: ""] = "xyz"
        #expect(form["code"] == nil)
        form.set("abc", for: "code")
        form[edit: Self.code, default: ""] = "xyz"
        #expect(form["code"] == AnyHashable("abc"))
    }

    @Test("a screen's cells do not write a read-only field, and the navigator says why")
    func cellsRefuse() async throws {
        let definition = try FormDefinition([
            FieldDefinition(Self.signed),
            FieldDefinition(FormKey<Bool>("agreed")).readOnly(when: { $0[Self.signed] == true }),
            FieldDefinition(Self.visitDate).readOnly(when: { $0[Self.signed] == true }),
        ])
        let form = FormContextObject(definition: definition)
        let screen = Screen("Visit") {
            FormSection {
                ToggleCell("Agreed", key: FormKey<Bool>("agreed"))
                TextCell("Date", key: Self.visitDate)
            }
        }
        let toggle = try #require(screen.cell(at: CellPath(section: 0, row: 0)))
        let text = try #require(screen.cell(at: CellPath(section: 0, row: 1)))
        #expect(toggle.toggle(in: form) == nil)
        #expect(form["agreed"] == AnyHashable(true))
        form.set(true, for: "signed")
        #expect(toggle.toggle(in: form) == .readOnly(key: "agreed"))
        #expect(form["agreed"] == AnyHashable(true))
        #expect(throws: FormControlError.readOnly(key: "visitDate")) { try text.commit(text: "today", to: form) }
        #expect(form["visitDate"] == nil)

        let navigator = FormNavigator(root: screen, form: form)
        navigator.focus(on: CellPath(section: 0, row: 0))
        guard case .refusedEdit(.readOnly(key: "agreed")) = await navigator.activate() else {
            Issue.record("a read-only toggle is flipped")
            return
        }
        navigator.focus(on: CellPath(section: 0, row: 1))
        guard case .refusedEdit(.readOnly(key: "visitDate")) = await navigator.activate() else {
            Issue.record("a read-only text entry starts editing")
            return
        }
        #expect(navigator.editing == nil)
        form.set(false, for: "signed")
        guard case .editing = await navigator.activate() else {
            Issue.record("an editable text entry does not start editing")
            return
        }
        navigator.insert("today")
        // Made read-only while being edited, the field refuses the commit, and the text stays.
        form.set(true, for: "signed")
        #expect(!navigator.commitEditing())
        #expect(navigator.editing?.error == .readOnly(key: "visitDate"))
        #expect(form["visitDate"] == nil)
    }

    @Test("read-only state is observable per key: a change of it invalidates readers of that key only")
    func observable() throws {
        let form = FormContextObject(definition: try Self.definition())
        let changed = Locked(false)
        withObservationTracking {
            _ = form.fieldState(for: "visitDate").isReadOnly
        } onChange: {
            changed.withLock { $0 = true }
        }
        let other = Locked(false)
        withObservationTracking {
            _ = form.fieldState(for: "code").isReadOnly
        } onChange: {
            other.withLock { $0 = true }
        }
        form.set(true, for: "signed")
        #expect(changed.withLock { $0 })
        #expect(!other.withLock { $0 })
        let events = Locked([Bool]())
        let subscription = form.observe("visitDate", aspects: .readOnly) { event in events.withLock { $0.append(event.state.isReadOnly) } }
        form.set(false, for: "signed")
        form.set(true, for: "signed")
        subscription.cancel()
        #expect(events.withLock { $0 } == [false, true])
    }

    @Test("a read-only group makes every field under it read-only, groups nest, and the group answers for itself")
    func groups() throws {
        let definition = try FormDefinition(
            [
                FieldDefinition(Self.signed),
                FieldDefinition(FormKey<String>("household.head")),
                FieldDefinition(FormKey<Int>("household.address.number")),
                FieldDefinition(FormKey<String>("notes")),
            ],
            groups: [
                FieldGroup("household").readOnly(when: { $0[Self.signed] == true }),
                FieldGroup("household.address").visible(when: { _ in true }),
            ])
        let form = FormContextObject(definition: definition)
        #expect(!form.fieldState(for: "household").isReadOnly && !form.fieldState(for: "household.address.number").isReadOnly)
        form.set(true, for: "signed")
        #expect(form.fieldState(for: "household").isReadOnly)
        #expect(form.fieldState(for: "household.address").isReadOnly)
        #expect(form.fieldState(for: "household.head").isReadOnly)
        #expect(form.fieldState(for: "household.address.number").isReadOnly)
        // A key under the group with no field yet is read-only too, and a user edit of it is refused.
        #expect(form.fieldState(for: "household.size").isReadOnly)
        #expect(form.userEdit(3, for: "household.size")?.error == .readOnly(key: "household.size"))
        #expect(form["household.size"] == nil)
        #expect(!form.fieldState(for: "notes").isReadOnly)
        #expect(form.explanation(for: "household.head") == "household.head: read-only with its group household, whose read-only rule read signed = true")
        #expect(form.read { $0.invariantViolations() } == [])
    }

    @Test("a read-only row makes everything under its key read-only: its fields, its groups of fields, the rows inside it")
    func rows() throws {
        let visits = RepeatGroup("visits", fields: [FieldDefinition(FormKey<Int>("day"))])
            .rowReadOnly(when: { ($0[FormKey<Int>("day")] ?? 0) > 10 })
        let members = RepeatGroup("members", fields: [
            FieldDefinition(FormKey<String>("name")),
            FieldDefinition(Self.signed),
            FieldDefinition(FormKey<Int>("vitals.height")),
            FieldDefinition(visits),
        ], groups: [FieldGroup("vitals").readOnly(when: { ($0[FormKey<String>("name")] ?? "") == "fixed" })])
            .rowReadOnly(when: { $0[Self.signed] == true })
        let form = FormContextObject(definition: try FormDefinition([FieldDefinition(members)]))
        let ada = try form.appendRow(to: "members", ["name": "Ada"])
        let row = ada.scope(in: "members")
        let visit = try form.appendRow(to: row.key("visits"), ["day": 3])
        let visitRow = visit.scope(in: row.key("visits"))
        #expect(!form.fieldState(for: row.prefix).isReadOnly && !form.fieldState(for: visitRow.key("day")).isReadOnly)
        form.set(12, for: visitRow.key("day"))
        #expect(form.fieldState(for: visitRow.prefix).isReadOnly && form.fieldState(for: visitRow.key("day")).isReadOnly)
        #expect(!form.fieldState(for: row.key("name")).isReadOnly)
        form.set(3, for: visitRow.key("day"))
        form.set("fixed", for: row.key("name"))
        #expect(form.fieldState(for: row.key("vitals")).isReadOnly && form.fieldState(for: row.key("vitals.height")).isReadOnly)
        #expect(!form.fieldState(for: row.key("name")).isReadOnly)
        form.set(true, for: row.key("signed"))
        for key in [row.prefix, row.key("name"), row.key("signed"), row.key("vitals.height"), row.key("visits"), visitRow.prefix, visitRow.key("day")] {
            #expect(form.fieldState(for: key).isReadOnly, "\(key)")
        }
        // Rows added to a read-only row's group inside it are read-only from the start.
        let second = try form.appendRow(to: row.key("visits"), ["day": 1])
        #expect(form.fieldState(for: second.scope(in: row.key("visits")).key("day")).isReadOnly)
        // Still validated and submitted: only editing is refused.
        #expect(form.activeValues[row.key("name")] == AnyHashable("fixed"))
        #expect(form.userEdit("Bo", for: row.key("name"))?.error == .readOnly(key: row.key("name")))
        form.set(false, for: row.key("signed"))
        #expect(!form.fieldState(for: visitRow.key("day")).isReadOnly)
        #expect(form.read { $0.invariantViolations() } == [])
    }

    @Test("a read-only repeat group makes its rows read-only")
    func repeatGroup() throws {
        let members = RepeatGroup("members", fields: [FieldDefinition(FormKey<String>("name"))])
        let form = FormContextObject(definition: try FormDefinition([
            FieldDefinition(Self.signed), FieldDefinition(members).readOnly(when: { $0[Self.signed] == true }),
        ]))
        let ada = try form.appendRow(to: "members", ["name": "Ada"])
        let name = ada.scope(in: "members").key("name")
        #expect(!form.fieldState(for: name).isReadOnly)
        form.set(true, for: "signed")
        #expect(form.fieldState(for: "members").isReadOnly && form.fieldState(for: ada.scope(in: "members").prefix).isReadOnly && form.fieldState(for: name).isReadOnly)
        let bo = try form.appendRow(to: "members", ["name": "Bo"])
        #expect(form.fieldState(for: bo.scope(in: "members").key("name")).isReadOnly)
        #expect(form.read { $0.invariantViolations() } == [])
    }

    @Test("a navigator adds no row to a read-only repeat group and removes no read-only row; the program still does")
    func navigatorRows() async throws {
        let members = RepeatGroup("members", fields: [FieldDefinition(FormKey<String>("name")), FieldDefinition(Self.signed)])
            .rowReadOnly(when: { $0[Self.signed] == true })
        let form = FormContextObject(definition: try FormDefinition([
            FieldDefinition(FormKey<Bool>("closed")),
            FieldDefinition(members).readOnly(when: { $0[FormKey<Bool>("closed")] == true }),
        ]))
        let screen = Screen("Household") {
            RepeatSection("Members", group: "members") { TextCell("Name", key: FormKey<String>("name")) }
                .addButton("Add member")
                .removeButton("Remove")
        }
        let navigator = FormNavigator(root: screen, form: form)
        let ada = try form.appendRow(to: "members", ["name": "Ada", "signed": true])
        let bo = try form.appendRow(to: "members", ["name": "Bo"])
        guard case .refusedEdit(.readOnly(key: "members.r1")) = navigator.removeRow(at: CellPath(section: 0, row: 0, rowID: ada)) else {
            Issue.record("a read-only row is removed")
            return
        }
        guard case .removedRow(bo) = navigator.removeRow(at: CellPath(section: 0, row: 0, rowID: bo)) else {
            Issue.record("an editable row is not removed")
            return
        }
        form.set(true, for: "closed")
        guard case .refusedEdit(.readOnly(key: "members")) = navigator.addRow(inSection: 0) else {
            Issue.record("a row is added to a read-only group")
            return
        }
        #expect(form[FormKey<RowOrder>("members")] == RowOrder([ada]))
        try form.removeRows([ada], from: "members")
        #expect(form[FormKey<RowOrder>("members")] == RowOrder([]))
    }
}
