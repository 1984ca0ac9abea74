import Foundation
import Testing
import TestSupport

@testable import FormContextCore
@testable import FormContextDurability

/// Row ids are exact integers from JSON to the live form, through new rows, JSON and drafts and back:
/// an id is taken when read only if every id a form then gives after it reads back too, and a form
/// gives no id past the largest.
@Suite("Row ids at the ends of their range")
struct RowIDRangeTests {
    static let largest = RowID.largestNumber
    /// Numbers around 2⁵², 2⁵³ and `Int.max`, as JSON writes them.
    static let numbers: [String] = [
        largest - 2, largest - 1, largest, largest + 1, (1 << 53) - 1, 1 << 53, (1 << 53) + 1, Int.max - 1, Int.max,
    ].map(String.init) + ["9223372036854775808", "18446744073709551616"]

    @Test("a row id read from JSON either goes on exactly through new rows, JSON and a draft, or is refused when read",
        arguments: numbers)
    func readAndContinue(number: String) throws {
        let definition = try Guests.definition()
        let json = #"{"guests":[{"$row":"r"# + number + #"","name":"Ada"}]}"#
        guard let value = Int(number), value <= Self.largest else {
            let error = try #require(throws: FormDecodingError.self) { try FormSubmission(json: json, definition: definition).values }
            #expect(error.description == "cannot read 'guests[0].$row': expected a row id from r1 to r4503599627370496, found \"r\(number)\"")
            return
        }
        let form = FormContextObject(definition: definition, values: try FormSubmission(json: json, definition: definition).values)
        #expect(form.rows(of: "guests") == [RowID(value)])
        var expected = [RowID(value)]
        if value < Self.largest {
            let added = try form.appendRow(to: "guests", ["name": "Bo"])
            #expect(added == RowID(value + 1))
            expected.append(added)
        } else {
            // No id past the largest: the row is refused, and nothing changes.
            #expect(throws: RepeatGroupError.noRowIDLeft(group: "guests")) { try form.appendRow(to: "guests", ["name": "Bo"]) }
            #expect(throws: RepeatGroupError.noRowIDLeft(group: "guests")) { try form.insertRows(into: "guests", at: 0, [[:]])[0] }
            #expect(throws: RepeatGroupError.noRowIDLeft(group: "guests")) { try form.replaceRows(of: "guests", with: [["name": "Cy"]]) }
            #expect("\(RepeatGroupError.noRowIDLeft(group: "guests"))"
                == "repeat group 'guests' has no row id left: it has given ids up to r4503599627370496, the largest")
        }
        #expect(form.rows(of: "guests") == RowOrder(expected))
        #expect(form.read { $0.invariantViolations() } == [])

        // The form's own JSON reads back, ids and all.
        let written = try FormSubmission(form.activeValues).json(includingRowIDs: true)
        let read = try FormSubmission(json: written, definition: definition).values
        #expect(read["guests"] == AnyHashable(RowOrder(expected)), "\(written)")

        // And so does a draft of it.
        let scratch = try ScratchFolder("row-ids")
        defer { scratch.remove() }
        let store = DraftStore(path: scratch.file("guests.draft"), definition: definition)
        try store.save(form)
        let draft = try #require(try store.load())
        #expect(draft.skippedKeys == [:])
        let later = FormContextObject(definition: definition)
        later.restore(draft)
        #expect(later.rows(of: "guests") == RowOrder(expected))
        #expect(later.context == form.context)
    }

    @Test("a count rule or a minimum makes only the rows there are ids for")
    func automaticRowsStopAtTheLargest() throws {
        var values = FormContext()
        values.storage["guests"] = AnyHashable(RowOrder([RowID(Self.largest - 1)]))
        let form = FormContextObject(definition: try Guests.definition(minimum: 3), values: values)
        #expect(form.rows(of: "guests") == [RowID(Self.largest - 1), RowID(Self.largest)])
        #expect(form.read { $0.invariantViolations() } == [])
        let written = try FormSubmission(form.context).json(includingRowIDs: true)
        #expect(try FormSubmission(json: written, definition: Guests.definition()).values["guests"] == form["guests"])
    }

    @Test("a value under an id no row can have does not use up the ids", arguments: [largest + 1, Int.max / 10 - 10])
    func strayKeyOutOfRange(number: Int) throws {
        let form = try Guests.form([("Ada", 36, nil)])
        form.set("Stray", for: "guests.r\(number).name")
        #expect(try form.appendRow(to: "guests") == RowID(2))
        #expect(form.read { $0.invariantViolations() } == [])
    }

    @Test("a bridge filling a plain context numbers new rows only up to the largest id")
    func bridgeNumbersWithinRange() throws {
        var context = FormContext()
        context.storage["residents"] = AnyHashable(RowOrder([RowID(Self.largest - 1)]))
        HomeBridges.home.fill(&context, from: HomeBridges.sample)
        let order = try #require(context["residents"]?.base as? RowOrder)
        #expect(order.count == 3)
        #expect(Set(order).count == 3)
        #expect(order.allSatisfy { $0.number >= 1 && $0.number <= Self.largest }, "\(order)")
        #expect(order.first == RowID(Self.largest - 1))
    }
}
