/// Reads each coding key from `prefix.key`.
struct ContextKeyedDecodingContainer<Key: CodingKey>: KeyedDecodingContainerProtocol {
    let context: FormContext
    let codingPath: [any CodingKey]
    let prefix: String

    private func key(_ key: Key) -> String { codingKey(key.stringValue, under: prefix) }

    /// The keys directly under `prefix` (the first component after it), for types that list them.
    ///
    /// - Complexity: O(*n*) over the context's keys.
    var allKeys: [Key] {
        let start = prefix.isEmpty ? "" : prefix + "."
        var names: Set<String> = []
        for stored in context.storage.keys where isKey(stored, under: start) {
            names.insert(firstComponent(of: stored, after: start))
        }
        return names.sorted().compactMap { Key(stringValue: $0) }
    }

    func contains(_ key: Key) -> Bool { hasValue(at: self.key(key), in: context) }

    func decodeNil(forKey key: Key) throws -> Bool { !contains(key) }

    func decode(_ type: Bool.Type, forKey key: Key) throws -> Bool { try fetchValue(type, at: self.key(key), in: context) }
    func decode(_ type: String.Type, forKey key: Key) throws -> String { try fetchValue(type, at: self.key(key), in: context) }
    func decode(_ type: Double.Type, forKey key: Key) throws -> Double { try fetchValue(type, at: self.key(key), in: context) }
    func decode(_ type: Float.Type, forKey key: Key) throws -> Float { try fetchValue(type, at: self.key(key), in: context) }
    func decode(_ type: Int.Type, forKey key: Key) throws -> Int { try fetchValue(type, at: self.key(key), in: context) }
    func decode(_ type: Int8.Type, forKey key: Key) throws -> Int8 { try fetchValue(type, at: self.key(key), in: context) }
    func decode(_ type: Int16.Type, forKey key: Key) throws -> Int16 { try fetchValue(type, at: self.key(key), in: context) }
    func decode(_ type: Int32.Type, forKey key: Key) throws -> Int32 { try fetchValue(type, at: self.key(key), in: context) }
    func decode(_ type: Int64.Type, forKey key: Key) throws -> Int64 { try fetchValue(type, at: self.key(key), in: context) }
    func decode(_ type: UInt.Type, forKey key: Key) throws -> UInt { try fetchValue(type, at: self.key(key), in: context) }
    func decode(_ type: UInt8.Type, forKey key: Key) throws -> UInt8 { try fetchValue(type, at: self.key(key), in: context) }
    func decode(_ type: UInt16.Type, forKey key: Key) throws -> UInt16 { try fetchValue(type, at: self.key(key), in: context) }
    func decode(_ type: UInt32.Type, forKey key: Key) throws -> UInt32 { try fetchValue(type, at: self.key(key), in: context) }
    func decode(_ type: UInt64.Type, forKey key: Key) throws -> UInt64 { try fetchValue(type, at: self.key(key), in: context) }

    func decode<Value: Decodable>(_ type: Value.Type, forKey key: Key) throws -> Value {
        try decodeValue(type, at: self.key(key), path: codingPath + [key], in: context)
    }

    func nestedContainer<NestedKey: CodingKey>(
        keyedBy type: NestedKey.Type, forKey key: Key
    ) throws -> KeyedDecodingContainer<NestedKey> {
        KeyedDecodingContainer(ContextKeyedDecodingContainer<NestedKey>(
            context: context, codingPath: codingPath + [key], prefix: self.key(key)))
    }

    func nestedUnkeyedContainer(forKey key: Key) throws -> any UnkeyedDecodingContainer {
        ContextUnkeyedDecodingContainer(context: context, codingPath: codingPath + [key], prefix: self.key(key))
    }

    func superDecoder() throws -> any Decoder {
        ContextDecoder(
            context: context, codingPath: codingPath + [ContextCodingKey.superKey],
            prefix: codingKey(ContextCodingKey.superKey.stringValue, under: prefix))
    }

    func superDecoder(forKey key: Key) throws -> any Decoder {
        ContextDecoder(context: context, codingPath: codingPath + [key], prefix: self.key(key))
    }
}
