/// A cell with a summary that opens a nested screen: the seed's `detailTextCell`.
///
/// The nested screen is built when the cell is opened (``FormNavigator/open(_:)``), never up front,
/// and is titled like the cell. The summary is computed from the form's values, and a ``LiveScreen``
/// computes it again when a value it read changes.
///
/// ```swift
/// DetailCell("Notification", value: { $0[showPreview]?.description }) {
///     OptionList(key: showPreview, options: Preview.allCases.map { CellOption("\($0)", value: $0) })
/// }
/// ```
public struct DetailCell: CellContent {
    /// The cell.
    let cell: Cell

    /// Creates a detail cell whose screen is made of what `destination` builds.
    ///
    /// - Parameters:
    ///   - title: The title of the cell and of the screen it opens.
    ///   - value: Computes the summary shown beside the title; `nil` shows none.
    ///   - destination: Builds the nested screen's sections (and loose cells) when it is opened.
    public init(
        _ title: String, value: (@Sendable (FormValues) -> String?)? = nil,
        @ScreenBuilder destination: @escaping @Sendable () -> [FormSection]
    ) {
        cell = Cell(kind: .detail, title: title, key: nil, destination: { Screen(title, sections: destination()) }) { values in
            value?(values).map(CellValue.text) ?? CellValue.none
        }
    }

    /// Creates a detail cell that opens the screen `screen` makes, such as a screen written for a
    /// nested model and scoped with ``Screen/scoped(in:)``.
    ///
    /// - Parameters:
    ///   - title: The title of the cell.
    ///   - value: Computes the summary shown beside the title; `nil` shows none.
    ///   - screen: The nested screen, made when it is opened (not when the cell is made).
    public init(_ title: String, value: (@Sendable (FormValues) -> String?)? = nil, screen: @escaping @autoclosure @Sendable () -> Screen) {
        cell = Cell(kind: .detail, title: title, key: nil, destination: screen) { values in
            value?(values).map(CellValue.text) ?? CellValue.none
        }
    }

    /// The cell.
    public var cells: [Cell] { [cell] }
}
