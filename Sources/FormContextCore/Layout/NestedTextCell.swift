/// A cell that shows a text field's value and opens a screen of that one text field: the seed's
/// `nestedTextField`.
///
/// The screen it opens is titled like the cell, holds one untitled ``TextCell`` that takes the focus
/// and starts editing (the first responder), and goes back when the text is committed
/// (``Screen/popsOnCommit``). It is built when it is opened.
///
/// ```swift
/// NestedTextCell("Password", key: FormKey<String>("password"), secure: true)
/// ```
public struct NestedTextCell: CellContent {
    /// The cell.
    let cell: Cell

    /// Creates a nested text field cell.
    ///
    /// - Parameters:
    ///   - title: The title of the cell and of the screen it opens.
    ///   - key: The field the text edits.
    ///   - secure: Whether the text is secret (a password field).
    public init(_ title: String, key: FormKey<String>, secure: Bool = false) {
        let format = FieldFormat<String>.text
        cell = Cell(
            kind: .nestedText, title: title, key: key.name, isSecure: secure,
            destination: {
                Screen(title, sections: [FormSection(cells: [TextCell("", key: key, secure: secure).cell])], popsOnCommit: true)
            },
            display: { values in .text(format.format(values[key])) })
    }

    /// The cell.
    public var cells: [Cell] { [cell] }
}
