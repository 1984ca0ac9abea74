/// A button: submits the form, or runs an action.
///
/// ```swift
/// ButtonCell("Save", role: .submit)
/// ButtonCell("Reset") { form, _ in form.reset() }
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

    /// Creates a button that runs `action` when pressed.
    ///
    /// - Parameters:
    ///   - title: The title.
    ///   - action: Runs with the form and the scope the button's screen is bound under.
    public init(_ title: String, action: @escaping @Sendable (_ form: FormContextObject, _ scope: FormScope) async -> Void) {
        self.init(title, role: .action(action))
    }

    /// The cell.
    public var cells: [Cell] { [cell] }
}
