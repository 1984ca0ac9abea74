/// A read-only value: a calculation, or a summary of other fields. It cannot take the focus.
///
/// ```swift
/// ValueCell("Total", key: FormKey<Int>("total"))                 // a calculated field
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

    /// Creates a cell showing the value of a field (a calculated field, say) as it prints; it is
    /// hidden while the form's rules hide the field.
    ///
    /// - Parameters:
    ///   - title: The title.
    ///   - key: The field shown.
    public init<Value: Hashable & Sendable>(_ title: String, key: FormKey<Value>) {
        cell = Cell(kind: .value, title: title, key: key.name) { values in
            values[key].map { CellValue.text(String(describing: $0)) } ?? CellValue.none
        }
    }

    /// The cell.
    public var cells: [Cell] { [cell] }
}
