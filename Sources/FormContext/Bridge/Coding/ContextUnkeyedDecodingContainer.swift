/// Reads the elements of an array from `prefix.0`, `prefix.1`, … up to the first index with no value.
struct ContextUnkeyedDecodingContainer: UnkeyedDecodingContainer {
    let context: FormContext
    let codingPath: [any CodingKey]
    let prefix: String
    let count: Int?
    private(set) var currentIndex = 0

    init(context: FormContext, codingPath: [any CodingKey], prefix: String) {
        self.context = context
        self.codingPath = codingPath
        self.prefix = prefix
        var count = 0
        while hasValue(at: codingKey(String(count), under: prefix), in: context) { count += 1 }
        self.count = count
    }

    var isAtEnd: Bool { currentIndex >= (count ?? 0) }

    /// The key of the next element, and moves past it.
    private mutating func nextKey<Value>(for type: Value.Type) throws(FormBridgeError) -> (key: String, path: [any CodingKey]) {
        let key = codingKey(String(currentIndex), under: prefix)
        guard !isAtEnd else { throw .missingValue(key: key, expected: typeName(of: Value.self)) }
        defer { currentIndex += 1 }
        return (key, codingPath + [ContextCodingKey(intValue: currentIndex)])
    }

    private mutating func next<Value>(_ type: Value.Type) throws -> Value {
        try fetchValue(type, at: nextKey(for: type).key, in: context)
    }

    mutating func decodeNil() throws -> Bool {
        if isAtEnd { return true }
        if hasValue(at: codingKey(String(currentIndex), under: prefix), in: context) { return false }
        currentIndex += 1
        return true
    }

    mutating func decode(_ type: Bool.Type) throws -> Bool { try next(type) }
    mutating func decode(_ type: String.Type) throws -> String { try next(type) }
    mutating func decode(_ type: Double.Type) throws -> Double { try next(type) }
    mutating func decode(_ type: Float.Type) throws -> Float { try next(type) }
    mutating func decode(_ type: Int.Type) throws -> Int { try next(type) }
    mutating func decode(_ type: Int8.Type) throws -> Int8 { try next(type) }
    mutating func decode(_ type: Int16.Type) throws -> Int16 { try next(type) }
    mutating func decode(_ type: Int32.Type) throws -> Int32 { try next(type) }
    mutating func decode(_ type: Int64.Type) throws -> Int64 { try next(type) }
    mutating func decode(_ type: UInt.Type) throws -> UInt { try next(type) }
    mutating func decode(_ type: UInt8.Type) throws -> UInt8 { try next(type) }
    mutating func decode(_ type: UInt16.Type) throws -> UInt16 { try next(type) }
    mutating func decode(_ type: UInt32.Type) throws -> UInt32 { try next(type) }
    mutating func decode(_ type: UInt64.Type) throws -> UInt64 { try next(type) }

    mutating func decode<Value: Decodable>(_ type: Value.Type) throws -> Value {
        let (key, path) = try nextKey(for: type)
        return try decodeValue(type, at: key, path: path, in: context)
    }

    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy type: NestedKey.Type) throws -> KeyedDecodingContainer<NestedKey> {
        let (key, path) = try nextKey(for: NestedKey.self)
        return KeyedDecodingContainer(ContextKeyedDecodingContainer<NestedKey>(context: context, codingPath: path, prefix: key))
    }

    mutating func nestedUnkeyedContainer() throws -> any UnkeyedDecodingContainer {
        let (key, path) = try nextKey(for: [Any].self)
        return ContextUnkeyedDecodingContainer(context: context, codingPath: path, prefix: key)
    }

    mutating func superDecoder() throws -> any Decoder {
        let (key, path) = try nextKey(for: Any.self)
        return ContextDecoder(context: context, codingPath: path, prefix: key)
    }
}
