import Foundation
import Testing

@testable import FormContextCore

/// Random repeat groups carried through submission JSON and back, against a plain array of rows.
///
/// The inputs depend only on the seed (the seeds of ``RoundTripPropertyTests``, plus
/// `FORMCONTEXT_SEED`); a failure names its seed and sample.
@Suite("Round trips of random repeat groups through JSON")
struct RepeatGroupJSONPropertyTests {
    /// One row as the oracle keeps it.
    struct GuestRow: Equatable, CustomStringConvertible {
        var id: RowID
        var name: String?
        var age: Int?
        var pin: String?

        var description: String { "\(id)(\(name.debugDescription), \(age.map(String.init) ?? "nil"), \(pin.debugDescription))" }

        static func random(id: RowID, _ values: inout RandomValues) -> GuestRow {
            GuestRow(id: id, name: values.optional { $0.string() }, age: values.optional { $0.int() }, pin: values.optional { $0.string() })
        }

        /// The row's values, keyed relative to the row.
        var values: [(String, (any Hashable & Sendable)?)] { [("name", name), ("age", age), ("pin", pin)] }
    }

    /// Rows with distinct ids in a random order, as they are after adds, removes and moves.
    static func rows(_ values: inout RandomValues) -> [GuestRow] {
        let count = Int.random(in: 0...6, using: &values.generator)
        var numbers = Array(1...40).shuffled(using: &values.generator).prefix(count)
        if values.oneIn(3) { numbers = ArraySlice(Array(1..<(count + 1))) }
        return numbers.map { GuestRow.random(id: RowID($0), &values) }
    }

    /// The context holding `rows` as the group `guests`.
    static func context(_ rows: [GuestRow], host: String?) -> FormContext {
        var context = FormContext()
        context.set(host, for: "host")
        context.set(RowOrder(rows.map(\.id)), for: "guests")
        for row in rows {
            for (name, value) in row.values { context.set(value, for: "guests.\(row.id).\(name)") }
            if row.pin != nil { context.setSecure(for: "guests.\(row.id).pin") }
        }
        return context
    }

    /// The rows a context holds, in its order.
    static func rows(in context: FormContext) -> [GuestRow] {
        let order = context["guests"]?.base as? RowOrder ?? RowOrder()
        return order.map { id in
            let scope = id.scope(in: "guests")
            return GuestRow(id: id, name: context[scope.key(Guests.name)], age: context[scope.key(Guests.age)], pin: context[scope.key(Guests.pin)])
        }
    }

    @Test("JSON with row ids reads back to the same values; without, to the same rows numbered from r1",
          arguments: RoundTripPropertyTests.seeds)
    func roundTrip(seed: UInt64) throws {
        var values = RandomValues(seed: seed ^ 0x0520_0575)
        let definition = try Guests.definition()
        for sample in 0..<40 {
            let rows = Self.rows(&values)
            let context = Self.context(rows, host: values.optional { $0.string() })
            let label = "seed \(seed) sample \(sample): \(rows)"
            let submission = try FormSubmission(context, definition: definition)

            let withIDs = try FormSubmission(json: submission.json(includingRowIDs: true), definition: definition)
            #expect(withIDs.values == context, "\(label)")
            #expect(withIDs.values.secureKeys == context.secureKeys, "\(label)")

            let json = submission.json(pretty: values.oneIn(2))
            let fresh = try FormSubmission(json: json, definition: definition)
            var renumbered = rows
            for index in renumbered.indices { renumbered[index].id = RowID(index + 1) }
            #expect(Self.rows(in: fresh.values) == renumbered, "\(label)")
            #expect(fresh.json(pretty: false) == submission.json(pretty: false), "\(label)")

            // The JSON, read by a plain JSON reader, holds one object per row, in order.
            let parsed = try JSONValue(parsing: json)
            guard case .object(let top) = parsed, case .array(let objects)? = top["guests"] else {
                Issue.record("no array of rows in \(json); \(label)")
                continue
            }
            #expect(objects.count == rows.count, "\(label)")
            for (object, row) in zip(objects, rows) {
                #expect(object == JSONValue.object(row.values.reduce(into: [:]) { members, field in
                    if let value = field.1 { members[field.0] = try? JSONValue(converting: value, key: field.0) }
                }), "\(label)")
            }
        }
    }

    @Test("a live form filled from decoded JSON holds the rows, and submits the same JSON", arguments: RoundTripPropertyTests.seeds)
    func throughLiveForm(seed: UInt64) async throws {
        var values = RandomValues(seed: seed ^ 0x11FE)
        let definition = try Guests.definition()
        for sample in 0..<10 {
            let rows = Self.rows(&values)
            let label = "seed \(seed) sample \(sample): \(rows)"
            let json = try FormSubmission(Self.context(rows, host: "Grace"), definition: definition).json(pretty: false, includingRowIDs: true)
            let form = FormContextObject(definition: definition, values: try FormSubmission(json: json, definition: definition).values)
            #expect(Array(form.rows(of: "guests")) == rows.map(\.id), "\(label)")
            #expect(form[FormKey<Int>("guestCount")] == rows.count, "\(label)")
            #expect(try FormSubmission(form.activeValues).json(pretty: false, includingRowIDs: true)
                == json.replacingOccurrences(of: #"{"guests""#, with: #"{"guestCount":\#(rows.count),"guests""#), "\(label)")
        }
    }
}
