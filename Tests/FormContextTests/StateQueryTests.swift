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
        #expect(form.fieldState(for: "home.size").isRequired)
        #expect(!form.fieldState(for: "home.note").isRequired, "a warning demands nothing")
        #expect(!form.fieldState(for: "home.head").isRequired)
        #expect(!form.fieldState(for: "home").isRequired, "a group requires nothing of its own")
        #expect(!form.fieldState(for: "unknown").isRequired)
        let head = FireCounter.tracking { _ = form.fieldState(for: "home.head").isRequired }
        let size = FireCounter.tracking { _ = form.fieldState(for: "home.note").isRequired }
        form.set(2, for: "home.size")
        #expect(form.fieldState(for: "home.head").isRequired)
        #expect(form.fieldState(for: "home.head").isRequired)
        #expect(head.count == 1, "the required rule's change is announced for its field")
        #expect(size.count == 0)
        form.set(1, for: "home.size")
        #expect(!form.fieldState(for: "home.head").isRequired)
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
        #expect(!form.fieldState(for: "tags").isRequired, "minimum 0: its validators fail on no rows, but it requires nothing")
        #expect(!form.fieldState(for: "tags").isRequired)
        #expect(form.fieldState(for: "people").isRequired, "minimum 1")
        #expect(!form.fieldState(for: "households").isRequired)
        #expect(!form.fieldState(for: "households.r1.members").isRequired, "an inner group, minimum 0")
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
                try form.removeRows([id], from: "members")
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
        #expect(form.fieldState(for: vitals).isVisible && form.fieldState(for: "members.\(row)").isVisible && form.fieldState(for: vitals).isEnabled && form.fieldState(for: "members.\(row)").isEnabled)
        let group = FireCounter.tracking { _ = form.fieldState(for: vitals).isVisible }
        let rowKey = FireCounter.tracking { _ = form.fieldState(for: "members.\(row)").isVisible }
        form.setVisible(false, for: "members")
        #expect(!form.fieldState(for: vitals + ".height").isVisible)
        #expect(!form.fieldState(for: vitals).isVisible, "a group in a hidden group's row is hidden")
        #expect(!form.fieldState(for: "members.\(row)").isVisible, "a hidden group's row is hidden")
        #expect(group.count == 1 && rowKey.count == 1)
        form.setEnabled(false, for: "members")
        #expect(!form.fieldState(for: vitals).isEnabled && !form.fieldState(for: "members.\(row)").isEnabled)
        form.setVisible(true, for: "members")
        form.setEnabled(true, for: "members")
        #expect(form.fieldState(for: vitals).isVisible && form.fieldState(for: "members.\(row)").isEnabled)
        // The group of a row that goes goes with it: whoever asked about it asks again.
        let gone = FireCounter.tracking { _ = form.fieldState(for: "members.\(other).vitals").isVisible }
        try form.removeRows([other], from: "members")
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
                try form.removeRows([id], from: "members")
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
                #expect(form.fieldState(for: row).isVisible == shown, "\(label): \(row)")
                #expect(form.fieldState(for: row).isEnabled == enabled, "\(label): \(row)")
                #expect(form.fieldState(for: row + ".vitals").isVisible == (shown && age < 18), "\(label): \(row).vitals")
                #expect(form.fieldState(for: row + ".vitals.height").isVisible == (shown && age < 18), "\(label): \(row).vitals.height")
                #expect(form.fieldState(for: row + ".vitals").isEnabled == enabled, "\(label): \(row).vitals")
            }
        }
    }

    @Test func groupsAnswerForThemselvesAndTheGroupsAroundThem() throws {
        let form = FormContextObject(definition: try Self.definition())
        #expect(form.fieldState(for: "home").isVisible && form.fieldState(for: "home.car").isVisible && form.fieldState(for: "home.car").isEnabled)
        let home = FireCounter.tracking { _ = form.fieldState(for: "home").isVisible }
        let car = FireCounter.tracking { _ = form.fieldState(for: "home.car").isEnabled }
        let other = FireCounter.tracking { _ = form.fieldState(for: "locked").isVisible }
        form.set(true, for: "alone")
        #expect(!form.fieldState(for: "home").isVisible)
        #expect(!form.fieldState(for: "home.car").isVisible, "a group inside a hidden group is hidden")
        #expect(!form.fieldState(for: "home.car.plate").isVisible)
        #expect(form.fieldState(for: "home.car").isEnabled)
        #expect(home.count == 1)
        #expect(other.count == 0, "a field outside the group hears nothing")
        form.set(true, for: "locked")
        #expect(!form.fieldState(for: "home.car").isEnabled && !form.fieldState(for: "home.car.plate").isEnabled)
        #expect(form.fieldState(for: "home").isEnabled)
        #expect(car.count == 1)
        form.set(false, for: "alone")
        #expect(form.fieldState(for: "home").isVisible && form.fieldState(for: "home.car").isVisible)
    }

    @Test func aFieldAnswersWithItsState() {
        let form = FormContextObject(["a": 1])
        #expect(form.fieldState(for: "a").isVisible && form.fieldState(for: "a").isEnabled && !form.fieldState(for: "a").isRequired)
        let counter = FireCounter.tracking { _ = form.fieldState(for: "a").isVisible }
        form.setVisible(false, for: "a")
        form.setEnabled(false, for: "a")
        #expect(!form.fieldState(for: "a").isVisible && !form.fieldState(for: "a").isEnabled)
        #expect(counter.count == 1)
    }
}
