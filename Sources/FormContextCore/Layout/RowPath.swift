/// Where a row is shown: its section's position among the *visible* sections and its position among
/// that section's visible rows — the index path a table view uses.
///
/// Visible positions move as sections and cells are shown and hidden; ``ScreenDiff`` says how. A
/// UIKit renderer makes an `IndexPath(row: path.row, section: path.section)` of one.
public struct RowPath: Hashable, Comparable, Sendable, CustomStringConvertible {
    /// The section's position among the visible sections.
    public let section: Int
    /// The row's position among its section's visible rows.
    public let row: Int

    /// Creates a path.
    ///
    /// - Parameters:
    ///   - section: The visible section's position.
    ///   - row: The visible row's position in that section.
    public init(section: Int, row: Int) {
        self.section = section
        self.row = row
    }

    /// Paths order by section, then by row, as a table view lists them.
    public static func < (lhs: RowPath, rhs: RowPath) -> Bool {
        (lhs.section, lhs.row) < (rhs.section, rhs.row)
    }

    /// `[1, 0]` for the first row of the second visible section, as an index path prints.
    public var description: String { "[\(section), \(row)]" }
}
