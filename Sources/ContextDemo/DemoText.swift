/// What the demo prints is text and nothing else: every line is one line on a terminal, and no
/// character in it can act on the terminal (move the cursor, clear the screen, change the title,
/// reorder the text).
///
/// Control characters are shown as Swift writes them in a string literal: `\n`, `\r`, `\t`, `\0`,
/// and `\u{1B}` for the others: the C0 controls, DEL, the C1 controls (U+0080 to U+009F), the line
/// and paragraph separators (U+2028, U+2029) and the bidirectional formatting characters. Echoed
/// text (an unknown option, key or form name) is also quoted, with `'` and `\` escaped, and cut after
/// 80 characters with its full length stated: `'xxxx…' (100002 characters)`.
enum DemoText {
    /// How many characters of an echoed argument are shown.
    static let echoLimit = 80

    /// `line` with every control character shown as an escape; a backslash stays as it is.
    static func escaped(_ line: some StringProtocol) -> String {
        escaped(line, quote: nil)
    }

    /// `text` quoted in `'`, escaped, and cut after ``echoLimit`` characters with its full length.
    static func echo(_ text: String) -> String {
        guard let end = text.index(text.startIndex, offsetBy: echoLimit, limitedBy: text.endIndex), end < text.endIndex else {
            return "'" + escaped(text, quote: "'") + "'"
        }
        return "'" + escaped(text[..<end], quote: "'") + "…' (\(text.count) characters)"
    }

    /// `lines`, each escaped, each ended by a line break.
    static func joined(_ lines: some Sequence<String>) -> String {
        lines.map { escaped($0) + "\n" }.joined()
    }

    /// `text`, already made of lines, with each line escaped (for text whose own values cannot hold a
    /// line break, such as JSON); ends with a line break.
    static func splitAndEscaped(_ text: String) -> String {
        joined(text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init))
    }

    private static func escaped(_ text: some StringProtocol, quote: Unicode.Scalar?) -> String {
        var result = ""
        result.reserveCapacity(text.utf8.count)
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\n": result += "\\n"
            case "\r": result += "\\r"
            case "\t": result += "\\t"
            case "\0": result += "\\0"
            case "\\" where quote != nil: result += "\\\\"
            case _ where scalar == quote: result += "\\" + String(scalar)
            case _ where acts(scalar): result += "\\u{" + String(scalar.value, radix: 16, uppercase: true) + "}"
            default: result.unicodeScalars.append(scalar)
            }
        }
        return result
    }

    /// Whether `scalar` acts on a terminal, or reorders what it shows, instead of printing.
    private static func acts(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x00...0x1F, 0x7F...0x9F, 0x2028, 0x2029, 0x200E, 0x200F, 0x202A...0x202E, 0x2066...0x2069: true
        default: false
        }
    }
}
