import Foundation
import Observation
import Testing

@testable import FormContextCore

/// Keys of the household the repeat group tests share.
enum Household {
    static let name = FormKey<String>("name")
    static let age = FormKey<Int>("age")
    static let relationship = FormKey<String>("relationship")
    static let isAdult = FormKey<Bool>("isAdult")
    static let memberCount = FormKey<Int>("memberCount")
    static let totalAge = FormKey<Int>("totalAge")
    static let adults = FormKey<Int>("adults")

    static var members: RepeatGroup {
        RepeatGroup(
            "members", minimum: 1, maximum: 6,
            fields: [
                FieldDefinition(name, validators: [.required()]),
                FieldDefinition(age, validators: [.range(0...130)]),
                FieldDefinition(relationship, default: "other"),
                FieldDefinition(isAdult).calculated { values in values[age].map { $0 >= 18 } },
            ]
        )
        .validator(.unique(name))
        .summary(memberCount, .count)
        .summary(totalAge, .sum(age))
        .summary(adults, .count(where: isAdult, equals: true))
    }

    static func definition(_ group: RepeatGroup = members) -> FormDefinition {
        do {
            return try FormDefinition([FieldDefinition(group)])
        } catch {
            Issue.record("definition does not build: \(error)")
            return (try? FormDefinition([])).unsafelyUnwrapped
        }
    }

    static func key<Value>(_ field: FormKey<Value>, _ id: RowID) -> FormKey<Value> {
        id.scope(in: "members").key(field)
    }
}

@Suite("Repeat groups: rows with stable ids")
struct RepeatGroupTests {
    @Test("a new form starts with the minimum rows, clean; appended rows get fresh ids and defaults")
    func startsWithMinimumRows() throws {
        let form = FormContextObject(definition: Household.definition(), options: ValidationOptions(mode: .onChange))
        let first = form.rows(of: "members")
        #expect(first == [RowID(1)])
        #expect(!form.isDirty)
        #expect(form[Household.key(Household.relationship, RowID(1))] == "other")
        let ada = try form.appendRow(to: "members", ["name": "Ada", "age": 36])
        #expect(ada == RowID(2))
        #expect(form.rows(of: "members") == [RowID(1), RowID(2)])
        #expect(form[Household.key(Household.name, ada)] == "Ada")
        #expect(form[Household.key(Household.isAdult, ada)] == true)
        #expect(form[Household.memberCount] == 2)
        #expect(form[Household.totalAge] == 36)
        #expect(form[Household.adults] == 1)
        #expect(form.isDirty)
        try form.removeRows([ada], from: "members")
        #expect(form.rows(of: "members") == [RowID(1)])
        #expect(form[Household.key(Household.name, ada)] == nil)
        #expect(form[Household.memberCount] == 1)
        #expect(form[Household.totalAge] == 0)
        #expect(form[Household.adults] == 0)
        #expect(form.dirtyKeys == [])
        let next = try form.appendRow(to: "members")
        #expect(next == RowID(3))
    }

    @Test("state follows its row: errors, touched and pending text stay with the row through insert, remove and move")
    func stateFollowsItsRow() throws {
        let form = FormContextObject(definition: Household.definition(), options: ValidationOptions(mode: .onChange))
        let first = RowID(1)
        let second = try form.appendRow(to: "members", ["name": "Bo"])
        let third = try form.appendRow(to: "members", ["name": "Cy"])
        let age = Household.key(Household.age, third)
        form.set(200, for: age.name)
        form.blur(age.name)
        #expect(form.errors(for: age.name).map(\.rule) == ["range(0...130)"])
        try form.removeRows([second], from: "members")
        #expect(form.errors(for: age.name).map(\.rule) == ["range(0...130)"])
        #expect(form.fieldState(for: age.name).isTouched)
        let fourth = try form.insertRows(into: "members", at: 0, [["name": "Di"]])[0]
        try form.moveRow(third, in: "members", to: 0)
        #expect(form.rows(of: "members") == [third, fourth, first])
        #expect(form.errors(for: age.name).map(\.rule) == ["range(0...130)"])
        #expect(form.fieldState(for: age.name).isTouched)
        #expect(form.errors(for: Household.key(Household.age, fourth).name).isEmpty)
        #expect(!form.fieldState(for: Household.key(Household.age, fourth).name).isTouched)
        try form.removeRows([third], from: "members")
        #expect(form.errors(for: age.name).isEmpty)
        #expect(!form.fieldState(for: age.name).isTouched)
        #expect(form[age] == nil)
        let report = form.validate()
        #expect(report.errors.map(\.key) == ["members.r1.name"])
        #expect(form.errorCount == 1)
    }

