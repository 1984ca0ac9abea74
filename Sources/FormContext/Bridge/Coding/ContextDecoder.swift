import Foundation

/// The `Decoder` of one position in the context: the root (`prefix == nil`) or a key.
struct ContextDecoder: Decoder {
    let context: FormContext
    let codingPath: [any CodingKey]
    /// The context key of this position; `nil` at the root.
    let prefix: String?

    var userInfo: [CodingUserInfoKey: Any] { [:] }

    func container<Key: CodingKey>(keyedBy type: Key.Type) throws -> KeyedDecodingContainer<Key> {
        KeyedDecodingContainer(ContextKeyedDecodingContainer<Key>(context: context, codingPath: codingPath, prefix: prefix ?? ""))
    }

    func unkeyedContainer() throws -> any UnkeyedDecodingContainer {
        ContextUnkeyedDecodingContainer(context: context, codingPath: codingPath, prefix: prefix ?? "")
    }

    func singleValueContainer() throws -> any SingleValueDecodingContainer {
        ContextSingleValueDecodingContainer(context: context, codingPath: codingPath, key: prefix)
    }
}

/// The value of type `Value` stored under `key`.
func fetchValue<Value>(_ valueType: Value.Type, at key: String, in context: FormContext) throws(FormBridgeError) -> Value {
    guard let stored = context.storage[key] else {
        throw .missingValue(key: key, expected: typeName(of: Value.self))
    }
    guard let value = stored.base as? Value else {
        throw .typeMismatch(key: key, expected: typeName(of: Value.self), found: typeName(of: type(of: stored.base)))
    }
    return value
}

/// Whether the context has a value at `key`, or any value nested under it.
///
/// - Complexity: O(1) when `key` itself has a value, otherwise O(*n*) over the context's keys.
func hasValue(at key: String, in context: FormContext) -> Bool {
    if context.storage[key] != nil { return true }
    let nested = key.isEmpty ? "" : key + "."
    return context.storage.keys.contains { isKey($0, under: nested) }
}

/// Decodes a `Value` at `key`: the stored value itself when it has that type, an enum case from its
/// stored raw value, otherwise through the type's own `init(from:)` at that position.
func decodeValue<Value: Decodable>(
    _ type: Value.Type, at key: String, path: [any CodingKey], in context: FormContext
) throws -> Value {
    let stored = context.storage[key]
    // An absent value is no `Value`, even when `Value` is an optional (`nil as? Trip?` would succeed).
    if let stored, let value = stored.base as? Value { return value }
    if let rawType = Value.self as? any RawRepresentable.Type {
        return try decodeCase(rawType, stored: stored, key: key, isSecure: context.secureKeys.contains(key), as: Value.self) {
            try Value(from: ContextDecoder(context: context, codingPath: path, prefix: key))
        }
    }
    if isStoredDirectly(Value.self) {
        _ = try fetchValue(Value.self, at: key, in: context)
    }
    return try Value(from: ContextDecoder(context: context, codingPath: path, prefix: key))
}

/// Decodes an enum case from its raw value, with errors that name the enum and the offending text
/// (masked when the key is secret).
private func decodeCase<Raw: RawRepresentable, Value>(
    _ rawType: Raw.Type, stored: AnyHashable?, key: String, isSecure: Bool, as valueType: Value.Type,
    fallback: () throws -> Value
) throws -> Value {
    guard let stored else { throw FormBridgeError.missingValue(key: key, expected: typeName(of: Value.self)) }
    guard let raw = stored.base as? Raw.RawValue else { return try fallback() }
    guard let value = Raw(rawValue: raw) else {
        throw FormBridgeError.unknownRawValue(
            key: key, type: typeName(of: Value.self), text: isSecure ? FormContext.secretMask : String(describing: raw))
    }
    guard let typed = value as? Value else { return try fallback() }
    return typed
}

/// Whether the context stores values of `type` as they are rather than through their `Codable` form.
private func isStoredDirectly(_ type: Any.Type) -> Bool {
    type == Date.self || type == UUID.self || type == URL.self || type == Decimal.self || type == Data.self
}
