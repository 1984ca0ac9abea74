/// A number typed as text, bound to an `Int`, `Double` or `Decimal` field (or any type with a
/// ``FieldFormat``).
///
/// It shows the number as its format writes it; typed text that does not parse leaves the form alone
/// and is reported by ``FormNavigator/commitEditing()`` with the key and the text.
///
/// ```swift
/// NumberCell("Age", key: FormKey<Int>("age"))
/// ```
public struct NumberCell: CellContent {
    /// The cell.
    let cell: Cell

    /// Creates a number cell with the format `format`.
    ///
    /// - Parameters:
    ///   - title: The title.
    ///   - key: The field the number edits.
    ///   - format: How the number is shown and read back.
    public init<Value: Hashable & Sendable>(_ title: String, key: FormKey<Value>, format: FieldFormat<Value>) {
        cell = Cell(kind: .number, title: title, key: key.name, textFormat: CellTextFormat(format)) { values in
            .text(format.format(values[key]))
        }
    }

    /// Creates a whole-number cell.
    ///
    /// - Parameters:
    ///   - title: The title.
    ///   - key: The field.
    public init(_ title: String, key: FormKey<Int>) {
        self.init(title, key: key, format: .integer)
    }

    /// Creates a cell for a `Double`, written with a dot.
    ///
    /// - Parameters:
    ///   - title: The title.
    ///   - key: The field.
    public init(_ title: String, key: FormKey<Double>) {
        self.init(title, key: key, format: .number)
    }

    /// The cell.
    public var cells: [Cell] { [cell] }
}
