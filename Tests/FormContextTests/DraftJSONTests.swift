import Foundation
import Testing

import FormContext

/// A draft as JSON, through the public API only (what the durability module and an app keeping drafts
/// elsewhere use): taken from a form, written, read back and restored.
@Suite("Drafts as JSON, through the public API")
struct DraftJSONTests {
    static func definition(identifier: String = "profile") throws -> FormDefinition {
        try FormDefinition([
            FieldDefinition(FormKey<String>("name")),
            FieldDefinition(FormKey<Int>("age")),
            FieldDefinition(FormKey<Date>("born")),
            FieldDefinition(FormKey<String>("password"), isSecure: true),
        ], identifier: identifier, version: 3)
    }

    @Test("a form's draft goes to JSON text and back, and restores the same editing state")
    func roundTrip() throws {
        let definition = try Self.definition()
        let form = FormContextObject(definition: definition)
        form.reset(to: ["name": "Ada", "age": 36])
        form.set("Ada Lovelace", for: "name", origin: .user)
        form.set(Date(timeIntervalSince1970: 1_000_000.125), for: "born", origin: .user)
        form.set("hunter2", for: "password", origin: .user)
        form.blur("name")
        form.setVisible(false, for: "age")

        let draft = form.draft()
        #expect(draft.formIdentifier == "profile" && draft.formVersion == 3)
        let text = try draft.json(omittingSecrets: false).description
        let read = try FormDraft(json: JSONValue(parsing: Data(text.utf8)), definition: definition)
        #expect(read.values == draft.values)
        #expect(read.initialValues == draft.initialValues)
        #expect(read.touchedKeys == ["name"])
        #expect(read.skippedKeys.isEmpty)

        let restored = FormContextObject(definition: definition)
        restored.restore(read)
        for key in ["name", "age", "born", "password"] {
            #expect(restored.fieldState(for: key) == form.fieldState(for: key), "\(key)")
        }
    }

    @Test("omitting secrets leaves their values out and marks them omitted; restoring keeps the form's own")
    func omittedSecrets() throws {
        let definition = try Self.definition()
        let form = FormContextObject(definition: definition)
        form.set("hunter2", for: "password", origin: .user)
        let json = try form.draft().json(omittingSecrets: true)
        #expect(!json.description.contains("hunter2"))
        let read = try FormDraft(json: json, definition: definition)
        #expect(read.omittedSecretKeys == ["password"])
        let other = FormContextObject(definition: definition)
        other.set("kept", for: "password", origin: .user)
        other.restore(read)
        #expect(other["password"] == AnyHashable("kept"))
    }

    @Test("JSON that is not a draft, or a draft of another form, is refused with an error that shows no value")
    func refusals() throws {
        let definition = try Self.definition()
        let form = FormContextObject(definition: definition)
        form.set("hunter2", for: "password", origin: .user)
        let json = try form.draft().json(omittingSecrets: false)

        #expect(throws: FormDecodingError.self) { try FormDraft(json: json, definition: Self.definition(identifier: "other")) }
        #expect(throws: FormDecodingError.notAnObject(found: "an array")) { try FormDraft(json: .array([]), definition: nil) }
        guard case .object(var root) = json else { Issue.record("a draft is a JSON object"); return }
        root["savedAt"] = nil
        do {
            _ = try FormDraft(json: .object(root), definition: definition)
            Issue.record("a draft without savedAt was read")
        } catch {
            #expect(!error.description.contains("hunter2"), "\(error)")
        }
    }

    @Test("a value JSON cannot hold is named with its key and type")
    func unencodable() throws {
        struct Point: Hashable, Sendable {
            var x = 0
        }
        let form = FormContextObject(["where": Point()])
        #expect(throws: SubmissionError.unencodableValue(key: "where", type: "Point")) { try form.draft().json(omittingSecrets: false) }
    }
}
