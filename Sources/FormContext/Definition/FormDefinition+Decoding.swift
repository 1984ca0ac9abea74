public import Foundation

extension FormDefinition {
    /// Reads a JSON object of field values (such as ``FormSubmission/json(pretty:maskingSecrets:)``
    /// writes) back into typed values, each field's value as the field's type.
    ///
    /// `null` is an absent value. The definition's secret fields are secret in the result.
    ///
    /// ```swift
    /// let form = try FormDefinition([FieldDefinition(FormKey<Int>("age"))])
    /// let values = try form.decodeValues(fromJSON: #"{"age": 42}"#)
    /// values[FormKey<Int>("age")]   // 42
    /// ```
    ///
    /// - Parameters:
    ///   - text: The JSON text.
    ///   - unknownKeys: What to do with keys the definition has no field for; refused by default.
    /// - Returns: The typed values.
    /// - Throws: ``FormDecodingError`` for invalid JSON (with its line and column, and the offending text
    ///   unless the definition has secret fields), or naming the first key, in key order, that is unknown
    ///   or does not fit its field's type.
    /// - Complexity: O(*n* log *n*) for *n* keys, plus the length of the text.
    public func decodeValues(fromJSON text: String, unknownKeys: UnknownKeyPolicy = .reject) throws(FormDecodingError) -> FormContext {
        let json: JSONValue
        do { json = try JSONValue(parsing: text) } catch { throw .invalidJSON(secureKeys.isEmpty ? error : error.hidingFound()) }
        return try decodeValues(from: json, unknownKeys: unknownKeys)
    }

    /// Reads JSON bytes of field values; see ``decodeValues(fromJSON:unknownKeys:)-(String,_)``.
    ///
    /// - Parameters:
    ///   - data: The UTF-8 bytes of the JSON text.
    ///   - unknownKeys: What to do with keys the definition has no field for.
    /// - Returns: The typed values.
    /// - Throws: ``FormDecodingError``.
    public func decodeValues(fromJSON data: Data, unknownKeys: UnknownKeyPolicy = .reject) throws(FormDecodingError) -> FormContext {
        let json: JSONValue
        do { json = try JSONValue(parsing: data) } catch { throw .invalidJSON(secureKeys.isEmpty ? error : error.hidingFound()) }
        return try decodeValues(from: json, unknownKeys: unknownKeys)
    }

    /// Reads a parsed JSON object of field values; see ``decodeValues(fromJSON:unknownKeys:)-(String,_)``.
    ///
    /// - Parameters:
    ///   - json: The JSON object.
    ///   - unknownKeys: What to do with keys the definition has no field for.
    /// - Returns: The typed values.
    /// - Throws: ``FormDecodingError``.
    public func decodeValues(from json: JSONValue, unknownKeys: UnknownKeyPolicy = .reject) throws(FormDecodingError) -> FormContext {
        guard case .object(let members) = json else { throw .notAnObject(found: json.excerpt()) }
        var context = FormContext()
        for key in members.keys.sorted() {
            guard let member = members[key] else { continue }
            guard let field = field(key) else {
                switch unknownKeys {
                case .reject: throw .unknownKey(key: key, found: member.kind)
                case .ignore: continue
                case .keepAsJSON:
                    if member != .null { context.storage[key] = AnyHashable(member) }
                    continue
                }
            }
            if let value = try field.decode(member) { context.storage[key] = value }
        }
        context.secureKeys = secureKeys
        return context
    }
}
