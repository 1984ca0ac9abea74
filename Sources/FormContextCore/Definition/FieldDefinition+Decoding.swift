extension FieldDefinition {
    /// Reads the field's value from JSON as the field's type.
    ///
    /// `null` is an absent value. A secret field's JSON is never shown in the error, only its kind.
    ///
    /// ```swift
    /// let age = FieldDefinition(FormKey<Int>("age"))
    /// try age.decode(.number("42"))          // 42 as Int
    /// try age.decode(.string("forty-two"))   // cannot read 'age': expected Int, found "forty-two"
    /// ```
    ///
    /// - Parameter json: The JSON value.
    /// - Returns: The typed value, boxed, or `nil` for `null`.
    /// - Throws: ``FormDecodingError/typeMismatch(key:expected:found:)`` or
    ///   ``FormDecodingError/unsupportedType(key:type:)``, naming the key.
    func decode(_ json: JSONValue) throws(FormDecodingError) -> AnyHashable? {
        guard json != .null else { return nil }
        do {
            return try decodeValue(json)
        } catch where error.isUnsupported {
            throw .unsupportedType(key: key, type: error.expected)
        } catch {
            throw .typeMismatch(key: key, expected: error.expected, found: isSecure ? json.kind : json.excerpt())
        }
    }

    /// The conversion from JSON to a boxed `Value`, built where the field's type is known.
    @usableFromInline
    static func makeDecoder<Value: Hashable & Sendable>(
        _ type: Value.Type
    ) -> @Sendable (JSONValue) throws(JSONMismatch) -> AnyHashable? {
        { json throws(JSONMismatch) in boxed(try JSONTypedDecoding.decode(Value.self, from: json)) }
    }
}
