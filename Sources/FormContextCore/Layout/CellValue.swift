/// What a cell shows beside its title, computed from the form's values.
///
/// A renderer draws it: a switch for ``toggle(_:)``, a checkmark for ``checkmark(_:)``, the text
/// right-aligned for ``text(_:)``. Secret text arrives as it is stored: a renderer masks it when the
/// cell is secure (``Cell/isSecure``), as every description here does.
public enum CellValue: Hashable, Sendable {
    /// Nothing beside the title (a button, or a detail cell whose value closure gave `nil`).
    case none
    /// Text: a text field's value, a number, a date, a choice, a detail cell's summary, a calculation.
    case text(String)
    /// A switch, on or off.
    case toggle(Bool)
    /// One option of a list: whether it is the selected one.
    case checkmark(Bool)

    /// The text, if the value is text.
    public var text: String? {
        if case .text(let text) = self { return text }
        return nil
    }

    /// The value as a short description, with text masked when `isSecure`: `"my network"`, `on`,
    /// `✓`, or nothing.
    ///
    /// - Parameter isSecure: Whether text is secret.
    /// - Returns: The description.
    func described(isSecure: Bool) -> String {
        switch self {
        case .none: ""
        case .text(let text): SecretDisplay.input("\"\(text)\"", isSecret: isSecure && !text.isEmpty)
        case .toggle(let isOn): isOn ? "on" : "off"
        case .checkmark(let isChecked): isChecked ? "✓" : ""
        }
    }
}
