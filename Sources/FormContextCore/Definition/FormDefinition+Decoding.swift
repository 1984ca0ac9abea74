import Foundation

extension FormDefinition {
    /// Reads a JSON object of field values (such as ``FormSubmission/json(pretty:maskingSecrets:includingRowIDs:)``
    /// writes) back into typed values, each field's value as the field's type; what
    /// ``FormSubmission/init(json:definition:unknownKeys:number:)`` reads.
    ///
    /// - Parameters:
    ///   - text: The JSON text.
    ///   - unknownKeys: What to do with keys the definition has no field for; refused by default.
    /// - Returns: The typed values.
    /// - Throws: ``FormDecodingError``.
    /// - Complexity: O(*n* log *n*) for *n* keys, plus the length of the text.
    func decodeValues(fromJSON text: String, unknownKeys: UnknownKeyPolicy = .reject) throws(FormDecodingError) -> FormContext {
        let json: JSONValue
        do { json = try JSONValue(parsing: text) } catch { throw .invalidJSON(hasSecrets ? error.hidingFound() : error) }
        return try decodeValues(from: json, unknownKeys: unknownKeys)
    }

    /// Reads JSON bytes of field values; see `decodeValues(fromJSON:unknownKeys:)`.
    ///
    /// - Parameters:
    ///   - data: The UTF-8 bytes of the JSON text.
    ///   - unknownKeys: What to do with keys the definition has no field for.
    /// - Returns: The typed values.
    /// - Throws: ``FormDecodingError``.
    func decodeValues(fromJSON data: Data, unknownKeys: UnknownKeyPolicy = .reject) throws(FormDecodingError) -> FormContext {
        let json: JSONValue
        do { json = try JSONValue(parsing: data) } catch { throw .invalidJSON(hasSecrets ? error.hidingFound() : error) }
        return try decodeValues(from: json, unknownKeys: unknownKeys)
    }

    /// Reads a parsed JSON object of field values; see `decodeValues(fromJSON:unknownKeys:)`.
    ///
    /// - Parameters:
    ///   - json: The JSON object.
    ///   - unknownKeys: What to do with keys the definition has no field for.
    /// - Returns: The typed values.
    /// - Throws: ``FormDecodingError``.
    func decodeValues(from json: JSONValue, unknownKeys: UnknownKeyPolicy = .reject) throws(FormDecodingError) -> FormContext {
        guard case .object(let members) = json else { throw .notAnObject(found: json.excerpt()) }
        var context = FormContext()
        var rowSecrets: Set<String> = []
        for key in try Self.distinctKeys(of: members, naming: { $0 }) {
            guard let member = members[key] else { continue }
            if let group = positions[key].flatMap({ fields[$0].repeatGroup }) {
                try decodeRows(member, of: group, unknownKeys: unknownKeys, into: &context, secrets: &rowSecrets)
                continue
            }
            // A row's fields come inside its group's array; a row key written flat is no field of the JSON.
            let place = rowField(key)
            let field = place == nil ? field(key) ?? summaryField(key) : nil
            guard let field else {
                if unknownKeys == .keepAsJSON, context.storage[key] != nil { continue }
                switch unknownKeys {
                case .reject: throw .unknownKey(key: key, found: member.kind)
                case .ignore: continue
                case .keepAsJSON:
                    if member != .null { context.storage[key] = AnyHashable(member) }
                    // Kept as JSON, a secret field of a row is secret all the same.
                    if let place, place.group.field(place.name)?.isSecure == true { rowSecrets.insert(key) }
                    continue
                }
            }
            if let value = try field.decode(member) { context.storage[key] = value }
        }
        context.secureKeys = secureKeys.union(rowSecrets)
        return context
    }
}
