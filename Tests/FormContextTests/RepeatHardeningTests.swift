import Foundation
import Testing

@testable import FormContextCore

/// What hostile input does to repeat groups: each case once failed, trapped or lost data.
@Suite("Repeat groups: hostile input")
struct RepeatHardeningTests {
    /// Row numbers no live form can give a row: the text form of some does not read back, and the
    /// largest leave no room to number the rows after them.
    static let outOfRangeNumbers = [0, -3, Int.min, Int.max, RowID.largestNumber + 1]

    @Test("an order holding a row id out of range is refused: no trap, the rows stay, validation and operations name it",
        arguments: outOfRangeNumbers)
    func outOfRangeRowID(number: Int) throws {
        let form = try Guests.form([("Ada", 36, nil)])
        let bad = RowID(number)
        form.set(RowOrder([RowID(1), bad]), for: "guests")
        #expect(form.read { $0.invariantViolations() } == [])
        // The row that was there keeps its value and its place in the summaries.
        #expect(form["guests.r1.name"] == AnyHashable("Ada"))
        #expect(form[FormKey<Int>("guestCount")] == 1)
        let expected = "holds row \(bad); row ids run from r1 to r4503599627370496"
        #expect(form.validate().errors.filter { $0.key == "guests" }.map(\.message) == [expected])
        #expect(throws: RepeatGroupError.invalidRow(group: "guests", id: bad)) { try form.appendRow(to: "guests") }
        #expect("\(RepeatGroupError.invalidRow(group: "guests", id: bad))" == "repeat group 'guests' " + expected)
        // A plain context is checked the same way on a server.
        #expect(try Guests.definition().validate(form.context).errors.filter { $0.key == "guests" }.map(\.message) == [expected])
        // A valid order is taken again, and new rows get ids no row had.
        form.set(RowOrder([RowID(1)]), for: "guests")
        #expect(try form.appendRow(to: "guests") == RowID(2))
        #expect(form.validate().errors.filter { $0.key == "guests" } == [])
        #expect(form.read { $0.invariantViolations() } == [])
    }

    @Test("a row of id r0 or below takes its values and issues with it when it goes")
    func nonPositiveRowLeavesNothing() throws {
        let form = try Guests.form([])
        form.set(RowOrder([RowID(0)]), for: "guests")
        form.set(RowOrder(), for: "guests")
        #expect(form.validate().errors.map(\.key) == [])
        #expect(form.context.sortedKeys.filter { $0.hasPrefix("guests.") } == [])
    }
}

extension RepeatHardeningTests {
    @Test("a new form keeps what its group's key holds when it cannot take it, rather than writing its minimum rows over it",
        arguments: [false, true])
    func newFormKeepsWhatItCannotTake(holdsOrder: Bool) throws {
        let value = holdsOrder ? AnyHashable(RowOrder([RowID(0)])) : AnyHashable("everyone")
        var values = FormContext()
        values.storage["guests"] = value
        values.storage["guests.r1.name"] = "Ada"
        let form = FormContextObject(definition: try Guests.definition(minimum: 2), values: values)
        #expect(form["guests"] == value)
        #expect(form["guests.r1.name"] == AnyHashable("Ada"))
        #expect(form.validate().errors.filter { $0.key == "guests" }.count == 1)
        #expect(form.read { $0.invariantViolations() } == [])
    }
}

extension RepeatHardeningTests {
    @Test("a row field named $row does not build: JSON carries row ids under that name, so its values could not read back")
    func rowIDMemberIsNoFieldName() {
        let group = RepeatGroup("guests", fields: [FieldDefinition(FormKey<String>("$row")), FieldDefinition(FormKey<String>("name"))])
        #expect(throws: FormDefinitionError.invalidRepeatGroup(key: "guests", problem: "field '$row' has the name JSON gives a row's id")) {
            try FormDefinition([FieldDefinition(group)])
        }
    }
}

extension RepeatHardeningTests {
    @Test("a secret field of a row written flat and kept as JSON stays secret")
    func flatSecretRowKeyStaysSecret() throws {
        let values = try Guests.definition().decodeValues(
            fromJSON: #"{"guests": [{"name": "Ada"}], "guests.r1.pin": "4242-flat"}"#, unknownKeys: .keepAsJSON)
        #expect(values.secureKeys.contains("guests.r1.pin"))
        #expect(!values.description.contains("4242"))
        #expect(!(try FormSubmission(values)).json(maskingSecrets: true).contains("4242"))
    }
}

extension RepeatHardeningTests {
    @Test("replacing the rows changes the order once: change handlers hear of it and of the row count once")
    func replaceRowsWritesTheOrderOnce() throws {
        let form = try Guests.form([("Ada", 36, nil), ("Bo", 7, nil)])
        let heard = SendableBox<[String]>([])
        let subscription = form.observeAll { change in heard.mutate { $0.append(change.key) } }
        defer { subscription.cancel() }
        let ids = try form.replaceRows(of: "guests", with: [["name": "Cy"], ["name": "Di", "age": 4], ["name": "Ed"]])
        #expect(ids == [RowID(3), RowID(4), RowID(5)])
        #expect(form.rows(of: "guests") == RowOrder(ids))
        #expect(heard.value.filter { $0 == "guests" }.count == 1)
        #expect(heard.value.filter { $0 == "guestCount" }.count == 1)
        #expect(form["guests.r4.age"] == AnyHashable(4))
        #expect(form["guests.r1.name"] == nil)
        #expect(form.read { $0.invariantViolations() } == [])
    }
}
