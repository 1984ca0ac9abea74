import Foundation

/// Writes the elements of an array under `prefix`: models (elements that ask for a keyed container)
/// as the rows of a repeat group, `prefix.r1`, `prefix.r2`, … with the ``RowOrder`` under `prefix`;
/// single values and arrays by index, `prefix.0`, `prefix.1`, …
struct ContextUnkeyedEncodingContainer: UnkeyedEncodingContainer {
    let storage: ContextEncodingStorage
    let codingPath: [any CodingKey]
    let prefix: String
    private(set) var count = 0

    init(storage: ContextEncodingStorage, codingPath: [any CodingKey], prefix: String) {
        self.storage = storage
        self.codingPath = codingPath
        self.prefix = prefix
        // An array's key holds its order or nothing: a value left there by an earlier encoding goes.
        if !prefix.isEmpty { storage.removeValue(for: prefix) }
    }

    /// The next element, and moves past it.
    private mutating func nextElement() -> ContextArrayElement {
        defer { count += 1 }
        return ContextArrayElement(storage: storage, array: prefix, index: count)
    }

    /// The key of the next element, a single value, and moves past it.
    private mutating func nextKey() -> String {
        nextElement().resolve(asRow: false)
    }

    /// A `nil` element is refused: it would be an absent key, and the array would end there.
    mutating func encodeNil() throws {
        throw FormBridgeError.invalidValue(
            key: nextKey(), reason: "an array element cannot be nil: nil is an absent key, which would end the array there")
    }
    mutating func encode(_ value: Bool) throws { try store(value) }
    mutating func encode(_ value: String) throws { try store(value) }
    mutating func encode(_ value: Double) throws { try store(value) }
    mutating func encode(_ value: Float) throws { try store(value) }
    mutating func encode(_ value: Int) throws { try store(value) }
    mutating func encode(_ value: Int8) throws { try store(value) }
    mutating func encode(_ value: Int16) throws { try store(value) }
    mutating func encode(_ value: Int32) throws { try store(value) }
    mutating func encode(_ value: Int64) throws { try store(value) }
    mutating func encode(_ value: UInt) throws { try store(value) }
    mutating func encode(_ value: UInt8) throws { try store(value) }
    mutating func encode(_ value: UInt16) throws { try store(value) }
    mutating func encode(_ value: UInt32) throws { try store(value) }
    mutating func encode(_ value: UInt64) throws { try store(value) }

    private mutating func store<Value: Hashable & Sendable>(_ value: Value) throws {
        storage.store(value, for: nextKey())
        if let failure = storage.failure { throw failure }
    }

    /// Encodes an element, which must store something: an element with no value (`nil`, an empty
    /// array) would end the array when it is read back. A model always stores its row.
    mutating func encode<Value: Encodable>(_ value: Value) throws {
        let element = nextElement()
        let stored = storage.storeCount
        switch value {
        case let value as Date: storage.store(value, for: element.resolve(asRow: false))
        case let value as UUID: storage.store(value, for: element.resolve(asRow: false))
        case let value as URL: storage.store(value, for: element.resolve(asRow: false))
        case let value as Decimal: storage.store(value, for: element.resolve(asRow: false))
        case let value as Data: storage.store(value, for: element.resolve(asRow: false))
        case is any StringKeyedDictionary:
            // Checked for keys that could not be read back, like any dictionary.
            let key = element.resolve(asRow: true)
            try encodeValue(value, at: key, path: codingPath + [element.codingKey], storage: storage)
        default:
            try value.encode(to: ContextEncoder(element: element, arrayPath: codingPath))
        }
        if let failure = storage.failure { throw failure }
        guard storage.storeCount > stored else {
            let reason = (value as? any OptionalValue)?.holdsNil == true
                ? "an array element cannot be nil: nil is an absent key, which would end the array there"
                : "an array element that stores no value (an empty array) would end the array there"
            throw FormBridgeError.invalidValue(key: element.key ?? codingKey(String(element.index), under: prefix), reason: reason)
        }
    }

    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type) -> KeyedEncodingContainer<NestedKey> {
        let element = nextElement()
        let key = element.resolve(asRow: true)
        return KeyedEncodingContainer(ContextKeyedEncodingContainer<NestedKey>(
            storage: storage, codingPath: codingPath + [element.codingKey], prefix: key))
    }

    mutating func nestedUnkeyedContainer() -> any UnkeyedEncodingContainer {
        let element = nextElement()
        let key = element.resolve(asRow: false)
        return ContextUnkeyedEncodingContainer(storage: storage, codingPath: codingPath + [element.codingKey], prefix: key)
    }

    mutating func superEncoder() -> any Encoder {
        ContextEncoder(element: nextElement(), arrayPath: codingPath)
    }
}
