import Foundation

/// The `Encoder` of one position in the context: the root (`prefix == nil`) or a key.
struct ContextEncoder: Encoder {
    let storage: ContextEncodingStorage
    let codingPath: [any CodingKey]
    /// The context key of this position; `nil` at the root.
    let prefix: String?

    var userInfo: [CodingUserInfoKey: Any] { [:] }

    func container<Key: CodingKey>(keyedBy type: Key.Type) -> KeyedEncodingContainer<Key> {
        KeyedEncodingContainer(ContextKeyedEncodingContainer<Key>(storage: storage, codingPath: codingPath, prefix: prefix ?? ""))
    }

    func unkeyedContainer() -> any UnkeyedEncodingContainer {
        ContextUnkeyedEncodingContainer(storage: storage, codingPath: codingPath, prefix: prefix ?? "")
    }

    func singleValueContainer() -> any SingleValueEncodingContainer {
        ContextSingleValueEncodingContainer(storage: storage, codingPath: codingPath, key: prefix)
    }
}

/// Encodes `value` at `key`: as itself when the context stores the type directly, otherwise
/// through its own `encode(to:)` at that position.
///
/// A dictionary with `String` keys is refused if a key contains `.` or an entry stores nothing.
func encodeValue<Value: Encodable>(
    _ value: Value, at key: String, path: [any CodingKey], storage: ContextEncodingStorage
) throws {
    switch value {
    case let value as Date: storage.store(value, for: key)
    case let value as UUID: storage.store(value, for: key)
    case let value as URL: storage.store(value, for: key)
    case let value as Decimal: storage.store(value, for: key)
    case let value as Data: storage.store(value, for: key)
    default:
        let dictionaryKeys = try checkDictionaryKeys(of: value, under: key)
        storage.removeNestedValues(under: key)
        try value.encode(to: ContextEncoder(storage: storage, codingPath: path, prefix: key))
        if let dictionaryKeys { try checkDictionaryEntries(dictionaryKeys, under: key, in: storage.context) }
    }
}
