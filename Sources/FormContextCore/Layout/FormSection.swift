/// A group of cells on a ``Screen``, with an optional title and a footer computed from the form's
/// values: the seed's section, declared like SwiftUI's.
///
/// ```swift
/// FormSection(footer: { $0[isEnabled] == true ? "Personal Hotspot Enabled" : nil }) {
///     ToggleCell("Personal Hotspot", key: isEnabled)
/// }
/// ```
///
/// A section is shown while its condition (``visible(when:)``) holds and, if it has cells, while at
/// least one of them is shown: a section whose every cell is hidden (by the cells' conditions or by
/// the form's rules) is hidden too.
public struct FormSection: Sendable {
    /// The title above the cells, if any.
    public let title: String?
    /// The cells, hidden ones included, in order.
    public let cells: [Cell]
    /// Computes the footer below the cells; `nil` shows none.
    var footer: (@Sendable (FormValues) -> String?)?
    /// Whether the section is shown, as far as its own condition goes.
    var condition: VisibilityCondition?
    /// The rows of a ``RepeatSection``, shown after this section, one section each.
    var repeating: RowTemplate?

    /// Creates a section of the cells `content` builds.
    ///
    /// - Parameters:
    ///   - title: The title above the cells, if any.
    ///   - footer: Computes the footer from the form's values; `nil` for none. A ``LiveScreen``
    ///     computes it again when a value it read changes, and reports the change.
    ///   - content: The cells.
    public init(
        _ title: String? = nil, footer: (@Sendable (FormValues) -> String?)? = nil, @CellBuilder content: () -> [Cell]
    ) {
        self.init(title, cells: content(), footer: footer)
    }

    /// Creates a section of `cells`.
    ///
    /// - Parameters:
    ///   - title: The title above the cells, if any.
    ///   - cells: The cells.
    ///   - footer: Computes the footer from the form's values; `nil` for none.
    init(_ title: String? = nil, cells: [Cell], footer: (@Sendable (FormValues) -> String?)? = nil) {
        self.title = title
        self.cells = cells
        self.footer = footer
    }

    /// Whether the section has a footer.
    var hasFooter: Bool { footer != nil }

    /// Whether the section has a condition of its own (``visible(when:)``).
    var hasCondition: Bool { condition != nil }

    /// The key of the repeat group whose rows follow the section, one section each, for a
    /// ``RepeatSection``; `nil` for any other section.
    var repeatGroup: String? { repeating?.group }

    /// The cells of one row of a ``RepeatSection``, keyed relative to the row; empty for any other
    /// section. A row's remove button, if it has one, is the last.
    var rowCells: [Cell] { repeating?.cells ?? [] }

    /// The cell declared at `index` of the rows of a ``RepeatSection`` bound to the row `id`: its key
    /// under the row (`members.r3.name`), its condition and value read from inside the row.
    ///
    /// - Parameters:
    ///   - index: The cell's position among ``rowCells``.
    ///   - id: The row.
    /// - Returns: The bound cell; `nil` for a section that repeats nothing or an index outside it.
    func rowCell(_ index: Int, in id: RowID) -> Cell? {
        guard let repeating, repeating.cells.indices.contains(index) else { return nil }
        return repeating.cell(index, in: id)
    }

    /// Whether a repeat section's own section shows nothing: no title, no footer and no add button.
    var isBareHeader: Bool { repeating != nil && title == nil && footer == nil && cells.isEmpty }

    /// The same section, shown only while `condition` holds: the seed's section visibility.
    ///
    /// The condition reads the form's values, hidden fields' included; a ``LiveScreen`` evaluates it
    /// again only when a value it read changes, and reports the section deleted or inserted.
    ///
    /// - Parameter condition: Whether the section is shown.
    /// - Returns: The section with the condition; a condition it had already must hold too.
    public func visible(when condition: @escaping @Sendable (FormValues) -> Bool) -> FormSection {
        var copy = self
        copy.condition = conjunction(self.condition, condition)
        return copy
    }

    /// The footer for `values`: a way to read a layout without a live form.
    ///
    /// - Parameter values: The values.
    /// - Returns: The footer, or `nil` for none.
    func footer(in values: FormValues) -> String? {
        footer?(values)
    }

    /// Whether the section's own condition holds for `values` (`true` without a condition).
    ///
    /// - Parameter values: The values.
    /// - Returns: Whether the condition holds.
    func isShown(in values: FormValues) -> Bool {
        condition?(values) ?? true
    }
}
