/// What kind of control a cell is: what a renderer draws and what selecting the cell does.
public enum CellKind: Hashable, Sendable, CaseIterable {
    /// A switch bound to a `Bool` field; selecting it flips the switch (``ToggleCell``).
    case toggle
    /// A text field shown in the row itself (``TextCell``).
    case text
    /// A cell showing a text field's value that opens a screen of that one text field, which commits
    /// on Return and goes back (``NestedTextCell``, the seed's `nestedTextField`).
    case nestedText
    /// A number typed as text (``NumberCell``).
    case number
    /// A date typed as ISO 8601 text (``DateCell``).
    case date
    /// One choice among a fixed list of options, shown in the row (``ChoiceCell``).
    case choice
    /// Any number of choices among a fixed list of options, shown in the row as the selected ones'
    /// titles; selecting it opens a screen of one checkmarked option per choice
    /// (``MultipleChoiceCell``).
    case multipleChoice
    /// One option of a list, checkmarked when it is the field's value; selecting it sets the field
    /// (``OptionList``, the seed's `optionCell`).
    case option
    /// A cell with a summary that opens a nested screen, built when it is opened (``DetailCell``).
    case detail
    /// A button: submits the form, or runs an action (``ButtonCell``).
    case button
    /// A read-only value, such as a calculation (``ValueCell``).
    case value

    /// Whether the cell can take the focus: every kind but a read-only value.
    var isFocusable: Bool { self != .value }

    /// Whether the cell is edited by typing text into it.
    var isTextEntry: Bool { self == .text || self == .number || self == .date }

    /// Whether selecting the cell opens a nested screen.
    public var opensScreen: Bool { self == .detail || self == .nestedText || self == .multipleChoice }
}
