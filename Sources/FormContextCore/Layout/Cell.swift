/// One row of a ``FormSection``: a control bound to a field, a detail cell that opens a nested
/// screen, a button, or a read-only value.
///
/// A cell is a `Sendable` value that says what to show and what selecting it does; it renders
/// nothing. Cells are made with ``ToggleCell``, ``TextCell``, ``NestedTextCell``, ``NumberCell``,
/// ``DateCell``, ``ChoiceCell``, ``MultipleChoiceCell``, ``OptionList``, ``DetailCell``, ``ButtonCell`` and ``ValueCell`` inside
/// a section's builder, and inspected by a renderer through ``kind``, ``title``, ``key`` and the
/// values a ``LiveScreen`` computes.
///
/// A cell bound to a field (``key``) is hidden while the form's rules hide that field
/// (``FieldDefinition/visible(when:)``, ``FieldGroup``), as well as while its own condition
/// (`visible(when:)` on any ``CellContent``) does not hold.
public struct Cell: Sendable, CellContent {
    /// What kind of control the cell is.
    public let kind: CellKind
    /// The title shown in the row.
    public let title: String
    /// The field the cell edits or shows; `nil` for a detail cell, a button or a computed value.
    public let key: String?
    /// Whether the field's value is secret: shown masked.
    public let isSecure: Bool
    /// The options of a ``CellKind/choice`` or ``CellKind/multipleChoice`` cell, or the one option
    /// of a ``CellKind/option`` cell.
    public let options: [CellOption]
    /// What a ``CellKind/button`` cell does.
    public let role: ButtonRole?

    /// Computes what the cell shows.
    let display: @Sendable (FormValues) -> CellValue
    /// Whether the cell is shown, as far as its own condition goes.
    var condition: VisibilityCondition?
    /// How a text-entry cell reads and writes text.
    let textFormat: CellTextFormat?
    /// Builds the screen a detail, nested text or multiple-choice cell opens.
    let destination: (@Sendable () -> Screen)?
    /// How a multiple-choice cell reads and writes its selection.
    let selection: MultipleSelection?

    init(
        kind: CellKind, title: String, key: String?, isSecure: Bool = false, options: [CellOption] = [],
        role: ButtonRole? = nil, textFormat: CellTextFormat? = nil, selection: MultipleSelection? = nil,
        destination: (@Sendable () -> Screen)? = nil, display: @escaping @Sendable (FormValues) -> CellValue
    ) {
        self.kind = kind
        self.title = title
        self.key = key
        self.isSecure = isSecure
        self.options = options
        self.role = role
        self.textFormat = textFormat
        self.destination = destination
        self.selection = selection
        self.display = display
    }

    /// The cell itself, so that a cell can stand wherever cells are built.
    public var cells: [Cell] { [self] }

    /// Whether the cell has a condition of its own (`visible(when:)`).
    var hasCondition: Bool { condition != nil }

    /// The same cell, shown only while `condition` holds (and, for a cell bound to a field, while the
    /// form's rules show the field).
    ///
    /// The condition reads the form's values, hidden fields' included, as a visibility rule does; a
    /// ``LiveScreen`` evaluates it again only when a value it read changes.
    ///
    /// - Parameter condition: Whether the cell is shown.
    /// - Returns: The cell with the condition; a condition it had already must hold too.
    func visible(when condition: @escaping @Sendable (FormValues) -> Bool) -> Cell {
        var copy = self
        copy.condition = conjunction(self.condition, condition)
        return copy
    }

    /// What the cell shows for `values`: a way to read a layout without a live form.
    ///
    /// - Parameter values: The values, for example `FormValues(context)`.
    /// - Returns: What the cell shows.
    func value(in values: FormValues) -> CellValue {
        display(values)
    }

    /// Whether the cell's own condition holds for `values` (`true` without a condition).
    ///
    /// - Parameter values: The values.
    /// - Returns: Whether the condition holds.
    func isShown(in values: FormValues) -> Bool {
        condition?(values) ?? true
    }
}
