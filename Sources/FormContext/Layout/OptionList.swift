/// One cell per option, each checkmarked when it is the field's value; selecting one sets the field:
/// the seed's list of `optionCell`s.
///
/// ```swift
/// DetailCell("Notification", value: { $0[showPreview]?.description }) {
///     OptionList(key: showPreview)     // Always ✓ / When Unlocked / Never
/// }
/// ```
public struct OptionList: CellContent {
    /// The option cells, in the order of the options.
    public let cells: [Cell]

    /// Creates one cell per option of `options`.
    ///
    /// - Parameters:
    ///   - key: The field the options set.
    ///   - options: The options, in order.
    public init<Value: Hashable & Sendable>(key: FormKey<Value>, options: [CellOption]) {
        cells = options.map { option in
            Cell(kind: .option, title: option.title, key: key.name, options: [option]) { values in
                .checkmark(values[key.name] == option.value)
            }
        }
    }

    /// Creates one cell per case of an enumeration stored as itself, titled as each case prints.
    ///
    /// - Parameter key: The field the options set.
    public init<Option: CaseIterable & Hashable & Sendable>(key: FormKey<Option>) {
        self.init(key: key, options: CellOption.cases(of: Option.self))
    }

    /// Creates one cell per case of an enumeration stored as its raw value, titled as each case prints.
    ///
    /// - Parameters:
    ///   - key: The field the options set, holding raw values.
    ///   - type: The enumeration.
    public init<Option: CaseIterable & RawRepresentable>(key: FormKey<Option.RawValue>, rawValuesOf type: Option.Type)
    where Option.RawValue: Hashable & Sendable {
        self.init(key: key, options: CellOption.rawValues(of: type))
    }
}
