/// Writes one value under the key of its position; at the root there is no key, so it throws.
struct ContextSingleValueEncodingContainer: SingleValueEncodingContainer {
    let storage: ContextEncodingStorage
    let codingPath: [any CodingKey]
    let key: String?

    private func requireKey(_ value: Any) throws(FormBridgeError) -> String {
        guard let key else {
            throw .invalidValue(
                key: "", reason: "a single \(typeName(of: type(of: value))) cannot be a whole context; encode a keyed container")
        }
        return key
    }

    private func store<Value: Hashable & Sendable>(_ value: Value) throws {
        storage.store(value, for: try requireKey(value))
    }

    mutating func encodeNil() throws { storage.removeValue(for: try requireKey(Optional<Int>.none as Any)) }
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

    mutating func encode<Value: Encodable>(_ value: Value) throws {
        try encodeValue(value, at: requireKey(value), path: codingPath, storage: storage)
    }
}
