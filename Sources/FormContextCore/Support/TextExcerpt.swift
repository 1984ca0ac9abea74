/// Text as an error message shows it: in double quotes, escaped like a Swift string literal, every
/// control character visible, and cut after ``limit`` characters with the full length stated:
/// `"4x"`, `"line\nbreak"`, `"\u{1B}[2J"`, `"xxxx…" (10485760 characters)`.
///
/// So a message is one line, sends nothing to a terminal but text, and stays short whatever was typed.
enum TextExcerpt {
    /// The number of characters shown before the text is cut.
    static let limit = 80

    /// `text`, quoted, escaped and cut.
    ///
    /// - Parameters:
    ///   - text: The text.
    ///   - quote: The quotation mark, `"` by default; inside the text it is escaped.
    /// - Complexity: O(``limit``) for the excerpt, plus O(*n*) to count a text that is cut.
    static func quoted(_ text: String, in quote: Unicode.Scalar = "\"") -> String {
        let mark = String(quote)
        guard let end = text.index(text.startIndex, offsetBy: limit, limitedBy: text.endIndex), end < text.endIndex else {
            return mark + escaped(text[...], quote: quote) + mark
        }
        return mark + escaped(text[..<end], quote: quote) + "…" + mark + " (\(text.count) characters)"
    }

    /// `text` with the quotation mark and backslashes escaped and every control character written as
    /// an escape.
    static func escaped(_ text: Substring, quote: Unicode.Scalar = "\"") -> String {
        var result = ""
        result.reserveCapacity(text.utf8.count)
        for scalar in text.unicodeScalars {
            switch scalar {
            case quote: result += "\\" + String(quote)
            case "\\": result += "\\\\"
            case "\n": result += "\\n"
            case "\r": result += "\\r"
            case "\t": result += "\\t"
            case "\0": result += "\\0"
            case _ where isUnsafeForTerminals(scalar): result += "\\u{" + String(scalar.value, radix: 16, uppercase: true) + "}"
            default: result.unicodeScalars.append(scalar)
            }
        }
        return result
    }
}

/// Whether `scalar` would act on a terminal or reorder what it shows instead of printing: the C0
/// controls, DEL, the C1 controls, the line and paragraph separators, and the bidirectional
/// formatting characters.
func isUnsafeForTerminals(_ scalar: Unicode.Scalar) -> Bool {
    switch scalar.value {
    case 0x00...0x1F, 0x7F...0x9F, 0x2028, 0x2029, 0x200E, 0x200F, 0x202A...0x202E, 0x2066...0x2069: true
    default: false
    }
}
