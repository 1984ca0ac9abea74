/// Text from outside (a server's message, a file's name) made safe for a terminal or a log line: every
/// control character, every bidirectional formatting character and the backslash written as a
/// `\u{…}` (or `\\`) escape, and the whole cut to a length.
enum ServerText {
    /// The most characters of server text kept in a reason.
    static let limit = 200

    /// `text` escaped and cut to `limit` characters (an ellipsis marks the cut).
    ///
    /// - Parameters:
    ///   - text: Text from outside.
    ///   - limit: The most characters kept before escaping.
    /// - Returns: Text without control or bidirectional characters.
    static func escaped(_ text: some StringProtocol, limit: Int = ServerText.limit) -> String {
        var output = ""
        var count = 0
        for scalar in text.unicodeScalars {
            if count == limit {
                output += "…"
                break
            }
            count += 1
            if scalar == "\\" {
                output += "\\\\"
            } else if isUnsafe(scalar) {
                output += "\\u{" + String(scalar.value, radix: 16, uppercase: true) + "}"
            } else {
                output.unicodeScalars.append(scalar)
            }
        }
        return output
    }

    /// Whether `scalar` may move the cursor, change the terminal's state or reorder what follows.
    static func isUnsafe(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x00...0x1F, 0x7F...0x9F: true
        case 0x061C, 0x200E, 0x200F, 0x202A...0x202E, 0x2066...0x2069, 0x2028, 0x2029: true
        default: false
        }
    }
}
