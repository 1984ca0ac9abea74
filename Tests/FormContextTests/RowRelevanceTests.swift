import Foundation
import Observation
import Testing
import TestSupport

@testable import FormContextCore

/// Rows shown and enabled by a condition of their own (`rowVisible(when:)`, `rowEnabled(when:)`),
/// inherited by everything under the row, at every depth.
@Suite("Relevance of whole rows")
struct RowRelevanceTests {
    static let present = FormKey<Bool>("present")
    static let locked = FormKey<Bool>("locked")
    static let name = FormKey<String>("name")
    static let age = FormKey<Int>("age")
    static let day = FormKey<Int>("day")
    static let height = FormKey<Int>("vitals.height")
    static let visitCount = FormKey<Int>("visitCount")
    static let memberCount = FormKey<Int>("memberCount")
    static let ageTotal = FormKey<Int>("ageTotal")
    static let allVisits = FormKey<Int>("allVisits")
    static let noneLocked = FormKey<Bool>("noneLocked")

    /// Members shown while present and enabled while not locked; their visits shown while the
    /// household's limit allows the visit's day; a group of fields in every member's row.
    static func definition(hiddenValues: HiddenValues = .kept) throws -> FormDefinition {
        let visits = RepeatGroup("visits", fields: [FieldDefinition(day, validators: [.range(0...99)])])
            .rowVisible(when: { row in (row[day] ?? 0) <= (row.outer.outer[FormKey<Int>("limit")] ?? 100) })
            .summary(visitCount, .count)
        let members = RepeatGroup("members", fields: [
            FieldDefinition(name, validators: [.required()]),
            FieldDefinition(age),
            FieldDefinition(present),
            FieldDefinition(locked),
            FieldDefinition(height),
            FieldDefinition(visits),
        ], groups: [FieldGroup("vitals").visible(when: { ($0[age] ?? 0) < 18 })])
            .rowVisible(when: { $0[present] != false })
            .rowEnabled(when: { $0[locked] != true })
            .summary(memberCount, .count)
            .summary(ageTotal, .sum(age))
            .summary(noneLocked, .all(locked, equals: false))
            .summary(allVisits, .sum(visitCount))
        let households = RepeatGroup("households", fields: [FieldDefinition(FormKey<Int>("limit")), FieldDefinition(members)])
        return try FormDefinition([FieldDefinition(households)], hiddenValues: hiddenValues)
    }

    @Test("a hidden row hides everything under it, at every depth, and is left out of summaries, validation and the submission")
    func hiddenRow() throws {
        let definition = try Self.definition()
        let form = FormContextObject(definition: definition, options: ValidationOptions(mode: .onChange))
        let home = try form.appendRow(to: "households")
        let members = home.scope(in: "households").key("members")
        let ada = try form.appendRow(to: members, ["name": "Ada", "age": 40, "locked": false])
        let bo = try form.appendRow(to: members, ["age": 7])
        let boRow = bo.scope(in: members)
        let boVisits = boRow.key("visits")
        let visit = try form.appendRow(to: boVisits, ["day": -5])
        let adaVisits = ada.scope(in: members).key("visits")
        try form.appendRow(to: adaVisits, ["day": 5])
        let householdRow = home.scope(in: "households")
        #expect(form[householdRow.key(Self.memberCount)] == 2)
        #expect(form[householdRow.key(Self.ageTotal)] == 47)
        #expect(form[householdRow.key(Self.allVisits)] == 2)
        #expect(form[householdRow.key(Self.noneLocked)] == false)
        #expect(Set(form.validate().errors.map(\.key)) == [boRow.key("name"), visit.scope(in: boVisits).key("day")])

        form.set(false, for: boRow.key(Self.present).name)
        // The row, its fields, its group of fields, its inner group and the inner group's rows are hidden.
        #expect(!form.fieldState(for: boRow.prefix).isVisible)
        for key in [boRow.key("name"), boRow.key("vitals"), boRow.key("vitals.height"), boVisits, visit.scope(in: boVisits).prefix,
                    visit.scope(in: boVisits).key("day"), boRow.key("visitCount")] {
            #expect(!form.fieldState(for: key).isVisible, "\(key) hidden")
        }
        #expect(form.fieldState(for: ada.scope(in: members).prefix).isVisible)
        // The row stays in the order, with its values.
        #expect(Array(form.rows(of: members)) == [ada, bo])
        #expect(form[boRow.key(Self.age)] == 7)
        // Summaries leave it out: counts, sums, "every row", and sums of what it holds inside.
        #expect(form[householdRow.key(Self.memberCount)] == 1)
        #expect(form[householdRow.key(Self.ageTotal)] == 40)
        #expect(form[householdRow.key(Self.noneLocked)] == true)
        #expect(form[householdRow.key(Self.allVisits)] == 1)
        // Validation and the submission leave it out, on the client and on the server.
        #expect(form.validate().errors.isEmpty)
        let evaluation = definition.evaluateRules(form.context)
        #expect(evaluation.hiddenKeys.isSuperset(of: [boRow.key("name"), visit.scope(in: boVisits).key("day")]), "\(evaluation.hiddenKeys.sorted())")
        #expect(definition.validate(form.context).errors.isEmpty)
        #expect(definition.evaluateRules(form.context).values[householdRow.key(Self.memberCount).name] == AnyHashable(1))
        let json = try FormSubmission(form.activeValues, definition: definition).json(pretty: false)
        #expect(json == #"{"households":[{"ageTotal":40,"allVisits":1,"memberCount":1,"members":[{"age":40,"locked":false,"name":"Ada","visitCount":1,"visits":[{"day":5}]}],"noneLocked":true}]}"#)

        // Shown again, it has everything back.
        form.set(true, for: boRow.key(Self.present).name)
        #expect(form.fieldState(for: boRow.key("vitals.height")).isVisible && form.fieldState(for: visit.scope(in: boVisits).key("day")).isVisible)
        #expect(form[householdRow.key(Self.memberCount)] == 2)
        #expect(form[householdRow.key(Self.allVisits)] == 2)
        #expect(form.read { $0.invariantViolations() } == [])
    }

