/// An optional type, decoded as `nil` from `null` and as its wrapped type otherwise.
protocol JSONOptionalDecodable {
    static func decodeOptional(from json: JSONValue) throws(JSONMismatch) -> Any
}

extension Optional: JSONOptionalDecodable {
    static func decodeOptional(from json: JSONValue) throws(JSONMismatch) -> Any {
        if json == .null { return Wrapped?.none as Any }
        return Wrapped?.some(try JSONTypedDecoding.decode(Wrapped.self, from: json)) as Any
    }
}

/// An array type, decoded element by element.
protocol JSONArrayDecodable {
    static func decodeArray(from json: JSONValue) throws(JSONMismatch) -> Any?
}

extension Array: JSONArrayDecodable {
    static func decodeArray(from json: JSONValue) throws(JSONMismatch) -> Any? {
        guard case .array(let elements) = json else { return nil }
        var result: [Element] = []
        result.reserveCapacity(elements.count)
        for element in elements { result.append(try JSONTypedDecoding.decode(Element.self, from: element)) }
        return result
    }
}
