extension JSONParser {
    /// The byte at the reading position, or `nil` at the end.
    var current: UInt8? {
        index < bytes.count ? bytes[index] : nil
    }

    /// Whether the byte at the reading position is `byte`.
    func peek(_ byte: UInt8) -> Bool {
        current == byte
    }

    func isDigit(_ byte: UInt8) -> Bool {
        (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte)
    }

    mutating func skipWhitespace() {
        while let byte = current, byte == 0x20 || byte == 0x0A || byte == 0x0D || byte == 0x09 { index += 1 }
    }

    /// An error at `offset` (the reading position by default): its line and column, and up to ten
    /// characters of what stands there.
    func failure(expected: String, at offset: Int? = nil) -> JSONParseError {
        let offset = min(offset ?? index, bytes.count)
        var line = 1
        var column = 1
        for position in 0..<offset {
            let byte = bytes[position]
            if byte == 0x0A {
                line += 1
                column = 1
            } else if byte & 0xC0 != 0x80 {
                column += 1
            }
        }
        guard offset < bytes.count else {
            return JSONParseError(line: line, column: column, expected: expected, found: "end of input")
        }
        var end = offset
        var characters = 0
        while end < bytes.count && characters < 10 {
            end += 1
            while end < bytes.count && bytes[end] & 0xC0 == 0x80 { end += 1 }
            characters += 1
        }
        var excerpt = String(decoding: bytes[offset..<end], as: UTF8.self)
        excerpt = excerpt.replacingControlCharacters()
        if end < bytes.count { excerpt += "…" }
        return JSONParseError(line: line, column: column, expected: expected, found: "'\(excerpt)'")
    }
}

extension String {
    /// The text with control characters shown as `\n`, `\t` or `\u{…}`, for one-line messages.
    func replacingControlCharacters() -> String {
        var output = ""
        for scalar in unicodeScalars {
            switch scalar {
            case "\n": output += "\\n"
            case "\r": output += "\\r"
            case "\t": output += "\\t"
            case let control where control.value < 0x20 || control.value == 0x7F:
                output += "\\u{\(String(control.value, radix: 16))}"
            default: output.unicodeScalars.append(scalar)
            }
        }
        return output
    }
}
