/// What ``FormNavigator/activate()`` did with the focused row: what selecting it, pressing Return or
/// tapping it, means for its kind.
public enum Activation: Sendable {
    /// Nothing: no row has the focus, or it is a read-only value.
    case none
    /// A switch was flipped.
    case toggled
    /// An option or the next choice was selected.
    case selected
    /// A nested screen was opened.
    case opened
    /// Editing of a text entry began.
    case editing
    /// The text being edited was committed (or, if ``FormNavigator/editing`` still has an error,
    /// refused).
    case committed
    /// A button's action ran.
    case pressed
    /// A submit button submitted the form.
    case submitted(SubmitResult)
    /// An add button added this row to its repeat group; the focus is on the row's first cell.
    case addedRow(RowID)
    /// A remove button removed this row from its repeat group.
    case removedRow(RowID)
    /// An add or remove button could not do it: the group is full, or the row is gone.
    case refused(RepeatGroupError)
    /// The focused row's field is read-only (``FormControlError/readOnly(key:)``): it was not
    /// flipped, selected or opened for editing, and the form is as it was.
    case refusedEdit(FormControlError)
}