    @Test("a row's condition reads its row and every level outside it, and hides inner rows one by one")
    func innerRowCondition() throws {
        let form = FormContextObject(definition: try Self.definition())
        let home = try form.appendRow(to: "households", ["limit": 10])
        let members = home.scope(in: "households").key("members")
        let ada = try form.appendRow(to: members, ["name": "Ada"])
        let visits = ada.scope(in: members).key("visits")
        let early = try form.appendRow(to: visits, ["day": 3])
        let late = try form.appendRow(to: visits, ["day": 30])
        #expect(form.fieldState(for: early.scope(in: visits).prefix).isVisible && !form.fieldState(for: late.scope(in: visits).key("day")).isVisible)
        #expect(form[ada.scope(in: members).key(Self.visitCount)] == 1)
        form.set(50, for: home.scope(in: "households").key("limit"))
        #expect(form.fieldState(for: late.scope(in: visits).key("day")).isVisible)
        #expect(form[ada.scope(in: members).key(Self.visitCount)] == 2)
        form.set(1, for: home.scope(in: "households").key("limit"))
        #expect(form[ada.scope(in: members).key(Self.visitCount)] == 0)
        #expect(form[home.scope(in: "households").key(Self.allVisits)] == 0)
        try form.removeRows([late], from: visits)
        form.set(100, for: home.scope(in: "households").key("limit"))
        #expect(form[ada.scope(in: members).key(Self.visitCount)] == 1)
        #expect(form.read { $0.invariantViolations() } == [])
    }

    @Test("a disabled row disables everything under it and leaves it out of validation")
    func disabledRow() throws {
        let form = FormContextObject(definition: try Self.definition())
        let home = try form.appendRow(to: "households")
        let members = home.scope(in: "households").key("members")
        let bo = try form.appendRow(to: members, ["age": 7, "locked": true])
        let visits = bo.scope(in: members).key("visits")
        let visit = try form.appendRow(to: visits, ["day": -5])
        for key in [bo.scope(in: members).prefix, bo.scope(in: members).key("name"), visit.scope(in: visits).key("day")] {
            #expect(!form.fieldState(for: key).isEnabled && form.fieldState(for: key).isVisible, "\(key)")
        }
        #expect(form.validate().errors.isEmpty)
        form.set(false, for: bo.scope(in: members).key(Self.locked).name)
        #expect(form.fieldState(for: visit.scope(in: visits).key("day")).isEnabled)
        #expect(form.validate().errors.compactMap(\.key).sorted() == [bo.scope(in: members).key("name"), visit.scope(in: visits).key("day")].sorted())
    }

