import Foundation
import Testing

@testable import FormContext

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
        .unique(name)
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
        try form.removeRow(ada, from: "members")
        #expect(form.rows(of: "members") == [RowID(1)])
        #expect(form[Household.key(Household.name, ada)] == nil)
        #expect(form[Household.memberCount] == 1)
        #expect(form[Household.totalAge] == 0)
        #expect(form[Household.adults] == 0)
        #expect(form.dirtyKeys == [])
        let next = try form.appendRow(to: "members")
        #expect(next == RowID(3))
    }
}
