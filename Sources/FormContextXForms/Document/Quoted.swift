/// Text from a document, a server, a URL or a file made safe to put in an error message: control
/// and format characters escaped and long text cut, so that no byte of it reaches a terminal as a
/// command. Shared by the XForms and OpenRosa modules (`package`, not public).
package enum Quoted {
    /// The text in double quotes, escaped, at most `limit` characters of it.
    package static func value(_ text: some StringProtocol, limit: Int = 60) -> String {
        "\"" + escaped(text, limit: limit) + "\""
    }

    /// A name (of an element, an attribute, a file), escaped, at most 60 characters.
    package static func name(_ text: some StringProtocol) -> String { escaped(text, limit: 60) }

    /// Text escaped without quotes around it, at most `limit` characters of it.
    package static func plain(_ text: some StringProtocol, limit: Int = 200) -> String { escaped(text, limit: limit) }

    /// An element name in angle brackets: `<bind>`.
    package static func element(_ text: some StringProtocol) -> String { "<" + escaped(text, limit: 60) + ">" }

    private static func escaped(_ text: some StringProtocol, limit: Int) -> String {
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
                let isControl = scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value)
                let isFormat = scalar.properties.generalCategory == .format
                    || scalar.properties.generalCategory == .lineSeparator
                    || scalar.properties.generalCategory == .paragraphSeparator
                if isControl || isFormat {
                    out += "\\u{" + String(scalar.value, radix: 16) + "}"
                } else {
                    out.unicodeScalars.append(scalar)
                }
            }
        }
        return out
    }
}
