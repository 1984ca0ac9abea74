/// Reads the elements of an array from under `prefix`: the rows of the ``RowOrder`` `prefix` holds,
/// in its order (`prefix.r3`, `prefix.r1`, …), or, when it holds none, `prefix.0`, `prefix.1`, … up
/// to the first index with no value.
struct ContextUnkeyedDecodingContainer: UnkeyedDecodingContainer {
    let context: FormContext
    let codingPath: [any CodingKey]
    let prefix: String
    let count: Int?
    /// The rows, when the array is kept as a repeat group's rows.
    private let rows: RowOrder?
    private(set) var currentIndex = 0

    init(context: FormContext, codingPath: [any CodingKey], prefix: String) {
        self.context = context
        self.codingPath = codingPath
        self.prefix = prefix
        if let order = context.storage[prefix]?.base as? RowOrder {
            rows = order
            count = order.count
            return
        }
        rows = nil
        var count = 0
        while hasValue(at: codingKey(String(count), under: prefix), in: context) { count += 1 }
        self.count = count
    }

    var isAtEnd: Bool { currentIndex >= (count ?? 0) }

    /// The key and coding path of the element at `index`.
    private func element(_ index: Int) -> (key: String, path: [any CodingKey]) {
        guard let rows, index < rows.count else {
            return (codingKey(String(index), under: prefix), codingPath + [ContextCodingKey(intValue: index)])
        }
        let id = rows[index]
        return (codingKey(id.description, under: prefix), codingPath + [ContextCodingKey(row: id, position: index)])
    }

    /// The key of the next element, and moves past it.
    private mutating func nextKey<Value>(for type: Value.Type) throws(FormBridgeError) -> (key: String, path: [any CodingKey]) {
        let next = element(currentIndex)
        guard !isAtEnd else { throw .missingValue(key: next.key, expected: typeName(of: Value.self)) }
        defer { currentIndex += 1 }
        return next
    }

    private mutating func next<Value>(_ type: Value.Type) throws -> Value {
        try fetchValue(type, at: nextKey(for: type).key, in: context)
    }

    /// Whether the next element is absent. A row is never absent: it is in the order, whatever it holds.
    mutating func decodeNil() throws -> Bool {
        if isAtEnd { return true }
        if rows != nil || hasValue(at: element(currentIndex).key, in: context) { return false }
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
