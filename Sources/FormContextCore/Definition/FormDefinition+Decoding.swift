import Foundation

extension FormDefinition {
    /// Reads a JSON object of field values (such as ``FormSubmission/json(pretty:maskingSecrets:includingRowIDs:)``
    /// writes) back into typed values, each field's value as the field's type.
    ///
    /// `null` is an absent value. The definition's secret fields are secret in the result.
    ///
    /// A repeat group is read from an array of objects, one per row, each holding the row's fields
    /// keyed relative to the row (as a submission writes it): the group's key gets a ``RowOrder`` and
    /// each field its row's key (`members.r1.name`). Rows get the ids r1, r2, … in order, unless they
    /// carry their own as `"$row"` (``FormSubmission/json(pretty:maskingSecrets:includingRowIDs:)``
    /// with `includingRowIDs`); a row without one then gets the smallest number no row carries.
    /// Errors name a row by its position from 0: `cannot read 'members[2].age': expected Int, found
    /// "x"`. Keys inside a row that the group has no field for follow `unknownKeys` like any other; a
    /// row's key written flat (`members.r1.name`) is not a field of the JSON form and follows it too.
    /// A group's summary reads back as the summary's type when no field describes its key.
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
    ///   unless the definition has secret fields), or naming the first key, in key order, that is unknown,
    ///   does not fit its field's type, or is given twice under keys that differ only in their Unicode
    ///   scalars (``FormDecodingError/repeatedKey(key:written:)``).
    /// - Complexity: O(*n* log *n*) for *n* keys, plus the length of the text.
    public func decodeValues(fromJSON text: String, unknownKeys: UnknownKeyPolicy = .reject) throws(FormDecodingError) -> FormContext {
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
