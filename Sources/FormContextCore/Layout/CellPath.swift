/// Where a cell is declared in a ``Screen``: its section's position among the screen's sections and
/// its own position among that section's cells, hidden ones counted; for a cell of a row of a
/// ``RepeatSection``, the row too.
///
/// A cell path never changes while the screen lives, whatever is shown or hidden and whatever rows
/// are added, removed or moved around, so it is how a renderer names a cell (for focus, for identity
/// in a SwiftUI `ForEach`). Where a cell is *shown* is a ``RowPath``.
public struct CellPath: Hashable, Comparable, Sendable, CustomStringConvertible {
    /// The section's position in ``Screen/sections``.
    public let section: Int
    /// The cell's position in ``FormSection/cells``, or among the row cells of its repeat section for a cell of a row.
    public let row: Int
    /// The row of the repeat section the cell belongs to; `nil` for a cell of no row.
    public let rowID: RowID?

    /// Creates a path.
    ///
    /// - Parameters:
    ///   - section: The section's declared position.
    ///   - row: The cell's declared position in its section, or among the row's cells.
    ///   - rowID: The row of a repeat section the cell belongs to; `nil` by default.
    public init(section: Int, row: Int, rowID: RowID? = nil) {
        self.section = section
        self.row = row
        self.rowID = rowID
    }

    /// Paths order by section, then the section's own cells before its rows' (rows by id), then by
    /// cell: the order the cells are declared in.
    public static func < (lhs: CellPath, rhs: CellPath) -> Bool {
        (lhs.section, lhs.rowID?.number ?? 0, lhs.row) < (rhs.section, rhs.rowID?.number ?? 0, rhs.row)
    }

    /// `cell 1.0` for the first cell of the second section; `cell 1.r3.0` for the first cell of row
    /// `r3` of a repeat section.
    public var description: String {
        rowID.map { "cell \(section).\($0).\(row)" } ?? "cell \(section).\(row)"
    }
}
