import Foundation
import Synchronization
import Testing
import TestSupport

@testable import FormContextCore
@testable import FormContextDurability

/// The survey form the draft tests edit.
enum Survey {
    static func definition(version: Int = 1) throws -> FormDefinition {
        if version == 1 {
            return try FormDefinition(EveryType.fields + [
                FieldDefinition(FormKey<String>("name"), validators: [.required()]),
                FieldDefinition(FormKey<Int>("count")),
                FieldDefinition(FormKey<String>("note")),
            ], identifier: "survey", version: 1)
        }
        return try FormDefinition([
            FieldDefinition(FormKey<String>("name"), validators: [.required()]),
            FieldDefinition(FormKey<String>("count")),
            FieldDefinition(FormKey<Int>("int")),
            FieldDefinition(FormKey<String>("password"), isSecure: true),
        ], identifier: "survey", version: 2)
    }

    /// Every key's field state, for comparing two forms.
    static func states(_ form: FormContextObject, _ keys: Set<String>) -> [String: String] {
        var states: [String: String] = [:]
        for key in keys {
            let state = form.fieldState(for: key)
            states[key] = "\(String(describing: state.value)) initial=\(String(describing: state.initialValue)) "
                + "dirty=\(state.isDirty) touched=\(state.isTouched) visible=\(state.isVisible) enabled=\(state.isEnabled) secure=\(state.isSecure)"
        }
        return states
    }
}

@Suite("Drafts")
struct DraftTests {
    @Test("seeded: a saved draft restores values, initial values and field state exactly")
    func restoresExactly() throws {
        let folder = try ScratchFolder("draft")
        defer { folder.remove() }
        let definition = try Survey.definition()
        let seed = UInt64.random(in: 0...UInt64.max)
        var random = SplitMix64(seed: seed)
        for round in 0..<40 {
            let form = FormContextObject(definition: definition)
            var initial = FormContext()
            for field in definition.fields where Bool.random(using: &random) {
                initial.set(EveryType.randomValue(for: field.key, using: &random), for: field.key)
            }
            form.reset(to: initial)
            for field in definition.fields {
                switch Int.random(in: 0...6, using: &random) {
                case 0: form.set(EveryType.randomValue(for: field.key, using: &random), for: field.key, origin: .user)
                case 1: form.set(nil, for: field.key)
                case 2: form.blur(field.key)
                case 3: form.setVisible(false, for: field.key)
                case 4: form.setEnabled(false, for: field.key)
                default: break
                }
            }
            form.set(Int.random(in: 0...9, using: &random), for: "free.count")
            let store = DraftStore(path: folder.file("survey-\(round).draft"), definition: definition, secrets: .include)
            try store.save(form)
            let draft = try #require(try store.load())
            #expect(draft.skippedKeys.isEmpty, "seed \(seed)")
            let restored = FormContextObject(definition: definition, values: ["name": "someone else", "other": 1])
            restored.blur("note")
            restored.restore(draft)
            let keys = Set(definition.keys).union(["free.count", "other"])
            #expect(Survey.states(restored, keys) == Survey.states(form, keys), "seed \(seed)")
            #expect(restored.context == form.context, "seed \(seed)")
            #expect(restored.initialValues == form.initialValues, "seed \(seed)")
            #expect(restored.dirtyKeys == form.dirtyKeys && restored.touchedKeys == form.touchedKeys, "seed \(seed)")
        }
    }

    @Test("observers see every restored change with origin restore")
    func restoreOrigin() throws {
        let definition = try Survey.definition()
        let form = FormContextObject(definition: definition, values: ["name": "Ada"])
        let origins = Mutex<[FormChangeOrigin]>([])
        let subscription = form.observeAll { change in origins.withLock { $0.append(change.origin) } }
        defer { subscription.cancel() }
        form.restore(FormDraft(formIdentifier: "survey", values: ["name": "Grace", "count": 3], initialValues: ["name": "Ada"]))
        #expect(origins.withLock { $0 } == [.restore, .restore])
        #expect(form.dirtyKeys == ["name", "count"])
    }