    @Test("a row key's visibility is observable, as a field's state is")
    func observable() throws {
        let form = FormContextObject(definition: try Self.definition())
        let home = try form.appendRow(to: "households")
        let members = home.scope(in: "households").key("members")
        let bo = try form.appendRow(to: members, ["age": 7])
        let row = bo.scope(in: members)
        let visits = row.key("visits")
        let visit = try form.appendRow(to: visits, ["day": 1])
        let inner = visit.scope(in: visits).prefix
        let heard = Locked(0)
        let heardInner = Locked(0)
        withObservationTracking { _ = form.fieldState(for: row.prefix).isVisible } onChange: { heard.withLock { $0 += 1 } }
        withObservationTracking { _ = form.fieldState(for: inner).isVisible } onChange: { heardInner.withLock { $0 += 1 } }
        form.set(false, for: row.key(Self.present).name)
        #expect(heard.withLock { $0 } == 1)
        #expect(heardInner.withLock { $0 } == 1)
        #expect(!form.fieldState(for: inner).isVisible)
    }

    @Test("with hidden values cleared, a hidden row's fields lose their values and its rows inside it go")
    func clearedValues() throws {
        // The condition reads outside the row: one reading the row's own fields would find them cleared.
        let visits = RepeatGroup("visits", fields: [FieldDefinition(Self.day)])
        let members = RepeatGroup("members", fields: [FieldDefinition(Self.name), FieldDefinition(Self.age), FieldDefinition(visits)])
            .rowVisible(when: { row in row.rowID.map { $0.number > (row.outer[FormKey<Int>("limit")] ?? 0) } ?? true })
            .summary(Self.memberCount, .count)
        let households = RepeatGroup("households", fields: [FieldDefinition(FormKey<Int>("limit")), FieldDefinition(members)])
        let form = FormContextObject(definition: try FormDefinition([FieldDefinition(households)], hiddenValues: .cleared))
        let home = try form.appendRow(to: "households")
        let memberGroup = home.scope(in: "households").key("members")
        let bo = try form.appendRow(to: memberGroup, ["name": "Bo", "age": 7])
        let row = bo.scope(in: memberGroup)
        try form.appendRow(to: row.key("visits"), ["day": 1])
        form.set(1, for: home.scope(in: "households").key("limit"))
        #expect(form[row.key(Self.name)] == nil && form[row.key(Self.age)] == nil)
        #expect(form.context.storage.keys.filter { $0.hasPrefix(row.key("visits.")) }.isEmpty)
        #expect(form[home.scope(in: "households").key(Self.memberCount)] == 0)
        #expect(form.read { $0.invariantViolations() } == [])
    }

    @Test("a definition whose rules all lie in rows runs them when it validates a plain context")
    func serverRunsRowRules() throws {
        let note = FormKey<String>("note")
        let members = RepeatGroup("members", fields: [
            FieldDefinition(Self.age),
            FieldDefinition(note, validators: [.required()]).visible(when: { ($0[Self.age] ?? 0) > 60 }),
        ])
        let definition = try FormDefinition([FieldDefinition(members)])
        var submitted: FormContext = [:]
        submitted.set(RowOrder([RowID(1), RowID(2)]), for: "members")
        submitted.set(10, for: "members.r1.age")
        submitted.set(70, for: "members.r2.age")
        #expect(definition.validate(submitted).errors.map(\.description) == ["members.r2.note: is required"])
    }

    @Test("a row's condition may read its position, and runs again when rows come, go or move before it")
    func position() throws {
        let members = RepeatGroup("members", fields: [FieldDefinition(Self.name)])
            .rowVisible(when: { ($0.rowPosition ?? 0) < 2 })
            .summary(Self.memberCount, .count)
        let definition = try FormDefinition([FieldDefinition(members)])
        let form = FormContextObject(definition: definition)
        let ids = try (0..<4).map { try form.appendRow(to: "members", ["name": "n\($0)"]) }
        #expect(ids.map { form.fieldState(for: $0.scope(in: "members").prefix).isVisible } == [true, true, false, false])
        try form.moveRow(ids[3], in: "members", to: 0)
        #expect(ids.map { form.fieldState(for: $0.scope(in: "members").prefix).isVisible } == [true, false, false, true])
        try form.removeRows([ids[0]], from: "members")
        #expect(ids.dropFirst().map { form.fieldState(for: $0.scope(in: "members").prefix).isVisible } == [true, false, true])
        #expect(form[Self.memberCount] == 2)
        // The same on the server, over a plain context.
        #expect(definition.evaluateRules(form.context).hiddenKeys == ["members.r3.name"])
        #expect(form.read { $0.invariantViolations() } == [])
    }
}
