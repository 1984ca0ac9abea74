/// What a ``ButtonCell`` does when it is pressed.
public enum ButtonRole: Sendable {
    /// Submits the form through its submit pipeline (``FormNavigator/submit()``), which moves the
    /// focus to the first invalid field if there is one.
    case submit
    /// Runs an action with the form and the scope the cell's screen is bound under (the root scope
    /// unless the screen was scoped with ``Screen/scoped(in:)``); `scope.key("name")` is the full key
    /// of the screen's `name`.
    case action(@Sendable (_ form: FormContextObject, _ scope: FormScope) async -> Void)
    /// Adds a row, holding the fields' defaults, at the end of the repeat group `group` (its full
    /// key); ``FormNavigator/activate()`` then focuses the new row. A ``RepeatSection``'s
    /// ``RepeatSection/addButton(_:)``.
    case addRow(group: String)
    /// Removes the row `row` of the repeat group `group` (its full key). A ``RepeatSection``'s
    /// ``RepeatSection/removeButton(_:)``, bound to each row.
    case removeRow(group: String, row: RowID)

    /// Whether the button submits the form.
    var isSubmit: Bool {
        if case .submit = self { return true }
        return false
    }
}
