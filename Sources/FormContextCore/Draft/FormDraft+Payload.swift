import Foundation

extension FormDraft {
    /// The draft as JSON, as a draft file holds it after its header; ``init(json:definition:)`` reads
    /// it back.
    ///
    /// One entry per field, with only what it has: `type` (the value's type name), `value`, `initial`,
    /// and the flags `touched`, `hidden`, `disabled`, `secure`, `omitted` when they are true. Readers
    /// ignore members they do not know, so later versions can add some without
    /// breaking older files. ``DraftStore`` writes it; a program that keeps drafts elsewhere (a
    /// database, a server) can store this JSON as it is.
    ///
    /// - Parameter omittingSecrets: Whether the values of secret fields are left out, each field marked
    ///   `omitted`; when `false` they are written as they are.
    /// - Returns: The JSON object.
    /// - Throws: ``SubmissionError/unencodableValue(key:type:)`` naming a field whose value (or initial
    ///   value) has a type JSON cannot hold.
    /// - Complexity: O(*n*) in the size of the values.
    public func json(omittingSecrets: Bool) throws(SubmissionError) -> JSONValue {
        var fields = JSONObject()
        let secure = secureKeys
        for key in allKeys {
            var entry = JSONObject()
            let isOmitted = secure.contains(key) && omittingSecrets || omittedSecretKeys.contains(key)
            if !isOmitted {
                if let value = values.storage[key] {
                    entry["value"] = try DraftValueCoding.encode(value.base, key: key)
                    entry["type"] = .string(DraftValueCoding.tag(of: value))
                }
                if let initial = initialValues.storage[key] {
                    entry["initial"] = try DraftValueCoding.encode(initial.base, key: key)
                    entry["initialType"] = .string(DraftValueCoding.tag(of: initial))
                }
            }
            for (flag, isSet) in [
                ("touched", touchedKeys.contains(key)), ("hidden", hiddenKeys.contains(key)),
                ("disabled", disabledKeys.contains(key)), ("secure", secure.contains(key)), ("omitted", isOmitted),
            ] where isSet {
                entry[flag] = .bool(true)
            }
            fields[key] = .object(entry)
        }
        return .object([
            "form": .object(["identifier": .string(formIdentifier), "version": .number(String(formVersion))]),
            "savedAt": .number(savedAt.timeIntervalSince1970.description),
            "fields": .object(fields),
        ])
    }

    /// Reads a draft from the JSON ``json(omittingSecrets:)`` writes.
    ///
    /// A field whose value no longer fits (its field's type changed, or the field is gone from a newer
    /// version of the form) is left out and named in ``skippedKeys`` with the reason.
    ///
    /// - Parameters:
    ///   - document: The JSON object.
    ///   - definition: The form's definition, to read each value as its field's type; `nil` to read by
    ///     the recorded type names.
    /// - Throws: ``FormDecodingError`` when the JSON is not a draft, or is a draft of another form than
    ///   `definition`'s.
    /// - Complexity: O(*n*) in the size of the JSON.
    public init(json document: JSONValue, definition: FormDefinition?) throws(FormDecodingError) {
        guard case .object(let root) = document else { throw .notAnObject(found: document.kind) }
        guard case .object(let form)? = root["form"],
            case .string(let identifier)? = form["identifier"], case .number(let versionText)? = form["version"],
            let version = Int(versionText), case .number(let savedText)? = root["savedAt"], let saved = Double(savedText),
            case .object(let fields)? = root["fields"]
        // Not the document's text: a draft may hold secret values.
        else { throw .typeMismatch(key: "form", expected: "a draft's form, savedAt and fields", found: "an object lacking one of them") }
        if let definition, definition.identifier != identifier {
            throw .typeMismatch(key: "form", expected: "a draft of the form '\(definition.identifier)'", found: "a draft of '\(identifier)'")
        }
        self.init(formIdentifier: identifier, formVersion: version, savedAt: Date(timeIntervalSince1970: saved))
        for (key, entry) in fields {
            guard case .object(let field) = entry else { throw .typeMismatch(key: key, expected: "a draft's entry (an object)", found: entry.kind) }
            read(field, key: key, definition: definition)
        }
        // A field that did not read back whole is left as the form has it.
        for key in skippedKeys.keys {
            values.storage[key] = nil
            initialValues.storage[key] = nil
        }
    }

    /// Adds one field's entry.
    private mutating func read(_ field: JSONObject, key: String, definition: FormDefinition?) {
        func flag(_ name: String) -> Bool { field[name] == .bool(true) }
        func tag(_ name: String) -> String? {
            if case .string(let text)? = field[name] { return text }
            return nil
        }
        if flag("touched") { touchedKeys.insert(key) }
        if flag("hidden") { hiddenKeys.insert(key) }
        if flag("disabled") { disabledKeys.insert(key) }
        if flag("omitted") { omittedSecretKeys.insert(key) }
        if flag("secure") {
            values.setSecure(for: key)
            initialValues.setSecure(for: key)
        }
        for (member, typeMember, isInitial) in [("value", "type", false), ("initial", "initialType", true)] {
            guard let json = field[member] else { continue }
            switch DraftValueCoding.decode(json, tag: tag(typeMember), key: key, definition: definition, draftVersion: formVersion) {
            case .success(let value):
                if isInitial { initialValues.storage[key] = value } else { values.storage[key] = value }
            case .failure(let skip):
                skippedKeys[key] = skip.reason
            }
        }
    }
}
