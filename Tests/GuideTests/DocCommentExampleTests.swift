import Foundation
import FormContext
import Testing

/// The examples in the library's doc comments, written with the public API as a user would: each test
/// names the file whose comment it copies, and checks what the comment says the code prints or holds.
@Suite("Doc-comment examples compile with the public API and do what they say")
struct DocCommentExampleTests {
    enum ShowPreview: String, Hashable, Sendable { case always = "Always", never = "Never" }

    struct Hotspot: Hashable, Sendable {
        var isEnabled = true
        var password = "hello"
        var showPreview = ShowPreview.always
    }

    struct Member: Hashable, Sendable { var name = ""; var age: Int? }
    struct Household: Hashable, Sendable { var members: [Member] = [] }

    @Test("FormBridge.swift: a bridge declared with FormKey values, filled into a context and written back")
    func formBridge() throws {
        let bridge = FormBridge<Hotspot> { bridge in
            bridge.bind(FormKey<Bool>("isEnabled"), to: \.isEnabled)
            bridge.bind(FormKey<String>("password"), to: \.password, isSecure: true)
            bridge.bind(FormKey<String>("showPreview"), toRawValueOf: \.showPreview)
        }
        var context = bridge.context(from: Hotspot())
        context.set("secret", for: "password")
        var hotspot = Hotspot()
        try bridge.write(context, into: &hotspot)
        #expect(hotspot.password == "secret")
        #expect(context.secureKeys == ["password"])
    }

    @Test("FormBridge+Rows.swift: context(from:) numbers the rows r1, r2, …; fill(_:from:origin:) keeps a live form's rows")
    func bindRows() throws {
        let memberBridge = FormBridge<Member> { bridge in
            bridge.bind(FormKey<String>("name"), to: \.name)
            bridge.bind(FormKey<Int>("age"), to: \.age)
        }
        let householdBridge = FormBridge<Household> { bridge in
            bridge.bindRows(memberBridge, to: \.members, under: "members", newElement: { Member() })
        }
        let household = Household(members: [Member(name: "Ada", age: 36), Member(name: "Bob")])
        let context = householdBridge.context(from: household)
        #expect(context["members"] == AnyHashable(RowOrder([RowID(1), RowID(2)])))
        #expect(context["members.r2.name"] == AnyHashable("Bob"))

        let form = FormContextObject(definition: try FormDefinition([
            FieldDefinition(RepeatGroup("members", fields: [
                FieldDefinition(FormKey<String>("name")), FieldDefinition(FormKey<Int>("age")),
            ])),
        ]))
        try householdBridge.fill(form, from: household)
        try form.removeRows([RowID(2)], from: "members")
        try householdBridge.fill(form, from: household)
        // The first row keeps r1; the second is added with an id the group never gave.
        #expect(form.rows(of: "members") == RowOrder([RowID(1), RowID(3)]))
        var readBack = Household()
        try householdBridge.write(form.context, into: &readBack)
        #expect(readBack == household)
    }

    @Test("Docs/Bridge.md: scopes nest by their prefixes, and scoping twice puts a key under both")
    func scopesNest() {
        let password = FormKey<String>("password")
        #expect(password.scoped(in: FormScope("hotspot")).scoped(in: FormScope("campus")).name == "campus.hotspot.password")
        #expect(password.scoped(in: FormScope("campus.hotspot")).name == "campus.hotspot.password")
        #expect(FormScope("").key("password") == "password")
    }

    @Test("FormKey.swift: a typed key reads without casts; writes take its name")
    func formKey() {
        let age = FormKey<Int>("age")
        var context: FormContext = [:]
        context.set(42, for: age.name)
        let years: Int? = context[age]
        #expect(years == 42)
    }

    @Test("FormReader.swift: a lenient and a strict read")
    func formReader() throws {
        let age = FormKey<Int>("age")
        let name = FormKey<String>("name")
        func describe(_ values: some FormReader) throws -> String {
            let years: Int? = values[age]                    // lenient: nil if absent or another type
            let given = try values.value(for: name) ?? "?"   // strict: throws naming key and types
            return "\(given), \(years.map(String.init) ?? "age unknown")"
        }
        #expect(try describe(["name": "Ada", "age": 36] as FormContext) == "Ada, 36")
        #expect(try describe(["age": "old"] as FormContext) == "?, age unknown")
        #expect(throws: FormContextError.self) { try describe(["name": 7] as FormContext) }
    }

