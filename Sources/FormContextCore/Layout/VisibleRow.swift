/// A row a ``LiveScreen`` shows: a visible cell and its current value.
public struct VisibleRow: Sendable, Identifiable, CustomStringConvertible {
    /// Where the cell is declared; it never changes, so it is the row's identity.
    public let path: CellPath
    /// The cell.
    public let cell: Cell
    /// What the cell shows now.
    public let value: CellValue
    /// Whether the field the cell is bound to is read-only, as ``FormContextObject/fieldState(for:)``
    /// reads it: its own read-only rule holds, or that of a ``FieldGroup``, a row
    /// (``RepeatGroup/rowReadOnly(when:)``) or a repeat group it lies in. A row that becomes
    /// read-only or editable is reported in ``ScreenDiff/updatedRows``, as a changed value is.
    /// Always `false` for a cell bound to no field.
    public let isReadOnly: Bool

    /// The declared path: a stable identity for a SwiftUI `ForEach`.
    public var id: CellPath { path }

    /// `title: value`, secret text masked: `Personal Hotspot: on`, `Password: ••••••`, `Always: ✓`.
    public var description: String {
        let shown = value.described(isSecure: cell.isSecure)
        return shown.isEmpty ? cell.title : "\(cell.title): \(shown)"
    }
}
