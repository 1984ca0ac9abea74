import Foundation
import Testing

import FormContext
import TestSupport

/// The examples of Docs/Repeats.md, "Several rows at once", compiled and run.
@Suite("Docs/Repeats.md batch examples")
struct RowBatchDocsTests {
    @Test("several rows inserted, swapped and removed, each in one mutation")
    func batches() throws {
        // The definition of "Defining a group".
        let name = FormKey<String>("name")
        let age = FormKey<Int>("age")
        let household = try FormDefinition([
            FieldDefinition(FormKey<String>("address"), validators: [.required()]),
            FieldDefinition(RepeatGroup("members", minimum: 1, maximum: 12, fields: [
                FieldDefinition(name, validators: [.required()]),
                FieldDefinition(age, validators: [.range(0...130)]),
            ])),
        ])

        // --- Docs/Repeats.md: Several rows at once
        let family = FormContextObject(definition: household)   // members: [r1]
        let twins = try family.insertRows(into: "members", at: 0, [["name": "Cy", "age": 4], ["name": "Di", "age": 4]])   // [r2, r3, r1]
        try family.swapRows(twins[0], RowID(1), in: "members")   // [r1, r3, r2]
        try family.removeRows([twins[1], RowID(1)], from: "members")   // [r2]
        // --- end
        #expect(twins == [RowID(2), RowID(3)])
        #expect(family.rows(of: "members") == [RowID(2)])
        #expect(family["members.r2.name"] == AnyHashable("Cy"))

        // Each batch is heard of once.
        let again = FormContextObject(definition: household)
        let orders = Locked([RowOrder]())
        let subscription = again.observe("members") { change in orders.withLock { $0.append(change.newValue?.base as? RowOrder ?? RowOrder()) } }
        let more = try again.insertRows(into: "members", at: 1, [[:], [:], [:]])
        try again.removeRows(more.reversed(), from: "members")
        subscription.cancel()
        #expect(orders.withLock { $0 } == [RowOrder([RowID(1)] + more), RowOrder([RowID(1)])])
    }

    @Test("a row appended with the rows inside it")
    func rowsInsideARow() throws {
        // The definition of "Groups inside rows".
        let date = FormKey<Date>("date")
        let visits = RepeatGroup("visits", fields: [FieldDefinition(date)])
        let people = RepeatGroup("members", minimum: 1, fields: [
            FieldDefinition(FormKey<String>("name")),
            FieldDefinition(visits),
        ])
        let survey = try FormDefinition([FieldDefinition(RepeatGroup("households", fields: [
            FieldDefinition(FormKey<String>("village")),
            FieldDefinition(people),
        ]))])

        // --- Docs/Repeats.md: Several rows at once
        let village = FormContextObject(definition: survey)
        let farm = try village.appendRow(to: "households", [
            "village": "Ouro",
            "members": [
                ["name": "Yaw", "visits": [["date": Date(timeIntervalSince1970: 0)]] as [FormContext]],
                ["name": "Ama"],
            ] as [FormContext],
        ])   // r1: members r1 (one visit) and r2 (none)
        let farmJSON = try FormSubmission(village.context, definition: survey).json(pretty: false)
        // {"households":[{"members":[{"name":"Yaw","visits":[{"date":"1970-01-01T00:00:00Z"}]},{"name":"Ama","visits":[]}],"village":"Ouro"}]}
        // --- end
        #expect(farm == RowID(1))
        #expect(village.rows(of: "households.r1.members") == [RowID(1), RowID(2)])
        #expect(farmJSON == #"{"households":[{"members":[{"name":"Yaw","visits":[{"date":"1970-01-01T00:00:00Z"}]},{"name":"Ama","visits":[]}],"village":"Ouro"}]}"#)
    }
}
