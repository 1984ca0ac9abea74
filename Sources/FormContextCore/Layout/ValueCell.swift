/// A read-only value: a calculation, or a summary of other fields. It cannot take the focus.
///
/// ```swift
/// ValueCell("Total", value: { $0[total].map(String.init) })       // a calculated field
/// ValueCell("Guests", value: { "\(($0[adults] ?? 0) + ($0[children] ?? 0))" })
/// ```
public struct ValueCell: CellContent {
    /// The cell.
    let cell: Cell

    /// Creates a cell showing what `value` computes from the form's values.
    ///
    /// - Parameters:
    ///   - title: The title.
    ///   - value: Computes the text; `nil` shows none.
    public init(_ title: String, value: @escaping @Sendable (FormValues) -> String?) {
        cell = Cell(kind: .value, title: title, key: nil) { values in value(values).map(CellValue.text) ?? CellValue.none }
    }

    /// The cell.
    public var cells: [Cell] { [cell] }
}
