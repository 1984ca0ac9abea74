import Foundation
import FormContext
import Testing
import TestSupport

/// The repeat-group examples of Docs/Bridge.md and Docs/Durability.md, verbatim, with their printed
/// output checked.
@Suite("Repeat group guide examples")
struct RepeatGroupDocsTests {
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

    @Test func bridgeRowsInsideRows() throws {
        let printer = DocPrinter()
        let print = printer.print
        struct Member: Hashable, Sendable { var name = ""; var age: Int? }
        let memberBridge = FormBridge<Member> { bridge in
            bridge.bind(FormKey<String>("name"), to: \.name)
            bridge.bind(FormKey<Int>("age"), to: \.age)
        }
        // --- Docs/Bridge.md: Rows inside rows
        struct Home: Hashable, Sendable { var village = ""; var members: [Member] = [] }
        struct Survey: Hashable, Sendable { var homes: [Home] = [] }

        let homeBridge = FormBridge<Home> { bridge in
            bridge.bind(FormKey<String>("village"), to: \.village)
            bridge.bindRows(memberBridge, to: \.members, under: "members", newElement: { Member() })
        }
        let surveyBridge = FormBridge<Survey> { bridge in
            bridge.bindRows(homeBridge, to: \.homes, under: "homes", newElement: { Home() })
        }

        let census = FormContextObject(definition: try FormDefinition([FieldDefinition(RepeatGroup("homes", fields: [
            FieldDefinition(FormKey<String>("village")),
            FieldDefinition(RepeatGroup("members", maximum: 8, fields: [
                FieldDefinition(FormKey<String>("name")),
                FieldDefinition(FormKey<Int>("age")),
            ])),
        ]))]))
        let survey = Survey(homes: [
            Home(village: "Ouro", members: [Member(name: "Ama", age: 30), Member(name: "Kofi", age: 4)]),
            Home(village: "Tema", members: [Member(name: "Efua")]),
        ])
        try surveyBridge.fill(census, from: survey)
        try census.removeRows([RowID(2)], from: "homes.r1.members")
        try surveyBridge.fill(census, from: survey)                 // Kofi comes back, in a new row
        print(census.rows(of: "homes.r1.members"))
        census.set(5, for: "homes.r1.members.r3.age", origin: .user)
        var read = Survey()
        try surveyBridge.write(census.context, into: &read)
        print(read.homes[0].members.map { "\($0.name) \($0.age ?? 0)" })

        var crowded = survey
        crowded.homes[1].members += Array(repeating: Member(name: "guest"), count: 8)
        do { try surveyBridge.fill(census, from: crowded) } catch { print(error) }
        // --- end
        #expect(printer.output == [
            "[r1, r3]",
            #"["Ama 30", "Kofi 5"]"#,
            "repeat group 'homes[1].members' already has its maximum of 8 rows",
        ])
    }

    @Test func jsonAndDrafts() throws {
        let printer = DocPrinter()
        let print = printer.print
        let scratch = try ScratchFolder("rows-docs")
        defer { scratch.remove() }
        let folder = scratch.path
        // --- Docs/Durability.md: Repeat groups in JSON
        let household = try FormDefinition([
            FieldDefinition(RepeatGroup("members", fields: [
                FieldDefinition(FormKey<String>("name"), validators: [.required()]),
                FieldDefinition(FormKey<Int>("age")),
                FieldDefinition(FormKey<String>("pin"), isSecure: true),
            ])),
        ], identifier: "household")
        let form = FormContextObject(definition: household)
        try form.appendRow(to: "members", ["name": "Ada", "age": 36, "pin": "1234"])
        try form.appendRow(to: "members", ["name": "Bob"])
        try form.moveRow(RowID(2), in: "members", to: 0)

        let submission = try FormSubmission(form.activeValues)
        print(submission.json(pretty: false, maskingSecrets: true))
        print(submission.json(pretty: false, maskingSecrets: true, includingRowIDs: true))

        // On the server:
        let body = #"{"members":[{"name":"Bob"},{"name":"Ada","age":36}]}"#
        let received = try FormSubmission(json: body, definition: household)
        print(received.values["members"] ?? "none", received.values["members.r2.age"] ?? "none")
        do {
            _ = try FormSubmission(json: #"{"members":[{"name":"Bob"},{"name":"Ada","age":"x"}]}"#, definition: household)
        } catch {
            print(error)
        }
        // --- end
        // --- Docs/Durability.md: Repeat groups in drafts
        let store = DraftStore(path: folder + "/household.draft", definition: household)
        form.blur("members.r1.name")
        try store.save(form)

        let later = FormContextObject(definition: household)
        if let draft = try store.load() {
            later.restore(draft)
        }
        print(later.rows(of: "members"), later.touchedKeys, later[FormKey<String>("members.r1.name")] ?? "none")
        print(try later.appendRow(to: "members"))
        // --- end
        #expect(printer.output == [
            #"{"members":[{"name":"Bob"},{"age":36,"name":"Ada","pin":"••••••"}]}"#,
            #"{"members":[{"$row":"r2","name":"Bob"},{"$row":"r1","age":36,"name":"Ada","pin":"••••••"}]}"#,
            "[r1, r2] 36",
            #"cannot read 'members[1].age': expected Int, found "x""#,
            #"[r2, r1] ["members.r1.name"] Ada"#,
            "r3",
        ])
    }
}
