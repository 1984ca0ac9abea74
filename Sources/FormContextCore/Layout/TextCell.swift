/// A text field shown in its row, bound to a `String` field.
///
/// It shows the field's text (``CellValue/text(_:)``, masked by renderers when `secure`). Typed
/// text is written into the form when it is committed (``FormNavigator/commitEditing()``), as a user
/// edit.
///
/// ```swift
/// TextCell("Name", key: FormKey<String>("name"))
/// ```
public struct TextCell: CellContent {
    /// The cell.
    let cell: Cell

    /// Creates a text field cell.
    ///
    /// - Parameters:
    ///   - title: The title; empty for a field that stands alone on its screen.
    ///   - key: The field the text edits.
    ///   - secure: Whether the text is secret (a password field).
    public init(_ title: String, key: FormKey<String>, secure: Bool = false) {
        let format = FieldFormat<String>.text
        cell = Cell(kind: .text, title: title, key: key.name, isSecure: secure, textFormat: CellTextFormat(format)) { values in
            .text(format.format(values[key]))
        }
    }

    /// The cell.
    public var cells: [Cell] { [cell] }
}