    @Test("moving a row and moving it back leaves the group clean; reset brings back the initial rows with their ids")
    func moveBackAndReset() throws {
        var initial = FormContext()
        initial.set(RowOrder([RowID(1), RowID(2), RowID(3)]), for: "members")
        for (number, name) in ["Ada", "Bo", "Cy"].enumerated() { initial.set(name, for: "members.r\(number + 1).name") }
        let form = FormContextObject(definition: Household.definition(), values: initial)
        #expect(!form.isDirty)
        try form.moveRow(RowID(3), in: "members", to: 0)
        #expect(form.dirtyKeys == ["members"])
        try form.moveRow(RowID(3), in: "members", to: 2)
        #expect(!form.isDirty)
        try form.removeRows([RowID(2)], from: "members")
        let added = try form.appendRow(to: "members", ["name": "Ed"])
        form.set("Ada L.", for: "members.r1.name")
        form.reset()
        #expect(form.rows(of: "members") == [RowID(1), RowID(2), RowID(3)])
        #expect(form["members.r2.name"] == AnyHashable("Bo"))
        #expect(form["members.r1.name"] == AnyHashable("Ada"))
        #expect(form[Household.key(Household.name, added)] == nil)
        #expect(!form.isDirty)
        #expect(form[Household.memberCount] == 3)
        // Ids are never given twice, a reset included.
        #expect(try form.appendRow(to: "members") == RowID(added.number + 1))
    }

    @Test("each operation is one mutation: one notification per changed key, one for the order")
    func oneNotificationPerKey() throws {
        let form = FormContextObject(definition: Household.definition())
        let recorder = ChangeRecorder()
        let subscription = form.observeAll(recorder.record)
        let ada = try form.appendRow(to: "members", ["name": "Ada", "age": 36])
        let keys = recorder.changes.map(\.key)
        #expect(keys.sorted() == [
            "adults", "memberCount", "members", Household.key(Household.age, ada).name, Household.key(Household.isAdult, ada).name,
            Household.key(Household.name, ada).name, Household.key(Household.relationship, ada).name, "totalAge",
        ].sorted())
        #expect(Set(keys).count == keys.count)
        subscription.cancel()
    }

    @Test("a view listing the rows is invalidated by a change of the order, not by an edit in a row")
    func observationOfTheOrder() throws {
        let form = FormContextObject(definition: Household.definition())
        let invalidated = SendableBox(0)
        func track() {
            withObservationTracking { _ = form.rows(of: "members") } onChange: { invalidated.mutate { $0 += 1 } }
        }
        track()
        form.set("Ada", for: Household.key(Household.name, RowID(1)).name)
        #expect(invalidated.value == 0)
        try form.appendRow(to: "members")
        #expect(invalidated.value == 1)
    }

    @Test("operations refuse what they cannot do, changing nothing")
    func refusals() throws {
        let form = FormContextObject(definition: Household.definition())
        #expect(throws: RepeatGroupError.unknownGroup("pets")) { try form.appendRow(to: "pets") }
        #expect(throws: RepeatGroupError.unknownRow(group: "members", id: RowID(9))) { try form.removeRows([RowID(9)], from: "members") }
        for _ in 1..<6 { try form.appendRow(to: "members") }
        #expect(throws: RepeatGroupError.tooManyRows(group: "members", maximum: 6)) { try form.appendRow(to: "members") }
        #expect(form.rows(of: "members").count == 6)
        form.set("everyone", for: "members")
        #expect(throws: RepeatGroupError.notAnOrder(group: "members", found: "String")) { try form.appendRow(to: "members") }
        #expect(form.validate().errors.first { $0.key == "members" }?.message == "expected RowOrder, found String")
        // The rows were kept while the key held something else.
        #expect(form[Household.memberCount] == 6)
        #expect("\(RepeatGroupError.tooManyRows(group: "members", maximum: 6))" == "repeat group 'members' already has its maximum of 6 rows")
    }
}


@Suite("Repeat groups under concurrent use")
struct RepeatConcurrencyTests {
    @Test("rows added, edited, moved and removed from many tasks at once leave a consistent form")
    func concurrentOperations() async throws {
        let form = FormContextObject(definition: Household.definition(RepeatGroup("members", fields: [
            FieldDefinition(Household.name), FieldDefinition(Household.age),
            FieldDefinition(Household.isAdult).calculated { values in values[Household.age].map { $0 >= 18 } },
        ]).summary(Household.memberCount, .count).summary(Household.totalAge, .sum(Household.age))))
        let kept = try await withThrowingTaskGroup(of: [RowID].self) { group in
            for worker in 0..<4 {
                group.addTask {
                    var mine: [RowID] = []
                    for step in 0..<40 {
                        let id = try form.appendRow(to: "members", ["name": "w\(worker)", "age": step])
                        form.set(step + 1, for: Household.key(Household.age, id).name)
                        if step % 3 == 0 { try form.moveRow(id, in: "members", to: 0) }
                        if step % 2 == 0 { try form.removeRows([id], from: "members") } else { mine.append(id) }
                    }
                    return mine
                }
            }
            return try await group.reduce(into: []) { $0 += $1 }
        }
        #expect(Set(form.rows(of: "members")) == Set(kept))
        #expect(form[Household.memberCount] == kept.count)
        let ages = kept.compactMap { form[Household.key(Household.age, $0)] }
        #expect(form[Household.totalAge] == ages.reduce(0, +))
        #expect(kept.allSatisfy { form[Household.key(Household.isAdult, $0)] == ((form[Household.key(Household.age, $0)] ?? 0) >= 18) })
    }
}
