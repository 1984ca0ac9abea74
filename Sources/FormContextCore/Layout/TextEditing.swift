/// The text being typed into a text-entry cell, before it is committed to the form.
public struct TextEditing: Hashable, Sendable, CustomStringConvertible {
    /// The cell being edited, on the top screen.
    public let path: CellPath
    /// The text typed so far.
    public internal(set) var text: String
    /// Why the last commit failed (the text does not parse as the field's type); `nil` otherwise.
    public internal(set) var error: FormControlError?
    /// Whether the text is secret: shown masked.
    let isSecure: Bool

    /// `editing cell 0.0: "my network"`, secret text masked, with the error if any.
    public var description: String {
        let shown = isSecure ? String(repeating: "•", count: text.count) : "\"\(text)\""
        return "editing \(path): \(shown)" + (error.map { " (\($0))" } ?? "")
    }
}
