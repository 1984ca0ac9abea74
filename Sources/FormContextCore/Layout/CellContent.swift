/// Anything a section's builder takes: one cell, or several (an ``OptionList``).
public protocol CellContent: Sendable {
    /// The cells, in order.
    var cells: [Cell] { get }
}
