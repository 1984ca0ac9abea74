/// One choice among a fixed list of options, shown in its row: the title of the selected option
/// beside the cell's title (a menu picker). A navigator's activation moves it to the next option; a
/// renderer with a menu sets one with ``Cell/choose(_:in:)``.
///
/// ```swift
/// ChoiceCell("Plan", key: FormKey<Plan>("plan"), options: Plan.allCases.map { CellOption("\($0)", value: $0) })
/// ```
public struct ChoiceCell: CellContent {
    /// The cell.
    let cell: Cell

    /// Creates a choice among `options`.
    ///
    /// - Parameters:
    ///   - title: The title.
    ///   - key: The field the choice sets.
    ///   - options: The options, in the order they are offered.
    public init<Value: Hashable & Sendable>(_ title: String, key: FormKey<Value>, options: [CellOption]) {
        cell = Cell(kind: .choice, title: title, key: key.name, options: options) { values in
            CellOption.selected(in: options, by: values[key.name]).map { .text($0.title) } ?? .text("")
        }
    }

    /// The cell.
    public var cells: [Cell] { [cell] }
}
