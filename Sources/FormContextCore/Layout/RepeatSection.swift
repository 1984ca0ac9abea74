/// The rows of a repeat group on a ``Screen``: one section per row, in the group's order, each
/// holding the row's cells, written with keys relative to the row.
///
/// ```swift
/// RepeatSection("Members", group: "members") {
///     TextCell("Name", key: FormKey<String>("name"))      // members.r3.name in row r3
///     NumberCell("Age", key: FormKey<Int>("age"))
/// }
/// .addButton("Add member")
/// .removeButton("Remove member")
/// ```
///
/// A repeat section shows first a section of its own holding its title, its ``addButton(_:)`` and
/// its footer (when it has none of them, nothing), then a section per row: a row of several fields
/// reads as one block, and adding, removing or moving a row inserts or deletes one section, at a
/// cost that does not grow with the number of rows. A cell of a row is hidden while the form's rules
/// hide its field in that row (``FieldDefinition/visible(when:)`` in the ``RepeatGroup``), and a row
/// whose every cell is hidden is hidden too. The cells' conditions and values read the row's fields
/// by name, and the rest of the form through ``FormValues/outer``.
public struct RepeatSection: Sendable {
    /// The title above the rows, if any.
    let title: String?
    /// The repeat group's key.
    let group: String
    /// The cells of one row, keyed relative to the row.
    let rowCells: [Cell]
    /// The add button's title, if the section has one.
    private(set) var addTitle: String?
    /// The remove button's title, if each row has one.
    private(set) var removeTitle: String?
    private var footer: (@Sendable (FormValues) -> String?)?
    private var condition: VisibilityCondition?

    /// Creates a repeat section whose rows hold the cells `row` builds.
    ///
    /// - Parameters:
    ///   - title: The title above the rows, if any.
    ///   - group: The repeat group's key (``RepeatGroup/key``).
    ///   - footer: Computes the footer below the title and the add button; `nil` for none.
    ///   - row: The cells of one row, with keys relative to the row.
    public init(
        _ title: String? = nil, group: String, footer: (@Sendable (FormValues) -> String?)? = nil, @CellBuilder row: () -> [Cell]
    ) {
        self.title = title
        self.group = group
        self.footer = footer
        rowCells = row()
    }

    /// The same section with a button that adds a row, holding the fields' defaults, at the end of
    /// the group; ``FormNavigator/activate()`` on it focuses the new row's first cell.
    ///
    /// - Parameter title: The button's title, such as `Add member`.
    /// - Returns: The section with the button.
    public func addButton(_ title: String) -> RepeatSection {
        var copy = self
        copy.addTitle = title
        return copy
    }

    /// The same section with a button at the end of each row that removes the row.
    ///
    /// - Parameter title: The button's title, such as `Remove member`.
    /// - Returns: The section with the buttons.
    public func removeButton(_ title: String) -> RepeatSection {
        var copy = self
        copy.removeTitle = title
        return copy
    }

    /// The same section, its title and its rows shown only while `condition` holds.
    ///
    /// - Parameter condition: Whether the section is shown; it reads the form's values.
    /// - Returns: The section with the condition; a condition it had already must hold too.
    public func visible(when condition: @escaping @Sendable (FormValues) -> Bool) -> RepeatSection {
        var copy = self
        copy.condition = conjunction(self.condition, condition)
        return copy
    }

    /// The section as a screen holds it: a ``FormSection`` whose cells are the add button, with the
    /// rows' template.
    var section: FormSection {
        let add = addTitle.map { Cell(kind: .button, title: $0, key: nil, role: .addRow(group: group)) { _ in .none } }
        var section = FormSection(title, cells: add.map { [$0] } ?? [], footer: footer)
        section.condition = condition
        section.repeating = RowTemplate(group: group, cells: rowCells, removeTitle: removeTitle)
        return section
    }
}
