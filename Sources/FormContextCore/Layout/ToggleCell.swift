/// A switch bound to a `Bool` field: the seed's `controlCell` with a switch.
///
/// It shows ``CellValue/toggle(_:)`` (off while the field has no value); selecting it flips the
/// switch, as a user edit.
///
/// ```swift
/// ToggleCell("Personal Hotspot", key: FormKey<Bool>("isEnabled"))
/// ```
public struct ToggleCell: CellContent {
    /// The cell.
    let cell: Cell

    /// Creates a switch cell.
    ///
    /// - Parameters:
    ///   - title: The title.
    ///   - key: The field the switch edits.
    public init(_ title: String, key: FormKey<Bool>) {
        cell = Cell(kind: .toggle, title: title, key: key.name) { values in .toggle(values[key] ?? false) }
    }

    /// The cell.
    public var cells: [Cell] { [cell] }
}
