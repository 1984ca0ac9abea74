/// How many terminal columns text takes, and text cut or padded to a number of columns.
///
/// A character is as wide as its widest scalar: two columns for East Asian wide and full-width
/// characters and for emoji shown as emoji, none for combining marks and joiners, one otherwise. Text
/// here has been escaped first (``DemoText``), so it holds no control characters.
enum TextWidth {
    /// The columns `text` takes.
    static func of(_ text: some StringProtocol) -> Int {
        text.reduce(0) { $0 + of($1) }
    }

    /// The columns `character` takes.
    static func of(_ character: Character) -> Int {
        // A variation selector 16 asks for the emoji presentation, two columns wide.
        if character.unicodeScalars.contains("\u{FE0F}") { return 2 }
        return character.unicodeScalars.reduce(0) { max($0, of($1)) }
    }

    /// The columns `scalar` takes on its own.
    static func of(_ scalar: Unicode.Scalar) -> Int {
        let properties = scalar.properties
        switch properties.generalCategory {
        case .nonspacingMark, .enclosingMark, .format: return 0
        default: break
        }
        if properties.isEmojiPresentation { return 2 }
        switch scalar.value {
        case 0x1100...0x115F, 0x2E80...0x303E, 0x3041...0x33FF, 0x3400...0x4DBF, 0x4E00...0x9FFF, 0xA000...0xA4CF,
            0xAC00...0xD7A3, 0xF900...0xFAFF, 0xFE30...0xFE4F, 0xFF00...0xFF60, 0xFFE0...0xFFE6, 0x20000...0x3FFFD:
            return 2
        default:
            return 1
        }
    }

    /// `text` cut to at most `columns` columns, ending with `…` when it was cut.
    static func truncated(_ text: String, to columns: Int) -> String {
        guard columns > 0 else { return "" }
        guard of(text) > columns else { return text }
        var result = ""
        var used = 0
        for character in text {
            let width = of(character)
            if used + width > columns - 1 { break }
            result.append(character)
            used += width
        }
        return result + "…"
    }

    /// The end of `text` that fits in `columns` columns, starting with `…` when it was cut: for text
    /// being typed, whose end is where the typing goes on.
    static func tail(_ text: String, to columns: Int) -> String {
        guard columns > 0 else { return "" }
        guard of(text) > columns else { return text }
        var result = ""
        var used = 0
        for character in text.reversed() {
            let width = of(character)
            if used + width > columns - 1 { break }
            result.insert(character, at: result.startIndex)
            used += width
        }
        return "…" + result
    }

    /// `left` and `right` on one line of exactly `columns` columns (less if both do not fit), with
    /// spaces between: the right part is kept whole as far as it can be, the left part cut first.
    /// Without a left part, the right part stands at the left, as a text field's text does.
    static func spread(_ left: String, _ right: String, in columns: Int) -> String {
        guard !right.isEmpty else { return truncated(left, to: columns) }
        guard !left.isEmpty else { return truncated(right, to: columns) }
        let rightShown = truncated(right, to: max(columns - min(of(left), columns / 2) - 2, 1))
        let leftShown = truncated(left, to: max(columns - of(rightShown) - 2, 0))
        let gap = max(columns - of(leftShown) - of(rightShown), 1)
        return leftShown + String(repeating: " ", count: gap) + rightShown
    }

    /// `text` broken into lines of at most `columns` columns, at spaces where it can be.
    static func wrapped(_ text: String, to columns: Int) -> [String] {
        guard columns > 0 else { return [] }
        var lines: [String] = []
        var line = ""
        for word in text.split(separator: " ", omittingEmptySubsequences: false).map(String.init) {
            let candidate = line.isEmpty ? word : line + " " + word
            if of(candidate) <= columns {
                line = candidate
                continue
            }
            if !line.isEmpty { lines.append(line) }
            line = word
            while of(line) > columns {
                let head = prefix(line, columns: columns)
                lines.append(head)
                line = String(line.dropFirst(head.count))
            }
        }
        if !line.isEmpty || lines.isEmpty { lines.append(line) }
        return lines
    }

    /// The longest start of `text` that fits in `columns` columns (at least one character).
    private static func prefix(_ text: String, columns: Int) -> String {
        var result = ""
        var used = 0
        for character in text {
            let width = of(character)
            if used + width > columns && !result.isEmpty { break }
            result.append(character)
            used += width
        }
        return result
    }
}
