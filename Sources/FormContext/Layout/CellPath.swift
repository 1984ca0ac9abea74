/// Where a cell is declared in a ``Screen``: its section's position among the screen's sections and
/// its own position among that section's cells, hidden ones counted.
///
/// A cell path never changes while the screen lives, whatever is shown or hidden, so it is how a
/// renderer names a cell (for focus, for identity in a SwiftUI `ForEach`). Where a cell is *shown* is
/// a ``RowPath``.
public struct CellPath: Hashable, Comparable, Sendable, CustomStringConvertible {
    /// The section's position in ``Screen/sections``.
    public let section: Int
    /// The cell's position in ``FormSection/cells``.
    public let row: Int

    /// Creates a path.
    ///
    /// - Parameters:
    ///   - section: The section's declared position.
    ///   - row: The cell's declared position in its section.
    public init(section: Int, row: Int) {
        self.section = section
        self.row = row
    }

    /// Paths order by section, then by row: the order the cells are declared in.
    public static func < (lhs: CellPath, rhs: CellPath) -> Bool {
        (lhs.section, lhs.row) < (rhs.section, rhs.row)
    }

    /// `cell 1.0` for the first cell of the second section.
    public var description: String { "cell \(section).\(row)" }
}
