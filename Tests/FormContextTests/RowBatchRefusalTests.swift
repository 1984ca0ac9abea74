import Foundation
import Testing

@testable import FormContextCore

/// What the row operations refuse of the rows given for the groups inside new rows, and what the
/// submission leaves out of rows inside rows.
@Suite("Refused inner rows and orphan inner row keys")
struct RowBatchRefusalTests {
    static let day = FormKey<Int>("day")
    static let name = FormKey<String>("name")

    /// Members, each with at most two visits.
    static func definition() throws -> FormDefinition {
        let visits = RepeatGroup("visits", maximum: 2, fields: [FieldDefinition(day)])
        let members = RepeatGroup("members", fields: [FieldDefinition(name), FieldDefinition(visits)])
        return try FormDefinition([FieldDefinition(members)])
    }

    @Test("an order given to a new row's inner group is refused past the group's maximum or with a row id out of range, and nothing changes")
    func innerOrderRefused() throws {
        let form = FormContextObject(definition: try Self.definition())
        let kept = try form.appendRow(to: "members", ["name": "Ada"])
        let before = form.context
        let cases: [(RowOrder, RepeatGroupError)] = [
            (RowOrder([RowID(1), RowID(2), RowID(3)]), .tooManyRows(group: "members.r3.visits", maximum: 2)),
            (RowOrder([RowID(0)]), .invalidRow(group: "members.r3.visits", id: RowID(0))),
            (RowOrder([RowID(1), RowID(-4)]), .invalidRow(group: "members.r3.visits", id: RowID(-4))),
            (RowOrder([RowID(RowID.largestNumber + 1)]), .invalidRow(group: "members.r3.visits", id: RowID(RowID.largestNumber + 1))),
        ]
        for (order, error) in cases {
            // The bad order in the second of two new rows: the first is not added either.
            #expect(throws: error) { try form.insertRows(into: "members", at: 0, [["name": "Bo"], ["visits": order]]) }
            #expect(throws: error.renamed("members.r2.visits")) { try form.appendRow(to: "members", ["visits": order]) }
            #expect(throws: error.renamed("members.r2.visits")) { try form.replaceRows(of: "members", with: [["visits": order]]) }
            #expect(form.context == before)
            #expect(Array(form.rows(of: "members")) == [kept])
        }
        // An order within bounds is taken, and the next row id follows the first unused.
        let bo = try form.appendRow(to: "members", ["visits": RowOrder([RowID(2), RowID(1)])])
        #expect(bo == RowID(2))
        #expect(Array(form.rows(of: "members.r2.visits")) == [RowID(2), RowID(1)])
        #expect(form.read { $0.invariantViolations() } == [])
    }

    @Test("the submission leaves out keys of rows not in their inner group's order, or of an inner group not submitted, at every depth")
    func orphanInnerRowKeys() throws {
        let definition = try RowRelevanceTests.definition()
        var context: FormContext = [:]
        context.set(RowOrder([RowID(1)]), for: "households")
        context.set(RowOrder([RowID(2), RowID(4)]), for: "households.r1.members")
        context.set("Ada", for: "households.r1.members.r2.name")
        context.set(RowOrder([RowID(1)]), for: "households.r1.members.r2.visits")
        context.set(3, for: "households.r1.members.r2.visits.r1.day")
        // A visit not in the order, a member not in the order, and a member whose visits are not submitted.
        context.set(4, for: "households.r1.members.r2.visits.r7.day")
        context.set(5, for: "households.r1.members.r9.visits.r1.day")
        context.set("Cy", for: "households.r1.members.r4.name")
        context.set(6, for: "households.r1.members.r4.visits.r1.day")
        // A household not in the order.
        context.set(RowOrder([RowID(1)]), for: "households.r2.members")
        context.set(7, for: "households.r2.members.r1.visits.r1.day")
        let json = try FormSubmission(context, definition: definition).json(pretty: false)
        #expect(json == #"{"households":[{"members":[{"name":"Ada","visits":[{"day":3}]},{"name":"Cy"}]}]}"#)

        // The same through a live form, whose row was given a value under its inner group's row key.
        let form = FormContextObject(definition: definition)
        let home = try form.appendRow(to: "households")
        let members = home.scope(in: "households").key("members")
        try form.appendRow(to: members, ["name": "Bo", "visits": [["day": 1]] as [FormContext], "visits.r7.day": 2])
        let live = try FormSubmission(form.activeValues, definition: definition).json(pretty: false)
        #expect(!live.contains("r7") && !live.contains(#""day":2"#), "\(live)")
    }
}

extension RepeatGroupError {
    /// The same error naming group `key`.
    fileprivate func renamed(_ key: String) -> RepeatGroupError {
        switch self {
        case .tooManyRows(_, let maximum): .tooManyRows(group: key, maximum: maximum)
        case .invalidRow(_, let id): .invalidRow(group: key, id: id)
        default: self
        }
    }
}
