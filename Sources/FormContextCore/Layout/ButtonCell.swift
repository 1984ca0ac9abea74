/// A button: submits the form, or runs an action.
///
/// ```swift
/// ButtonCell("Save", role: .submit)
/// ButtonCell("Reset", role: .action { form, _ in form.reset() })
/// ```
public struct ButtonCell: CellContent {
    /// The cell.
    let cell: Cell

    /// Creates a button with `role`.
    ///
    /// - Parameters:
    ///   - title: The title.
    ///   - role: What pressing it does.
    public init(_ title: String, role: ButtonRole) {
        cell = Cell(kind: .button, title: title, key: nil, role: role) { _ in .none }
    }

    /// The cell.
    public var cells: [Cell] { [cell] }
}
