/// One choice among a fixed list of options, shown in its row: the title of the selected option
/// beside the cell's title (a menu picker). Selecting the cell moves to the next option
/// (``Cell/selectNextOption(in:)``); a renderer with a menu sets one with ``Cell/choose(_:in:)``.
///
/// ```swift
/// ChoiceCell("Plan", key: FormKey<Plan>("plan"))
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

    /// Creates a choice among the cases of an enumeration stored as itself.
    ///
    /// - Parameters:
    ///   - title: The title.
    ///   - key: The field the choice sets.
    public init<Option: CaseIterable & Hashable & Sendable>(_ title: String, key: FormKey<Option>) {
        self.init(title, key: key, options: CellOption.cases(of: Option.self))
    }

    /// Creates a choice among the cases of an enumeration stored as its raw value.
    ///
    /// - Parameters:
    ///   - title: The title.
    ///   - key: The field the choice sets, holding raw values.
    ///   - type: The enumeration.
    public init<Option: CaseIterable & RawRepresentable>(_ title: String, key: FormKey<Option.RawValue>, rawValuesOf type: Option.Type)
    where Option.RawValue: Hashable & Sendable {
        self.init(title, key: key, options: CellOption.rawValues(of: type))
    }

    /// The cell.
    public var cells: [Cell] { [cell] }
}
