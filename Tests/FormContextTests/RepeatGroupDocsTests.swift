import Foundation
import FormContext
import Testing

/// The repeat-group examples of Docs/Bridge.md and Docs/Durability.md, verbatim, with their printed
/// output checked.
@Suite("Repeat group guide examples")
struct RepeatGroupDocsTests {
    @Test func codableArrays() throws {
        let printer = DocPrinter()
        let print = printer.print
        // --- Docs/Bridge.md: Arrays of models
        struct Trip: Codable, Equatable { var place: String; var nights: Int }
        struct Member: Codable, Equatable { var name: String; var age: Int?; var trips: [Trip] = [] }
        struct Household: Codable, Equatable { var members: [Member] }

        let household = Household(members: [
            Member(name: "Ada", age: 36, trips: [Trip(place: "Paris", nights: 3)]),
            Member(name: "Bob", age: nil),
        ])
        var context = try FormContextEncoder().encode(household)
        for line in context.lines() { print(line) }

        context.set("x", for: "members.r2.age")
        do { _ = try FormContextDecoder().decode(Household.self, from: context) } catch { print(error) }
        // --- end
        #expect(printer.output == [
            "members: [r1, r2]",
            "members.r1.age: 36",
            "members.r1.name: Ada",
            "members.r1.trips: [r1]",
            "members.r1.trips.r1.nights: 3",
            "members.r1.trips.r1.place: Paris",
            "members.r2.name: Bob",
            "wrong type for key 'members[1].age': expected Int, found String",
        ])
    }

    @Test func bridgeRows() throws {
        let printer = DocPrinter()
        let print = printer.print
        // --- Docs/Bridge.md: Arrays of models in a bridge
        struct Member: Hashable, Sendable { var name = ""; var age: Int? }
        struct Household: Hashable, Sendable { var members: [Member] = [] }

        let memberBridge = FormBridge<Member> { bridge in
            bridge.bind(FormKey<String>("name"), to: \.name)
            bridge.bind(FormKey<Int>("age"), to: \.age)
        }
        let householdBridge = FormBridge<Household> { bridge in
            bridge.bindRows(memberBridge, to: \.members, under: "members", newElement: { Member() })
        }

        let form = FormContextObject(definition: try FormDefinition([
            FieldDefinition(RepeatGroup("members", fields: [
                FieldDefinition(FormKey<String>("name"), validators: [.required()]),
                FieldDefinition(FormKey<Int>("age"), validators: [.range(0...130)]),
            ])),
        ]))
        try householdBridge.fill(form, from: Household(members: [Member(name: "Ada", age: 36), Member(name: "Bob")]))
        try form.moveRow(RowID(2), in: "members", to: 0)
        try form.appendRow(to: "members", ["name": "Cy", "age": 7])
        print(form.rows(of: "members"))

        var household = Household()
        try householdBridge.write(form.context, into: &household)
        print(household.members.map(\.name))

        form.set("seven", for: "members.r3.age", origin: .user)
        do { try householdBridge.write(form.context, into: &household) } catch { print(error) }
        // --- end
        #expect(printer.output == [
            "[r2, r1, r3]",
            #"["Bob", "Ada", "Cy"]"#,
            "wrong type for key 'members[2].age': expected Int, found String",
        ])
    }
}
