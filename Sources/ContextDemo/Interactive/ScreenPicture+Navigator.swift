import FormContext

extension ScreenPicture {
    /// What `navigator`'s top screen shows now, with `messages` under it.
    ///
    /// - Parameters:
    ///   - navigator: The navigator.
    ///   - messages: Lines to show under the screen.
    ///   - revealingSecrets: Whether secret values are shown as they are.
    init(_ navigator: FormNavigator, messages: [String] = [], revealingSecrets: Bool = false) {
        let top = navigator.top
        let focus = navigator.focus
        let editing = navigator.editing
        path = navigator.screens.map { DemoText.escaped($0.screen.title) }
        sections = top.sections.map { section in
            Section(
                title: section.title.map(DemoText.escaped),
                rows: section.rows.map { row in
                    Self.row(row, isFocused: row.path == focus, editing: editing?.path == row.path ? editing : nil, revealingSecrets: revealingSecrets)
                },
                footer: section.footer.map(DemoText.escaped))
        }
        var lines = messages
        if let error = editing?.error { lines.append("\(error)") }
        self.messages = lines.map(DemoText.escaped)
        isEditing = editing != nil
    }

    /// The most characters of the text being typed a picture shows: its end, where the typing goes
    /// on, after `…` when the text is longer. No row is that wide, and a picture (and each frame)
    /// costs the same however long the text grows.
    static let editingTail = 1_000

    /// The last ``editingTail`` characters of `text`, and whether that is not all of it.
    ///
    /// - Complexity: O(``editingTail``), whatever the length of `text`.
    static func tail(of text: String) -> (tail: Substring, isCut: Bool) {
        guard let start = text.index(text.endIndex, offsetBy: -editingTail, limitedBy: text.startIndex), start > text.startIndex else {
            return (text[...], false)
        }
        return (text[start...], true)
    }

    /// What a secret field with a value shows instead of it: the mask the form's own descriptions use.
    private static let secretMask = "••••••"

    /// The row for `row`.
    private static func row(_ row: VisibleRow, isFocused: Bool, editing: TextEditing?, revealingSecrets: Bool) -> Row {
        let cell = row.cell
        let masked = cell.isSecure && !revealingSecrets
        if let editing {
            let (tail, isCut) = Self.tail(of: editing.text)
            let text = (isCut ? "…" : "") + (masked ? String(repeating: "•", count: tail.count) : DemoText.escaped(tail))
            return Row(title: DemoText.escaped(cell.title), value: text, accessory: .none, isFocused: isFocused, isEditing: true)
        }
        var value = ""
        var accessory = Accessory.none
        switch row.value {
        case .none: break
        case .text(let text): value = masked && !text.isEmpty ? Self.secretMask : DemoText.escaped(text)
        case .toggle(let isOn): accessory = .toggle(isOn)
        case .checkmark(let isChecked): accessory = .checkmark(isChecked)
        }
        if cell.kind.opensScreen { accessory = .disclosure }
        if cell.kind == .choice { accessory = .choice }
        return Row(
            title: DemoText.escaped(cell.title), value: value, accessory: accessory, isFocused: isFocused,
            isReadOnly: cell.kind == .value)
    }
}
