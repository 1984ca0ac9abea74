/// A section a ``LiveScreen`` shows: its title, its visible rows and its current footer.
public struct VisibleSection: Sendable, Identifiable, CustomStringConvertible {
    /// A section's identity among those shown: its declared position and, for a row of a
    /// ``RepeatSection``, the row.
    public struct ID: Hashable, Sendable {
        /// The section's position in ``Screen/sections``.
        let index: Int
        /// The row of the repeat group, for a section showing one.
        let rowID: RowID?
    }

    /// The section's position in ``Screen/sections``; it never changes. The sections of a
    /// ``RepeatSection``'s rows have the repeat section's.
    public let index: Int
    /// The row of the repeat group this section shows, for a row of a ``RepeatSection``; `nil` for any
    /// other section, the repeat section's own (title and add button) included.
    public let rowID: RowID?
    /// The title above the rows, if any.
    public let title: String?
    /// The visible rows, in order.
    public let rows: [VisibleRow]
    /// The footer below the rows, if any.
    public let footer: String?

    /// The declared position and the row: a stable identity for a SwiftUI `ForEach`.
    public var id: ID { ID(index: index, rowID: rowID) }

    /// The title, the rows (as ``VisibleRow/description`` writes them) and the footer, between bars:
    ///
    /// ```
    /// [Personal Hotspot: on | footer: Personal Hotspot Enabled]
    /// ```
    public var description: String {
        var parts: [String] = []
        if let title { parts.append("title: \(title)") }
        parts += rows.map(\.description)
        if let footer { parts.append("footer: \(footer)") }
        return "[" + parts.joined(separator: " | ") + "]"
    }
}
