public import Foundation

/// A date typed as ISO 8601 text (`2024-05-01`, `2024-05-01T09:30:00Z`), bound to a `Date` field.
///
/// ```swift
/// DateCell("Birthday", key: FormKey<Date>("birthday"))
/// ```
public struct DateCell: CellContent {
    /// The cell.
    let cell: Cell

    /// Creates a date cell.
    ///
    /// - Parameters:
    ///   - title: The title.
    ///   - key: The field the date edits.
    public init(_ title: String, key: FormKey<Date>) {
        let format = FieldFormat<Date>.iso8601
        cell = Cell(kind: .date, title: title, key: key.name, textFormat: CellTextFormat(format)) { values in
            .text(format.format(values[key]))
        }
    }

    /// The cell.
    public var cells: [Cell] { [cell] }
}
