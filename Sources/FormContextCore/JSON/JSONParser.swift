/// A strict, single-pass JSON reader over UTF-8 bytes that tracks line and column for its errors.
struct JSONParser {
    let bytes: [UInt8]
    var index = 0
    private var depth = 0

    init(_ bytes: [UInt8]) {
        self.bytes = bytes
    }

    /// Reads one value and requires nothing but white space after it.
    mutating func parseDocument() throws(JSONParseError) -> JSONValue {
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { index = 3 }
        skipWhitespace()
        let value = try parseValue()
        skipWhitespace()
        guard index == bytes.count else { throw failure(expected: "end of input") }
        return value
    }

    private mutating func parseValue() throws(JSONParseError) -> JSONValue {
        guard index < bytes.count else { throw failure(expected: "a value") }
        switch bytes[index] {
        case UInt8(ascii: "{"): return try parseObject()
        case UInt8(ascii: "["): return try parseArray()
        case UInt8(ascii: "\""): return .string(try parseString())
        case UInt8(ascii: "t"): return try parseLiteral("true", .bool(true))
        case UInt8(ascii: "f"): return try parseLiteral("false", .bool(false))
        case UInt8(ascii: "n"): return try parseLiteral("null", .null)
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return .number(try parseNumber())
        default: throw failure(expected: "a value")
        }
    }

    private mutating func parseLiteral(_ word: String, _ value: JSONValue) throws(JSONParseError) -> JSONValue {
        let utf8 = Array(word.utf8)
        guard bytes.count - index >= utf8.count, Array(bytes[index..<index + utf8.count]) == utf8 else {
            throw failure(expected: "a value")
        }
        index += utf8.count
        return value
    }

    private mutating func enterNesting() throws(JSONParseError) {
        depth += 1
        guard depth <= JSONValue.maximumDepth else {
            throw failure(expected: "at most \(JSONValue.maximumDepth) nested arrays and objects")
        }
    }

    private mutating func parseObject() throws(JSONParseError) -> JSONValue {
        try enterNesting()
        index += 1
        var members = JSONObject()
        skipWhitespace()
        if peek(UInt8(ascii: "}")) {
            index += 1
            depth -= 1
            return .object(members)
        }
        while true {
            skipWhitespace()
            guard peek(UInt8(ascii: "\"")) else { throw failure(expected: "a key in double quotes") }
            let keyStart = index
            let key = try parseString()
            guard members[key] == nil else {
                index = keyStart
                throw failure(expected: "a key that is not repeated")
            }
            skipWhitespace()
            guard peek(UInt8(ascii: ":")) else { throw failure(expected: "':' after a key") }
            index += 1
            skipWhitespace()
            members[key] = try parseValue()
            skipWhitespace()
            if peek(UInt8(ascii: ",")) {
                index += 1
                continue
            }
            guard peek(UInt8(ascii: "}")) else { throw failure(expected: "',' or '}'") }
            index += 1
            depth -= 1
            return .object(members)
        }
    }

    private mutating func parseArray() throws(JSONParseError) -> JSONValue {
        try enterNesting()
        index += 1
        var elements: [JSONValue] = []
        skipWhitespace()
        if peek(UInt8(ascii: "]")) {
            index += 1
            depth -= 1
            return .array(elements)
        }
        while true {
            skipWhitespace()
            elements.append(try parseValue())
            skipWhitespace()
            if peek(UInt8(ascii: ",")) {
                index += 1
                continue
            }
            guard peek(UInt8(ascii: "]")) else { throw failure(expected: "',' or ']'") }
            index += 1
            depth -= 1
            return .array(elements)
        }
    }

    /// Reads a number as its text, checking the JSON grammar: `-? (0 | [1-9][0-9]*) (. [0-9]+)? ([eE] [+-]? [0-9]+)?`.
    private mutating func parseNumber() throws(JSONParseError) -> String {
        let start = index
        if peek(UInt8(ascii: "-")) { index += 1 }
        if peek(UInt8(ascii: "0")) {
            index += 1
            if let byte = current, isDigit(byte) { throw failure(expected: "no leading zero") }
        } else {
            guard try skipDigits() else { throw failure(expected: "a digit") }
        }
        if peek(UInt8(ascii: ".")) {
            index += 1
            guard try skipDigits() else { throw failure(expected: "a digit after '.'") }
        }
        if peek(UInt8(ascii: "e")) || peek(UInt8(ascii: "E")) {
            index += 1
            if peek(UInt8(ascii: "+")) || peek(UInt8(ascii: "-")) { index += 1 }
            guard try skipDigits() else { throw failure(expected: "a digit in the exponent") }
        }
        return String(decoding: bytes[start..<index], as: UTF8.self)
    }

    private mutating func skipDigits() throws(JSONParseError) -> Bool {
        let start = index
        while let byte = current, isDigit(byte) { index += 1 }
        return index > start
    }
}