    @Test("FormSubmission.swift: a submission's description masks secrets, its JSON carries them")
    func formSubmission() throws {
        var values: FormContext = ["name": "Ada", "password": "hunter2"]
        values.secureKeys = ["password"]
        let submission = try FormSubmission(values)
        #expect(submission.description == #"FormSubmission(name: "Ada", password: ••••••)"#)
        #expect(submission.json(pretty: false) == #"{"name":"Ada","password":"hunter2"}"#)
    }

    @Test("FormContextObject+Submit.swift: the handler sends the submission's JSON")
    func submit() async throws {
        let form = FormContextObject()
        form.set("Ada", for: "name")
        let sent = Sent()
        let result = await form.submit { submission in
            await sent.send(Data(submission.json(pretty: false).utf8))
            return .accepted
        }
        #expect(result.firstInvalidKey == nil)
        #expect(await sent.bodies == [Data(#"{"name":"Ada"}"#.utf8)])
    }

    /// Stands in for the comment's `api`.
    actor Sent {
        var bodies: [Data] = []
        func send(_ body: Data) { bodies.append(body) }
    }

    @Test("ValidationIssue.swift: an issue comes from validation")
    func validationIssue() throws {
        let signUp = try FormDefinition([FieldDefinition(FormKey<String>("email"), validators: [.email()])])
        let issue = signUp.validate(["email": "ada"]).errors[0]
        #expect(issue.description == "email: is not a valid email address")
        #expect(issue.rule == "email")
    }

    @Test("FormDefinition+Scope.swift: a scoped definition's keys and issues")
    func scopedDefinition() throws {
        let hotspot = try FormDefinition([
            FieldDefinition(FormKey<String>("password"), validators: [.required()]),
            FieldDefinition(FormKey<String>("confirm"), validators: [.equals("password")]),
        ])
        let settings = hotspot.scoped(in: FormScope("hotspot"))
        #expect(settings.fields.map(\.key) == ["hotspot.password", "hotspot.confirm"])
        #expect(settings.validate(["hotspot.password": "a", "hotspot.confirm": "b"]).errors.map(\.description)
            == ["hotspot.confirm: must match password"])
    }

    @Test("FormSubmission+Decoding.swift: a server answers a bad submission with its messages by key")
    func decodedSubmission() throws {
        let signUp = try FormDefinition([FieldDefinition(FormKey<String>("email"), validators: [.email()])])
        let body = #"{"email": "ada"}"#
        var answer: [String: [String]] = [:]
        func respond(_ status: Int, _ messages: [String: [String]]) { answer = messages }
        let submission = try FormSubmission(json: body, definition: signUp)
        let report = signUp.validate(submission.values)
        if !report.isValid {
            let messages = Dictionary(grouping: report.errors) { $0.key ?? "" }.mapValues { $0.map(\.message) }
            respond(422, messages)
        }
        #expect(answer == ["email": ["is not a valid email address"]])
    }

    @Test("FormContextObject+Rows.swift and RowID.scope(in:): a row's keys through its scope")
    func rowScope() throws {
        let form = FormContextObject(definition: try FormDefinition([
            FieldDefinition(RepeatGroup("members", fields: [
                FieldDefinition(FormKey<String>("name")), FieldDefinition(FormKey<Int>("age")),
            ])),
        ]))
        let ada = try form.appendRow(to: "members", ["name": "Ada", "age": 36])
        #expect(form[FormKey<String>("name").scoped(in: ada.scope(in: "members"))] == "Ada")
        let id = RowID(3)
        let name = id.scope(in: "members").key("name")
        let age = FormKey<Int>("age").scoped(in: id.scope(in: "members"))
        #expect(name == "members.r3.name")
        #expect(age.name == "members.r3.age")
    }

    @Test("JSONValue.swift, JSONParseError.swift, JSONObject.swift: parsing JSON from its bytes")
    func jsonParsing() throws {
        let json = try JSONValue(parsing: Data(#"{"amount": 12.50, "tags": ["a", null]}"#.utf8))
        #expect(json.description == #"{"amount":12.50,"tags":["a",null]}"#)

        var message = ""
        do { _ = try JSONValue(parsing: Data(#"{"a": tru}"#.utf8)) } catch { message = "\(error)" }
        #expect(message == "invalid JSON at line 1, column 7: expected a value, found 'tru}'")

        let keys = try JSONValue(parsing: Data(#"{"caf\u00e9": 1, "cafe\u0301": 2}"#.utf8))
        guard case .object(let members) = keys else {
            Issue.record("not an object: \(keys)")
            return
        }
        #expect(Array(members).count == 2)
        #expect(members["caf\u{E9}"] == .number("1"))
    }
}