    @Test("restored touched fields show the errors they showed; untouched ones stay quiet")
    func restoredErrors() throws {
        let definition = try Survey.definition()
        let form = FormContextObject(definition: definition, options: ValidationOptions(mode: .onBlur))
        form.blur("name")
        let before = form.fieldState(for: "name").errors.map(\.message)
        #expect(before == ["is required"])
        let restored = FormContextObject(definition: definition, options: ValidationOptions(mode: .onBlur))
        restored.restore(FormDraft(formIdentifier: "survey", touchedKeys: ["name"]))
        #expect(restored.fieldState(for: "name").errors.map(\.message) == before)
        #expect(restored.fieldState(for: "note").errors.isEmpty && !restored.isTouched("note"))
    }

    @Test("secret values stay out of the file unless the app opts in")
    func secrets() throws {
        let folder = try ScratchFolder("draft")
        defer { folder.remove() }
        let definition = try Survey.definition()
        let form = FormContextObject(definition: definition, values: ["name": "Ada", "password": "hunter2-secret"])
        let omitting = DraftStore(path: folder.file("omit.draft"), definition: definition)
        try omitting.save(form)
        let text = try String(contentsOfFile: omitting.path, encoding: .utf8)
        #expect(!text.contains("hunter2"))
        let draft = try #require(try omitting.load())
        #expect(draft.omittedSecretKeys == ["password"])
        let later = FormContextObject(definition: definition, values: ["password": "typed-again"])
        later.restore(draft)
        #expect(later["password"] == AnyHashable("typed-again"))
        #expect(later["name"] == AnyHashable("Ada"))

        let including = DraftStore(path: folder.file("include.draft"), definition: definition, secrets: .include)
        try including.save(form)
        #expect(try String(contentsOfFile: including.path, encoding: .utf8).contains("hunter2-secret"))
        let restored = FormContextObject(definition: definition)
        restored.restore(try #require(try including.load()))
        #expect(restored["password"] == AnyHashable("hunter2-secret"))
        #expect(restored.fieldState(for: "password").isSecure)
    }

    @Test("a draft of an older version restores what still fits and names the rest")
    func olderVersion() throws {
        let folder = try ScratchFolder("draft")
        defer { folder.remove() }
        let path = folder.file("survey.draft")
        let old = FormContextObject(definition: try Survey.definition(version: 1), values: ["name": "Ada", "count": 3, "int": 7, "note": "hi"])
        try DraftStore(path: path, definition: try Survey.definition(version: 1)).save(old)
        let newer = try Survey.definition(version: 2)
        let draft = try #require(try DraftStore(path: path, definition: newer).load())
        #expect(draft.formVersion == 1)
        #expect(draft.skippedKeys == [
            "count": "cannot read 'count': expected String, found 3",
            "note": "version 2 of the form has no field 'note'",
        ])
        let form = FormContextObject(definition: newer, values: ["count": "three"])
        form.restore(draft)
        #expect(form.context == ["name": "Ada", "int": 7, "count": "three"])
    }

    @Test("corrupt, truncated and longer drafts, and drafts of another form: a clear error, the file moved aside whole, never deleted", arguments: [
        "corrupt", "truncated", "longer", "other form",
    ])
    func unreadableFiles(kind: String) throws {
        let folder = try ScratchFolder("draft")
        defer { folder.remove() }
        let definition = try Survey.definition()
        let path = folder.file("survey.draft")
        let form = FormContextObject(definition: definition, values: ["name": "Ada"])
        if kind == "other form" {
            let elsewhere = try FormDefinition([FieldDefinition(FormKey<String>("name"))], identifier: "elsewhere")
            try DraftStore(path: path, definition: elsewhere).save(FormContextObject(definition: elsewhere, values: ["name": "Ada"]))
        } else {
            try DraftStore(path: path, definition: definition).save(form)
        }
        var bytes = try [UInt8](Data(contentsOf: URL(fileURLWithPath: path)))
        switch kind {
        case "corrupt": bytes[bytes.count - 3] ^= 0x20
        case "truncated": bytes.removeLast(10)
        case "longer": bytes += Array("}}".utf8)
        default: break
        }
        try Data(bytes).write(to: URL(fileURLWithPath: path))
        let store = DraftStore(path: path, definition: definition, environment: ManualSleep().environment)
        do {
            _ = try store.load()
            Issue.record("an unreadable draft must be reported")
        } catch {
            guard case .unreadable(let errorPath, let problem, let movedTo) = error else {
                Issue.record("unexpected \(error)")
                return
            }
            #expect(errorPath == path)
            #expect(movedTo == path + ".unreadable-20231114T221320Z")
            switch kind {
            case "corrupt": #expect(problem.hasPrefix("damaged: the checksum is "))
            case "truncated": #expect(problem.hasPrefix("truncated: the header announces "))
            case "longer": #expect(problem.hasPrefix("damaged: the header announces ") && problem.hasSuffix(" (2 more)"))
            default: #expect(problem == "damaged: it is a draft of the form 'elsewhere', not of 'survey'")
            }
            #expect(error.description == "the draft '\(path)' cannot be read: \(problem); it was moved to '\(movedTo ?? "")'")
            #expect(try Data(contentsOf: URL(fileURLWithPath: movedTo ?? "")) == Data(bytes))
        }
        #expect(folder.names() == ["survey.draft.unreadable-20231114T221320Z"])
        #expect(try store.load() == nil)
        try store.save(form)
        #expect(try store.load()?.values == form.context)
    }

    @Test("a draft file with members this version does not know (repeat rows, say) still reads")
    func forwardCompatible() throws {
        let folder = try ScratchFolder("draft")
        defer { folder.remove() }
        let path = folder.file("d.draft")
        let payload = #"{"fields":{"count":{"type":"Int","value":3,"rowID":"r1"}},"form":{"identifier":"survey","version":1},"#
            + #""rows":{"members":["r1","r2"]},"savedAt":1700000000}"#
        try Data(RecordEnvelope.wrap(Array(payload.utf8), kind: "draft")).write(to: URL(fileURLWithPath: path))
        let draft = try #require(try DraftStore(path: path, definition: try Survey.definition()).load())
        #expect(draft.values == ["count": 3] && draft.skippedKeys.isEmpty)
        #expect(draft.savedAt == Date(timeIntervalSince1970: 1_700_000_000))
    }

    @Test("loading removes the temporary files of writers that died, and only theirs")
    func staleTemporaries() throws {
        let folder = try ScratchFolder("draft")
        defer { folder.remove() }
        let store = DraftStore(path: folder.file("d.draft"))
        try store.save(FormContextObject(["a": 1]))
        let dead = folder.file(".d.draft.2147483647-abc.tmp")
        let alive = folder.file(".d.draft.\(ProcessInfo.processInfo.processIdentifier)-abc.tmp")
        let other = folder.file(".e.draft.2147483647-abc.tmp")
        for path in [dead, alive, other] { try Data("partial".utf8).write(to: URL(fileURLWithPath: path)) }
        #expect(try store.load()?.values == ["a": 1])
        #expect(folder.names() == [".d.draft.\(ProcessInfo.processInfo.processIdentifier)-abc.tmp", ".e.draft.2147483647-abc.tmp", "d.draft"])
    }

    @Test("a value a draft cannot hold is named; the file keeps the last good draft")
    func unsavableValue() throws {
        let folder = try ScratchFolder("draft")
        defer { folder.remove() }
        let store = DraftStore(path: folder.file("d.draft"))
        let form = FormContextObject(["a": 1])
        try store.save(form)
        form.set(Point(), for: "where")
        #expect(throws: DraftError.unsavableValue(key: "where", type: "Point")) { try store.save(form) }
        #expect(try store.load()?.values == ["a": 1])
        #expect(DraftError.unsavableValue(key: "where", type: "Point").description
            == "cannot save the draft: the value of 'where' has type Point, which a draft cannot hold")
    }

    @Test("a form without a definition restores its values by their recorded types")
    func withoutDefinition() throws {
        let folder = try ScratchFolder("draft")
        defer { folder.remove() }
        let store = DraftStore(path: folder.file("d.draft"))
        let values: FormContext = ["s": "x", "i": Int8(-3), "d": Decimal(string: "12.50") ?? 0, "u": [UUID()], "when": Date(timeIntervalSince1970: 0.25), "p": Preview.never]
        let form = FormContextObject(values)
        try store.save(form)
        let draft = try #require(try store.load())
        #expect(draft.skippedKeys == ["p": "a value of type Preview cannot be restored without a field definition"])
        let restored = FormContextObject()
        restored.restore(draft)
        var expected = values
        expected.set(nil, for: "p")
        #expect(restored.context == expected)
    }
}
