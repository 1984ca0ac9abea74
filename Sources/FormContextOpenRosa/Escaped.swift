/// Text from a server, a URL or a file made safe to put in a message: control and format characters
/// escaped and long text cut, so that no byte of it reaches a terminal as a command.
enum Escaped {
    /// The text in double quotes, escaped, at most `limit` characters of it.
    static func quoted(_ text: some StringProtocol, limit: Int = 120) -> String {
        "\"" + plain(text, limit: limit) + "\""
    }

    /// The text escaped, at most `limit` characters of it.
    static func plain(_ text: some StringProtocol, limit: Int = 200) -> String {
        var out = ""
        var count = 0
        for scalar in text.unicodeScalars {
            if count == limit {
                out += "…"
                break
            }
            count += 1
            switch scalar {
            case "\\": out += "\\\\"
            case "\"": out += "\\\""
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            default:
                let category = scalar.properties.generalCategory
                let isControl = scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value)
                if isControl || category == .format || category == .lineSeparator || category == .paragraphSeparator {
                    out += "\\u{" + String(scalar.value, radix: 16) + "}"
                } else {
                    out.unicodeScalars.append(scalar)
                }
            }
        }
        return out
    }
}
