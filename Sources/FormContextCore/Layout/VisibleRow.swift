/// A row a ``LiveScreen`` shows: a visible cell and its current value.
public struct VisibleRow: Sendable, Identifiable, CustomStringConvertible {
    /// Where the cell is declared; it never changes, so it is the row's identity.
    public let path: CellPath
    /// The cell.
    public let cell: Cell
    /// What the cell shows now.
    public let value: CellValue

    /// The declared path: a stable identity for a SwiftUI `ForEach`.
    public var id: CellPath { path }

    /// `title: value`, secret text masked: `Personal Hotspot: on`, `Password: ••••••`, `Always: ✓`.
    public var description: String {
        let shown = value.described(isSecure: cell.isSecure)
        return shown.isEmpty ? cell.title : "\(cell.title): \(shown)"
    }
}
