import Foundation
import Testing
import TestSupport

@testable import FormContextCore

/// `isVisible(_:)`, `isEnabled(_:)` and `isRequired(_:)` on a live form, for fields and for the
/// rules' groups, each observed per key.
@Suite("State queries for fields and groups")
struct StateQueryTests {
    static func definition() throws -> FormDefinition {
        try FormDefinition(
            [
                FieldDefinition(FormKey<Bool>("alone")),
                FieldDefinition(FormKey<Bool>("locked")),
                FieldDefinition(FormKey<Int>("home.size"), validators: [.required()]),
                FieldDefinition(FormKey<String>("home.note"), validators: [.required().warning()]),
                FieldDefinition(FormKey<String>("home.head")).required(when: { ($0[FormKey<Int>("home.size")] ?? 0) > 1 }),
                FieldDefinition(FormKey<String>("home.car.plate")),
            ],
            groups: [
                FieldGroup("home").visible(when: { $0[FormKey<Bool>("alone")] != true }),
                FieldGroup("home.car").enabled(when: { $0[FormKey<Bool>("locked")] != true }),
            ])
    }

    @Test func requiredFollowsTheDefinitionAndTheRule() throws {
        let form = FormContextObject(definition: try Self.definition())
        #expect(form.isRequired("home.size"))
        #expect(!form.isRequired("home.note"), "a warning demands nothing")
        #expect(!form.isRequired("home.head"))
        #expect(!form.isRequired("home"), "a group requires nothing of its own")
        #expect(!form.isRequired("unknown"))
        let head = FireCounter.tracking { _ = form.isRequired("home.head") }
        let size = FireCounter.tracking { _ = form.isRequired("home.note") }
        form.set(2, for: "home.size")
        #expect(form.isRequired("home.head"))
        #expect(form.fieldState(for: "home.head").isRequired)
        #expect(head.count == 1, "the required rule's change is announced for its field")
        #expect(size.count == 0)
        form.set(1, for: "home.size")
        #expect(!form.isRequired("home.head"))
    }

    @Test func aRepeatGroupIsRequiredByItsMinimumAloneAndRunsNoRowsValidator() throws {
        let calls = Locked(0)
        let noneYet = RowsValidator.custom("some", message: "add one") { rows in
            calls.withLock { $0 += 1 }
            return rows.count > 0
        }
        let flag = FormKey<Bool>("flag")
        let members = RepeatGroup("members", fields: [FieldDefinition(FormKey<String>("name")), FieldDefinition(flag)]).validator(noneYet)
            .validator(.atLeastOne(flag, equals: true))
        let households = RepeatGroup("households", fields: [FieldDefinition(FormKey<String>("city")), FieldDefinition(members)])
        let definition = try FormDefinition([
            FieldDefinition(RepeatGroup("tags", fields: [FieldDefinition(flag)]).validator(.atLeastOne(flag, equals: true)).validator(noneYet)),
            FieldDefinition(RepeatGroup("people", minimum: 1, fields: [FieldDefinition(FormKey<String>("name"))])),
            FieldDefinition(households),
        ])
        let form = FormContextObject(definition: definition)
        _ = try form.appendRow(to: "households", ["city": "Lyon"])
        let before = calls.withLock { $0 }
        #expect(!form.isRequired("tags"), "minimum 0: its validators fail on no rows, but it requires nothing")
        #expect(!form.fieldState(for: "tags").isRequired)
        #expect(form.isRequired("people"), "minimum 1")
        #expect(!form.isRequired("households"))
        #expect(!form.isRequired("households.r1.members"), "an inner group, minimum 0")
        #expect(!form.fieldState(for: "households.r1.members").isRequired)
        #expect(calls.withLock { $0 } == before, "answering calls no rows validator")
    }

    /// Members whose vitals are shown to children only: a group of each row's fields.
    static func members() throws -> FormDefinition {
        let age = FormKey<Int>("age")
        let members = RepeatGroup("members", fields: [FieldDefinition(age), FieldDefinition(FormKey<Int>("vitals.height"))], groups: [
            FieldGroup("vitals").visible(when: { ($0[age] ?? 0) < 18 })
        ])
        return try FormDefinition([FieldDefinition(members)])
    }

    @Test("a row's groups go with the row: a query looks up one group, however many rows came and went", arguments: RulePropertyTests.seeds)
    func rowGroupsGoWithTheirRows(seed: UInt64) throws {
        var generator = SplitMix64(seed: seed)
        let form = FormContextObject(definition: try Self.members())
        var live: [RowID] = []
        var made: [RowID] = []
        var mostLive = 0
        for step in 0..<80 {
            if live.isEmpty || Int.random(in: 0..<5, using: &generator) < 3 {
                let id = try form.appendRow(to: "members", ["age": Int.random(in: 0...40, using: &generator)])
                live.append(id)
                made.append(id)
            } else {
                let id = live.remove(at: Int.random(in: 0..<live.count, using: &generator))
                try form.removeRow(id, from: "members")
            }
            mostLive = max(mostLive, live.count)
            let label = "seed \(seed) step \(step)"
            for id in made {
                let prefix = "members.\(id).vitals"
                #expect(form.read { $0.isRulesGroup(prefix) } == live.contains(id), "\(label): \(prefix)")
            }
            #expect(form.read { $0.rules.groupByPrefix.count } == live.count, "\(label): groups kept")
            #expect(form.read { $0.rules.groups.count } <= mostLive, "\(label): group places reused")
            #expect(form.read { $0.invariantViolations() } == [], "\(label)")
        }
    }

