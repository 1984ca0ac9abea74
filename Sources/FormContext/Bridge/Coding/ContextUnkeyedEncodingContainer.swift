/// Writes the elements of an array under `prefix.0`, `prefix.1`, …
struct ContextUnkeyedEncodingContainer: UnkeyedEncodingContainer {
    let storage: ContextEncodingStorage
    let codingPath: [any CodingKey]
    let prefix: String
    private(set) var count = 0

    init(storage: ContextEncodingStorage, codingPath: [any CodingKey], prefix: String) {
        self.storage = storage
        self.codingPath = codingPath
        self.prefix = prefix
    }

    /// The key of the next element, and moves past it.
    private mutating func nextKey() -> (key: String, path: [any CodingKey]) {
        defer { count += 1 }
        return (codingKey(String(count), under: prefix), codingPath + [ContextCodingKey(intValue: count)])
    }

    /// A `nil` element is refused: it would be an absent key, and the array would end there.
    mutating func encodeNil() throws {
        throw FormBridgeError.invalidValue(
            key: nextKey().key, reason: "an array element cannot be nil: nil is an absent key, which would end the array there")
    }
    mutating func encode(_ value: Bool) throws { storage.store(value, for: nextKey().key) }
    mutating func encode(_ value: String) throws { storage.store(value, for: nextKey().key) }
    mutating func encode(_ value: Double) throws { storage.store(value, for: nextKey().key) }
    mutating func encode(_ value: Float) throws { storage.store(value, for: nextKey().key) }
    mutating func encode(_ value: Int) throws { storage.store(value, for: nextKey().key) }
    mutating func encode(_ value: Int8) throws { storage.store(value, for: nextKey().key) }
    mutating func encode(_ value: Int16) throws { storage.store(value, for: nextKey().key) }
    mutating func encode(_ value: Int32) throws { storage.store(value, for: nextKey().key) }
    mutating func encode(_ value: Int64) throws { storage.store(value, for: nextKey().key) }
    mutating func encode(_ value: UInt) throws { storage.store(value, for: nextKey().key) }
    mutating func encode(_ value: UInt8) throws { storage.store(value, for: nextKey().key) }
    mutating func encode(_ value: UInt16) throws { storage.store(value, for: nextKey().key) }
    mutating func encode(_ value: UInt32) throws { storage.store(value, for: nextKey().key) }
    mutating func encode(_ value: UInt64) throws { storage.store(value, for: nextKey().key) }

    /// Encodes an element, which must store something: an element with no value (`nil`, an empty
    /// array or model) would end the array when it is read back.
    mutating func encode<Value: Encodable>(_ value: Value) throws {
        let (key, path) = nextKey()
        let stored = storage.storeCount
        try encodeValue(value, at: key, path: path, storage: storage)
        guard storage.storeCount > stored else {
            let reason = (value as? any OptionalValue)?.holdsNil == true
                ? "an array element cannot be nil: nil is an absent key, which would end the array there"
                : "an array element that stores no value (an empty array or model) would end the array there"
            throw FormBridgeError.invalidValue(key: key, reason: reason)
        }
    }

    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type) -> KeyedEncodingContainer<NestedKey> {
        let (key, path) = nextKey()
        return KeyedEncodingContainer(ContextKeyedEncodingContainer<NestedKey>(storage: storage, codingPath: path, prefix: key))
    }

    mutating func nestedUnkeyedContainer() -> any UnkeyedEncodingContainer {
        let (key, path) = nextKey()
        return ContextUnkeyedEncodingContainer(storage: storage, codingPath: path, prefix: key)
    }

    mutating func superEncoder() -> any Encoder {
        let (key, path) = nextKey()
        return ContextEncoder(storage: storage, codingPath: path, prefix: key)
    }
}
