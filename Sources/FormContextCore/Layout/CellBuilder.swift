/// Builds the cells of a ``FormSection`` (or a ``CellGroup``) from a list of cells written like SwiftUI
/// views, with `if`, `if let`, `switch` and `for … in` allowed.
@resultBuilder
public enum CellBuilder {
    /// One piece of content: its cells.
    public static func buildExpression(_ content: some CellContent) -> [Cell] {
        content.cells
    }

    /// A list of cells made elsewhere.
    public static func buildExpression(_ cells: [Cell]) -> [Cell] {
        cells
    }

    /// The cells of each line, in order.
    public static func buildBlock(_ parts: [Cell]...) -> [Cell] {
        parts.flatMap { $0 }
    }

    /// The cells of an `if` whose condition held, or none.
    public static func buildOptional(_ part: [Cell]?) -> [Cell] {
        part ?? []
    }

    /// The cells of the first branch of an `if … else` or `switch`.
    public static func buildEither(first part: [Cell]) -> [Cell] {
        part
    }

    /// The cells of the second branch of an `if … else` or `switch`.
    public static func buildEither(second part: [Cell]) -> [Cell] {
        part
    }

    /// The cells of every pass of a `for … in`.
    public static func buildArray(_ parts: [[Cell]]) -> [Cell] {
        parts.flatMap { $0 }
    }
}
