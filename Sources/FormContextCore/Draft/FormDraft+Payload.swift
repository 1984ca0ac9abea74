import Foundation

extension FormDraft {
    /// The draft as the JSON a draft file holds after its header.
    ///
    /// One entry per field, with only what it has: `type` (the value's type name), `value`, `initial`,
    /// and the flags `touched`, `hidden`, `disabled`, `secure`, `omitted` when they are true. Readers
    /// ignore members they do not know, so later versions can add some without
    /// breaking older files.
    ///
    /// - Throws: ``DraftError/unsavableValue(key:type:)``.
    func payload(secrets: DraftSecretPolicy) throws(DraftError) -> [UInt8] {
        var fields = JSONObject()
        let secure = secureKeys
        for key in allKeys {
            var entry = JSONObject()
            let isOmitted = secure.contains(key) && secrets == .omit || omittedSecretKeys.contains(key)
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
        let document: JSONValue = .object([
            "form": .object(["identifier": .string(formIdentifier), "version": .number(String(formVersion))]),
            "savedAt": .number(savedAt.timeIntervalSince1970.description),
            "fields": .object(fields),
        ])
        return Array(document.text.utf8)
    }

    /// Reads a draft from the JSON after a draft file's header.
    ///
    /// - Parameters:
    ///   - payload: The JSON bytes.
    ///   - definition: The form's definition, to read each value as its field's type; `nil` to read by
    ///     the recorded type names.
    /// - Throws: ``RecordEnvelope/Problem`` when the JSON is not a draft, or is a draft of another form.
    init(payload: [UInt8], definition: FormDefinition?) throws(RecordEnvelope.Problem) {
        let document: JSONValue
        do { document = try JSONValue(parsing: Data(payload)) } catch { throw .payload(error.description) }
        guard case .object(let root) = document, case .object(let form)? = root["form"],
            case .string(let identifier)? = form["identifier"], case .number(let versionText)? = form["version"],
            let version = Int(versionText), case .number(let savedText)? = root["savedAt"], let saved = Double(savedText),
            case .object(let fields)? = root["fields"]
        else { throw .payload("the draft's JSON lacks its form, savedAt or fields") }
        if let definition, definition.identifier != identifier {
            throw .payload("it is a draft of the form '\(identifier)', not of '\(definition.identifier)'")
        }
        self.init(formIdentifier: identifier, formVersion: version, savedAt: Date(timeIntervalSince1970: saved))
        for (key, entry) in fields {
            guard case .object(let field) = entry else { throw .payload("the entry of '\(key)' is not an object") }
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
