/// Draws a ``ScreenPicture`` as the lines of a grouped table: a pure function of the picture, the
/// terminal's size and whether to style, tested without a terminal.
///
/// ```
/// Settings › Personal Hotspot
///
/// > Personal Hotspot                                                    [on]
///   Personal Hotspot Enabled
///
///   Notification                                                   Always ›
/// ```
///
/// The focused row starts with `>` (and is shown in reverse video when styled); footers, section
/// titles and the key help are dimmed when styled. Without style (`NO_COLOR`) no escape sequence is
/// written at all. Each line fits in `width − 1` columns, so that no terminal wraps it.
enum ScreenDrawing {
    /// Select Graphic Rendition sequences.
    enum Style: String {
        case bold = "\u{1B}[1m"
        case dim = "\u{1B}[2m"
        case reverse = "\u{1B}[7m"
        static let reset = "\u{1B}[0m"
    }

    /// The key help at the bottom.
    static let browsingHelp = "↑↓ move  ⏎/→ open  space toggle  ←/esc back  s submit  q quit"
    static let editingHelp = "type to edit  ⏎ commit  esc cancel  ↑↓ commit and move"

    /// The lines that draw `picture`.
    ///
    /// - Parameters:
    ///   - picture: The screen.
    ///   - width: The terminal's columns.
    ///   - height: The terminal's rows; the rows shown scroll to keep the focused one in view.
    ///   - styled: Whether to use bold, dim and reverse video.
    /// - Returns: At most `height` lines.
    static func lines(of picture: ScreenPicture, width: Int, height: Int, styled: Bool) -> [String] {
        let columns = max(width - 1, 10)
        func style(_ text: String, _ styles: Style...) -> String {
            guard styled, !styles.isEmpty else { return text }
            return styles.map(\.rawValue).joined() + text + Style.reset
        }
        let header = [style(TextWidth.truncated(picture.path.joined(separator: " › "), to: columns), .bold), ""]
        var body: [String] = []
        var focusLine: Int?
        for (index, section) in picture.sections.enumerated() {
            if index > 0 { body.append("") }
            if let title = section.title { body.append(style("  " + TextWidth.truncated(title, to: columns - 2), .dim)) }
            for row in section.rows {
                if row.isFocused { focusLine = body.count }
                var shown = right(of: row)
                if row.isEditing {
                    // Text being typed keeps its end, where the typing goes on, in view.
                    let title = TextWidth.of(row.title)
                    shown = TextWidth.tail(shown, to: title == 0 ? columns - 2 : columns - 4 - min(title, (columns - 2) / 2))
                }
                let text = (row.isFocused ? "> " : "  ") + TextWidth.spread(row.title, shown, in: columns - 2)
                body.append(row.isFocused ? style(text, .reverse) : text)
            }
            if let footer = section.footer {
                body += TextWidth.wrapped(footer, to: columns - 2).map { style("  " + $0, .dim) }
            }
        }
        var bottom = [""]
        bottom += picture.messages.flatMap { TextWidth.wrapped($0, to: columns) }
        bottom.append(style(TextWidth.truncated(picture.isEditing ? editingHelp : browsingHelp, to: columns), .dim))
        let room = max(height - header.count - bottom.count, 1)
        if body.count > room {
            let focus = focusLine ?? 0
            let start = min(max(focus - room / 2, 0), body.count - room)
            body = Array(body[start..<(start + room)])
        }
        return Array((header + body + bottom).prefix(max(height, 1)))
    }

    /// What a row shows at its right: its value and its accessory.
    static func right(of row: ScreenPicture.Row) -> String {
        let value = row.isEditing ? row.value + "_" : row.value
        switch row.accessory {
        case .none: return value
        case .disclosure: return value.isEmpty ? "›" : value + " ›"
        case .toggle(let isOn): return isOn ? "[on]" : "[off]"
        case .checkmark(let isChecked): return isChecked ? "✓" : ""
        case .choice: return "‹ " + value + " ›"
        }
    }
}
