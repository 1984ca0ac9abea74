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

    mutating func encodeNil() throws { storage.removeValue(for: nextKey().key) }
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

    mutating func encode<Value: Encodable>(_ value: Value) throws {
        let (key, path) = nextKey()
        try encodeValue(value, at: key, path: path, storage: storage)
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
