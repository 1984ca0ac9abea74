extension JSONParser {
    /// Reads a string literal at the current quote, resolving escapes and surrogate pairs.
    mutating func parseString() throws(JSONParseError) -> String {
        index += 1
        var scalars = String.UnicodeScalarView()
        var runStart = index
        while true {
            guard let byte = current else { throw failure(expected: "'\"' to end the string") }
            switch byte {
            case UInt8(ascii: "\""):
                try appendRun(from: runStart, to: &scalars)
                index += 1
                return String(scalars)
            case UInt8(ascii: "\\"):
                try appendRun(from: runStart, to: &scalars)
                index += 1
                scalars.append(try parseEscape())
                runStart = index
            case 0..<0x20:
                throw failure(expected: "a control character to be escaped")
            default:
                index += 1
            }
        }
    }

    /// Appends the unescaped bytes since `start`, checking that they are valid UTF-8.
    private func appendRun(from start: Int, to scalars: inout String.UnicodeScalarView) throws(JSONParseError) {
        guard start < index else { return }
        var decoder = UTF8()
        var iterator = bytes[start..<index].makeIterator()
        while true {
            switch decoder.decode(&iterator) {
            case .scalarValue(let scalar): scalars.append(scalar)
            case .emptyInput: return
            case .error: throw failure(expected: "valid UTF-8 text", at: start)
            }
        }
    }

    private mutating func parseEscape() throws(JSONParseError) -> Unicode.Scalar {
        guard let byte = current else { throw failure(expected: "an escape after '\\'") }
        index += 1
        switch byte {
        case UInt8(ascii: "\""): return "\""
        case UInt8(ascii: "\\"): return "\\"
        case UInt8(ascii: "/"): return "/"
        case UInt8(ascii: "b"): return "\u{08}"
        case UInt8(ascii: "f"): return "\u{0C}"
        case UInt8(ascii: "n"): return "\n"
        case UInt8(ascii: "r"): return "\r"
        case UInt8(ascii: "t"): return "\t"
        case UInt8(ascii: "u"):
            let start = index - 2
            let unit = try parseHex()
            if (0xD800..<0xDC00).contains(unit) {
                guard peek(UInt8(ascii: "\\")), index + 1 < bytes.count, bytes[index + 1] == UInt8(ascii: "u") else {
                    throw failure(expected: "a low surrogate after a high surrogate", at: start)
                }
                index += 2
                let low = try parseHex()
                guard (0xDC00..<0xE000).contains(low),
                    let scalar = Unicode.Scalar(0x10000 + ((unit - 0xD800) << 10) + (low - 0xDC00))
                else { throw failure(expected: "a low surrogate after a high surrogate", at: start) }
                return scalar
            }
            guard let scalar = Unicode.Scalar(unit) else { throw failure(expected: "a Unicode scalar", at: start) }
            return scalar
        default:
            index -= 1
            throw failure(expected: "one of \\\" \\\\ \\/ \\b \\f \\n \\r \\t \\u")
        }
    }

    private mutating func parseHex() throws(JSONParseError) -> UInt32 {
        var value: UInt32 = 0
        for _ in 0..<4 {
            guard let byte = current, let digit = hexDigit(byte) else { throw failure(expected: "four hexadecimal digits") }
            value = value << 4 | digit
            index += 1
        }
        return value
    }

    private func hexDigit(_ byte: UInt8) -> UInt32? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): UInt32(byte - UInt8(ascii: "0"))
        case UInt8(ascii: "a")...UInt8(ascii: "f"): UInt32(byte - UInt8(ascii: "a") + 10)
        case UInt8(ascii: "A")...UInt8(ascii: "F"): UInt32(byte - UInt8(ascii: "A") + 10)
        default: nil
        }
    }
}
