import Foundation

/// The `Encoder` of one position in the context: the root (`prefix == nil`), a key, or an element of
/// an array whose key its first container request decides (see ``ContextArrayElement``).
struct ContextEncoder: Encoder {
    let storage: ContextEncodingStorage
    /// The coding path; for an array element, the path of its array.
    let basePath: [any CodingKey]
    /// The context key of this position; `nil` at the root and for an array element.
    let prefix: String?
    /// The array element this encoder writes, if it writes one.
    let element: ContextArrayElement?

    init(storage: ContextEncodingStorage, codingPath: [any CodingKey], prefix: String?) {
        self.storage = storage
        self.basePath = codingPath
        self.prefix = prefix
        self.element = nil
    }

    init(element: ContextArrayElement, arrayPath: [any CodingKey]) {
        self.storage = element.storage
        self.basePath = arrayPath
        self.prefix = nil
        self.element = element
    }

    var codingPath: [any CodingKey] {
        guard let element else { return basePath }
        return basePath + [element.codingKey]
    }

    var userInfo: [CodingUserInfoKey: Any] { [:] }

    /// The key of this position, deciding an element's (a row when `asRow`).
    private func key(asRow: Bool) -> String? {
        element?.resolve(asRow: asRow) ?? prefix
    }

    func container<Key: CodingKey>(keyedBy type: Key.Type) -> KeyedEncodingContainer<Key> {
        let prefix = key(asRow: true) ?? ""
        return KeyedEncodingContainer(ContextKeyedEncodingContainer<Key>(storage: storage, codingPath: codingPath, prefix: prefix))
    }

    func unkeyedContainer() -> any UnkeyedEncodingContainer {
        let prefix = key(asRow: false) ?? ""
        return ContextUnkeyedEncodingContainer(storage: storage, codingPath: codingPath, prefix: prefix)
    }

    func singleValueContainer() -> any SingleValueEncodingContainer {
        let key = key(asRow: false)
        return ContextSingleValueEncodingContainer(storage: storage, codingPath: codingPath, key: key)
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
