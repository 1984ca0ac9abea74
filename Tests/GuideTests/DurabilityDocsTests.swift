import Foundation
import FormContext
import Testing
import TestSupport

/// The examples of Docs/Durability.md, verbatim, with their printed output checked.
@Suite("Durability guide examples", .serialized)
struct DurabilityDocsTests {
    /// The definition of the first example, for the others.
    static func signUp() throws -> FormDefinition {
        let signUp = try FormDefinition([
            FieldDefinition(FormKey<String>("email"), validators: [.required(), .email()]),
            FieldDefinition(FormKey<Int>("age"), validators: [.range(18...130)]),
            FieldDefinition(FormKey<Decimal>("fee")),
            FieldDefinition(FormKey<String>("password"), isSecure: true, validators: [.minLength(8)]),
        ], identifier: "signup", version: 1)
        return signUp
    }

    @Test func typedRoundTrip() throws {
        let printer = DocPrinter()
        let print = printer.print
        // --- Docs/Durability.md: Typed round trips
        let signUp = try FormDefinition([
            FieldDefinition(FormKey<String>("email"), validators: [.required(), .email()]),
            FieldDefinition(FormKey<Int>("age"), validators: [.range(18...130)]),
            FieldDefinition(FormKey<Decimal>("fee")),
            FieldDefinition(FormKey<String>("password"), isSecure: true, validators: [.minLength(8)]),
        ], identifier: "signup", version: 1)

        // On the server, with the body the client sent:
        let body = #"{"age":12,"email":"ada@example","fee":12.50,"password":"hunter2"}"#
        let submission = try FormSubmission(json: body, definition: signUp)
        print(submission)
        for error in signUp.validate(submission.values).errors { print(error) }

        do {
            _ = try FormSubmission(json: #"{"age":"twelve"}"#, definition: signUp)
        } catch {
            print(error)
        }
        // --- end
        #expect(printer.output == [
            #"FormSubmission(age: 12, email: "ada@example", fee: 12.5, password: ••••••)"#,
            "email: is not a valid email address",
            "age: must be between 18 and 130",
            "password: must be at least 8 characters",
            #"cannot read 'age': expected Int, found "twelve""#,
        ])
    }

    @Test func drafts() async throws {
        let printer = DocPrinter()
        let print = printer.print
        let signUp = try Self.signUp()
        let scratch = try ScratchFolder("docs")
        defer { scratch.remove() }
        let folder = scratch.path
        // --- Docs/Durability.md: Drafts
        let store = DraftStore(path: folder + "/signup.draft", definition: signUp)
        let form = FormContextObject(definition: signUp)
        if let draft = try store.load() {
            form.restore(draft)
        }
        let autosave = DraftAutosave(form: form, store: store, debounce: .milliseconds(500))

        form.set("ada@example.com", for: "email", origin: .user)
        form.blur("email")
        await autosave.flush()   // on suspension: write what is pending now

        // Later, in a new process:
        let later = FormContextObject(definition: signUp)
        if let draft = try store.load() {
            later.restore(draft)
        }
        print(later["email"] ?? "none", later.fieldState(for: "email").isTouched, later.dirtyKeys)
        // --- end
        #expect(printer.output == [#"ada@example.com true ["email"]"#])
    }

    @Test(.enabled(if: Receiver.isAvailable, "needs python3"))
    func outbox() async throws {
        let printer = DocPrinter()
        let print = printer.print
        let signUp = try Self.signUp()
        let scratch = try ScratchFolder("docs")
        defer { scratch.remove() }
        let folder = scratch.path
        let receiver = try Receiver()
        defer { receiver.stop() }
        let endpoint = receiver.recordsURL
        let store = DraftStore(path: folder + "/signup.draft", definition: signUp)
        let form = FormContextObject(definition: signUp, values: ["email": "ada@example.com", "age": 36, "password": "correct horse"])
        try store.save(form)
        // --- Docs/Durability.md: Finalizing and the outbox
        let outbox = try Outbox(folder: folder + "/outbox")
        let record = try await form.finalize()
        try outbox.enqueue(record)
        try store.discard()

        let http = HTTPTransport(url: endpoint, timeout: .seconds(30))
        let summary = try await outbox.deliver(using: http.transport) { event in
            print(event)
        }
        print("sent:", summary.sent, "parked:", summary.parked.count)
        // --- end
        #expect(printer.output == ["sent 1/1", "sent: 1 parked: 0"])
        #expect(try await receiver.log().map(\.key) == [record.instanceID.uuidString])
        #expect(try store.load() == nil)
    }

    @Test func parked() async throws {
        let printer = DocPrinter()
        let print = printer.print
        let scratch = try ScratchFolder("docs")
        defer { scratch.remove() }
        let outbox = try Outbox(folder: scratch.path + "/outbox")
        try outbox.enqueue(FinalizedSubmission(submission: try FormSubmission(["age": 12, "email": "ada@example.com"])))
        // What HTTPTransport makes of a 422 answer with that JSON body (HTTPTransportTests checks it).
        try await outbox.deliver(using: { _, _ in
            .rejected(reason: "HTTP 422: too young", fieldErrors: ["age": ["must be 18 or older"]])
        })
        // --- Docs/Durability.md: parked records
        for parked in try outbox.parked() {
            print(parked.parkedReason ?? "", parked.fieldErrors)
            var values = parked.finalized.submission.values
            values.set(21, for: "age")
            try outbox.requeue(parked.finalized.instanceID, editing: try FormSubmission(values))
        }
        // --- end
        #expect(printer.output == [#"HTTP 422: too young ["age": ["must be 18 or older"]]"#])
        #expect(try outbox.pending().first?.finalized.submission.json(pretty: false) == #"{"age":21,"email":"ada@example.com"}"#)
    }

    @Test("every Swift example in Docs/Durability.md is one of the examples above, or a marked snippet, verbatim")
    func examplesAreCompiled() throws {
        let here = URL(fileURLWithPath: #filePath)
        let guide = try String(contentsOf: here.deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Docs/Durability.md"), encoding: .utf8)
        let source = try String(contentsOf: here, encoding: .utf8).split(separator: "\n", omittingEmptySubsequences: false)
            .map { $0.trimmingCharacters(in: .whitespaces) }
        let blocks = guide.components(separatedBy: "```swift\n").dropFirst().map { $0.components(separatedBy: "\n```")[0] }
        #expect(blocks.count == 6)
        let snippets = try DocSnippet.all().filter { $0.documents.contains("Docs/Durability.md") }
            .map { $0.lines.map { $0.trimmingCharacters(in: .whitespaces) } }
        for block in blocks {
            let lines = block.split(separator: "\n", omittingEmptySubsequences: false).map { $0.trimmingCharacters(in: .whitespaces) }
            let found = snippets.contains(lines) || source.indices.contains { start in
                start + lines.count <= source.count && Array(source[start..<start + lines.count]) == lines
            }
            #expect(found, "not compiled: \(lines.first ?? "")")
        }
    }
}
