/// Writes each coding key under `prefix.key`.
struct ContextKeyedEncodingContainer<Key: CodingKey>: KeyedEncodingContainerProtocol {
    let storage: ContextEncodingStorage
    let codingPath: [any CodingKey]
    let prefix: String

    private func key(_ key: Key) -> String { codingKey(key.stringValue, under: prefix) }

    mutating func encodeNil(forKey key: Key) throws { storage.removeValues(at: self.key(key)) }
    mutating func encode(_ value: Bool, forKey key: Key) throws { storage.store(value, for: self.key(key)) }
    mutating func encode(_ value: String, forKey key: Key) throws { storage.store(value, for: self.key(key)) }
    mutating func encode(_ value: Double, forKey key: Key) throws { storage.store(value, for: self.key(key)) }
    mutating func encode(_ value: Float, forKey key: Key) throws { storage.store(value, for: self.key(key)) }
    mutating func encode(_ value: Int, forKey key: Key) throws { storage.store(value, for: self.key(key)) }
    mutating func encode(_ value: Int8, forKey key: Key) throws { storage.store(value, for: self.key(key)) }
    mutating func encode(_ value: Int16, forKey key: Key) throws { storage.store(value, for: self.key(key)) }
    mutating func encode(_ value: Int32, forKey key: Key) throws { storage.store(value, for: self.key(key)) }
    mutating func encode(_ value: Int64, forKey key: Key) throws { storage.store(value, for: self.key(key)) }
    mutating func encode(_ value: UInt, forKey key: Key) throws { storage.store(value, for: self.key(key)) }
    mutating func encode(_ value: UInt8, forKey key: Key) throws { storage.store(value, for: self.key(key)) }
    mutating func encode(_ value: UInt16, forKey key: Key) throws { storage.store(value, for: self.key(key)) }
    mutating func encode(_ value: UInt32, forKey key: Key) throws { storage.store(value, for: self.key(key)) }
    mutating func encode(_ value: UInt64, forKey key: Key) throws { storage.store(value, for: self.key(key)) }

    mutating func encode<Value: Encodable>(_ value: Value, forKey key: Key) throws {
        try encodeValue(value, at: self.key(key), path: codingPath + [key], storage: storage)
    }

    // A nil optional removes its key (and anything nested under it), so encoding into a context
    // that held an earlier value leaves no stale value behind.
    mutating func encodeIfPresent(_ value: Bool?, forKey key: Key) throws { try encodeOptional(value, forKey: key) }
    mutating func encodeIfPresent(_ value: String?, forKey key: Key) throws { try encodeOptional(value, forKey: key) }
    mutating func encodeIfPresent(_ value: Double?, forKey key: Key) throws { try encodeOptional(value, forKey: key) }
    mutating func encodeIfPresent(_ value: Float?, forKey key: Key) throws { try encodeOptional(value, forKey: key) }
    mutating func encodeIfPresent(_ value: Int?, forKey key: Key) throws { try encodeOptional(value, forKey: key) }
    mutating func encodeIfPresent(_ value: Int8?, forKey key: Key) throws { try encodeOptional(value, forKey: key) }
    mutating func encodeIfPresent(_ value: Int16?, forKey key: Key) throws { try encodeOptional(value, forKey: key) }
    mutating func encodeIfPresent(_ value: Int32?, forKey key: Key) throws { try encodeOptional(value, forKey: key) }
    mutating func encodeIfPresent(_ value: Int64?, forKey key: Key) throws { try encodeOptional(value, forKey: key) }
    mutating func encodeIfPresent(_ value: UInt?, forKey key: Key) throws { try encodeOptional(value, forKey: key) }
    mutating func encodeIfPresent(_ value: UInt8?, forKey key: Key) throws { try encodeOptional(value, forKey: key) }
    mutating func encodeIfPresent(_ value: UInt16?, forKey key: Key) throws { try encodeOptional(value, forKey: key) }
    mutating func encodeIfPresent(_ value: UInt32?, forKey key: Key) throws { try encodeOptional(value, forKey: key) }
    mutating func encodeIfPresent(_ value: UInt64?, forKey key: Key) throws { try encodeOptional(value, forKey: key) }

    mutating func encodeIfPresent<Value: Encodable>(_ value: Value?, forKey key: Key) throws {
        try encodeOptional(value, forKey: key)
    }

    /// Encodes an optional: `nil` removes the key; a value must store something, or it would read
    /// back as `nil`.
    private mutating func encodeOptional<Value: Encodable>(_ value: Value?, forKey key: Key) throws {
        guard let value else {
            storage.removeValues(at: self.key(key))
            return
        }
        let stored = storage.storeCount
        try encode(value, forKey: key)
        guard storage.storeCount > stored else {
            throw FormBridgeError.invalidValue(
                key: self.key(key),
                reason: "an optional holding a value that stores nothing (an empty array, or a model whose fields are all nil) would read back as nil")
        }
    }

    mutating func nestedContainer<NestedKey: CodingKey>(
        keyedBy keyType: NestedKey.Type, forKey key: Key
    ) -> KeyedEncodingContainer<NestedKey> {
        KeyedEncodingContainer(ContextKeyedEncodingContainer<NestedKey>(
            storage: storage, codingPath: codingPath + [key], prefix: self.key(key)))
    }

    mutating func nestedUnkeyedContainer(forKey key: Key) -> any UnkeyedEncodingContainer {
        storage.removeNestedValues(under: self.key(key))
        return ContextUnkeyedEncodingContainer(storage: storage, codingPath: codingPath + [key], prefix: self.key(key))
    }

    mutating func superEncoder() -> any Encoder {
        ContextEncoder(
            storage: storage, codingPath: codingPath + [ContextCodingKey.superKey],
            prefix: codingKey(ContextCodingKey.superKey.stringValue, under: prefix))
    }

    mutating func superEncoder(forKey key: Key) -> any Encoder {
        ContextEncoder(storage: storage, codingPath: codingPath + [key], prefix: self.key(key))
    }
}
