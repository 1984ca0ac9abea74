/// One cell per option, each checkmarked when it is the field's value; selecting one sets the field:
/// the seed's list of `optionCell`s.
///
/// ```swift
/// DetailCell("Notification", value: { $0[showPreview]?.description }) {
///     OptionList(key: showPreview, options: [                  // Always ✓ / When Unlocked / Never
///         CellOption("Always", value: Preview.always), CellOption("When Unlocked", value: Preview.whenUnlocked),
///         CellOption("Never", value: Preview.never),
///     ])
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
}
