/// Reads one value from the key of its position; at the root there is no key, so it throws.
struct ContextSingleValueDecodingContainer: SingleValueDecodingContainer {
    let context: FormContext
    let codingPath: [any CodingKey]
    let key: String?

    private func requireKey<Value>(_ type: Value.Type) throws(FormBridgeError) -> String {
        guard let key else {
            throw .invalidValue(
                key: "", reason: "a single \(typeName(of: Value.self)) cannot be read from a whole context; decode a keyed container")
        }
        return key
    }

    private func fetch<Value>(_ type: Value.Type) throws -> Value {
        try fetchValue(type, at: requireKey(type), in: context)
    }

    func decodeNil() -> Bool {
        guard let key else { return false }
        return !hasValue(at: key, in: context)
    }

    func decode(_ type: Bool.Type) throws -> Bool { try fetch(type) }
    func decode(_ type: String.Type) throws -> String { try fetch(type) }
    func decode(_ type: Double.Type) throws -> Double { try fetch(type) }
    func decode(_ type: Float.Type) throws -> Float { try fetch(type) }
    func decode(_ type: Int.Type) throws -> Int { try fetch(type) }
    func decode(_ type: Int8.Type) throws -> Int8 { try fetch(type) }
    func decode(_ type: Int16.Type) throws -> Int16 { try fetch(type) }
    func decode(_ type: Int32.Type) throws -> Int32 { try fetch(type) }
    func decode(_ type: Int64.Type) throws -> Int64 { try fetch(type) }
    func decode(_ type: UInt.Type) throws -> UInt { try fetch(type) }
    func decode(_ type: UInt8.Type) throws -> UInt8 { try fetch(type) }
    func decode(_ type: UInt16.Type) throws -> UInt16 { try fetch(type) }
    func decode(_ type: UInt32.Type) throws -> UInt32 { try fetch(type) }
    func decode(_ type: UInt64.Type) throws -> UInt64 { try fetch(type) }

    func decode<Value: Decodable>(_ type: Value.Type) throws -> Value {
        try decodeValue(type, at: requireKey(type), path: codingPath, in: context)
    }
}
