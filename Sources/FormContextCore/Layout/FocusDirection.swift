/// Which way ``FormNavigator/moveFocus(_:)`` moves the focus among the focusable rows.
public enum FocusDirection: Hashable, Sendable, CaseIterable {
    /// To the next focusable row, in reading order.
    case next
    /// To the previous focusable row.
    case previous
}
