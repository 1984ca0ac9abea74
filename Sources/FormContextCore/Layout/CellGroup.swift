/// Several cells as one piece of content: to give them one condition, or to build them apart.
///
/// ```swift
/// CellGroup {
///     TextCell("Street", key: street)
///     TextCell("City", key: city)
/// }
/// .visible(when: { $0[hasAddress] == true })
/// ```
public struct CellGroup: CellContent {
    /// The cells, in order.
    public let cells: [Cell]

    /// Creates a group of the cells `content` builds.
    ///
    /// - Parameter content: The cells.
    public init(@CellBuilder _ content: () -> [Cell]) {
        cells = content()
    }

    /// Creates a group of `cells`.
    ///
    /// - Parameter cells: The cells.
    init(_ cells: [Cell]) {
        self.cells = cells
    }
}

extension CellContent {
    /// The same cells, each shown only while `condition` holds (and its own conditions, and for a
    /// cell bound to a field, the form's rules, allow).
    ///
    /// - Parameter condition: Whether the cells are shown.
    /// - Returns: The cells with the condition.
    /// - Complexity: O(*n*) for *n* cells.
    public func visible(when condition: @escaping @Sendable (FormValues) -> Bool) -> CellGroup {
        CellGroup(cells.map { $0.visible(when: condition) })
    }
}