    @Test func aRowAndItsGroupsAreHiddenAndDisabledWithTheirRepeatGroup() throws {
        let form = FormContextObject(definition: try Self.members())
        let row = try form.appendRow(to: "members", ["age": 7])
        let other = try form.appendRow(to: "members", ["age": 9])
        let vitals = "members.\(row).vitals"
        #expect(form.isVisible(vitals) && form.isVisible("members.\(row)") && form.isEnabled(vitals) && form.isEnabled("members.\(row)"))
        let group = FireCounter.tracking { _ = form.isVisible(vitals) }
        let rowKey = FireCounter.tracking { _ = form.isVisible("members.\(row)") }
        form.setVisible(false, for: "members")
        #expect(!form.isVisible(vitals + ".height"))
        #expect(!form.isVisible(vitals), "a group in a hidden group's row is hidden")
        #expect(!form.isVisible("members.\(row)"), "a hidden group's row is hidden")
        #expect(group.count == 1 && rowKey.count == 1)
        form.setEnabled(false, for: "members")
        #expect(!form.isEnabled(vitals) && !form.isEnabled("members.\(row)"))
        form.setVisible(true, for: "members")
        form.setEnabled(true, for: "members")
        #expect(form.isVisible(vitals) && form.isEnabled("members.\(row)"))
        // The group of a row that goes goes with it: whoever asked about it asks again.
        let gone = FireCounter.tracking { _ = form.isVisible("members.\(other).vitals") }
        try form.removeRow(other, from: "members")
        #expect(gone.count == 1)
    }

    @Test("rows and their groups follow their repeat group, shown, hidden, enabled and disabled", arguments: RulePropertyTests.seeds)
    func rowsFollowTheirRepeatGroup(seed: UInt64) throws {
        var generator = SplitMix64(seed: seed)
        let form = FormContextObject(definition: try Self.members())
        var ages: [RowID: Int] = [:]
        var shown = true
        var enabled = true
        for step in 0..<80 {
            var action = ""
            switch Int.random(in: 0..<10, using: &generator) {
            case 0..<3:
                let age = Int.random(in: 0...40, using: &generator)
                ages[try form.appendRow(to: "members", ["age": age])] = age
                action = "append \(age)"
            case 3 where !ages.isEmpty:
                let id = ages.keys.sorted()[Int.random(in: 0..<ages.count, using: &generator)]
                try form.removeRow(id, from: "members")
                ages[id] = nil
                action = "remove \(id)"
            case 4...5 where !ages.isEmpty:
                let id = ages.keys.sorted()[Int.random(in: 0..<ages.count, using: &generator)]
                let age = Int.random(in: 0...40, using: &generator)
                form.set(age, for: "members.\(id).age")
                ages[id] = age
                action = "age of \(id) = \(age)"
            case 6, 7:
                shown.toggle()
                form.setVisible(shown, for: "members")
                action = "members shown \(shown)"
            default:
                enabled.toggle()
                form.setEnabled(enabled, for: "members")
                action = "members enabled \(enabled)"
            }
            let label = "seed \(seed) step \(step): \(action)"
            for (id, age) in ages {
                let row = "members.\(id)"
                #expect(form.isVisible(row) == shown, "\(label): \(row)")
                #expect(form.isEnabled(row) == enabled, "\(label): \(row)")
                #expect(form.isVisible(row + ".vitals") == (shown && age < 18), "\(label): \(row).vitals")
                #expect(form.isVisible(row + ".vitals.height") == (shown && age < 18), "\(label): \(row).vitals.height")
                #expect(form.isEnabled(row + ".vitals") == enabled, "\(label): \(row).vitals")
            }
        }
    }

    @Test func groupsAnswerForThemselvesAndTheGroupsAroundThem() throws {
        let form = FormContextObject(definition: try Self.definition())
        #expect(form.isVisible("home") && form.isVisible("home.car") && form.isEnabled("home.car"))
        let home = FireCounter.tracking { _ = form.isVisible("home") }
        let car = FireCounter.tracking { _ = form.isEnabled("home.car") }
        let other = FireCounter.tracking { _ = form.isVisible("locked") }
        form.set(true, for: "alone")
        #expect(!form.isVisible("home"))
        #expect(!form.isVisible("home.car"), "a group inside a hidden group is hidden")
        #expect(!form.isVisible("home.car.plate"))
        #expect(form.isEnabled("home.car"))
        #expect(home.count == 1)
        #expect(other.count == 0, "a field outside the group hears nothing")
        form.set(true, for: "locked")
        #expect(!form.isEnabled("home.car") && !form.isEnabled("home.car.plate"))
        #expect(form.isEnabled("home"))
        #expect(car.count == 1)
        form.set(false, for: "alone")
        #expect(form.isVisible("home") && form.isVisible("home.car"))
    }

    @Test func aFieldAnswersWithItsState() {
        let form = FormContextObject(["a": 1])
        #expect(form.isVisible("a") && form.isEnabled("a") && !form.isRequired("a"))
        let counter = FireCounter.tracking { _ = form.isVisible("a") }
        form.setVisible(false, for: "a")
        form.setEnabled(false, for: "a")
        #expect(!form.isVisible("a") && !form.isEnabled("a"))
        #expect(counter.count == 1)
    }
}
