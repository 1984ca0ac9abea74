/// A section a ``LiveScreen`` shows: its title, its visible rows and its current footer.
public struct VisibleSection: Sendable, Identifiable, CustomStringConvertible {
    /// The section's position in ``Screen/sections``; it never changes, so it is the section's identity.
    public let index: Int
    /// The title above the rows, if any.
    public let title: String?
    /// The visible rows, in order.
    public let rows: [VisibleRow]
    /// The footer below the rows, if any.
    public let footer: String?

    /// The declared position: a stable identity for a SwiftUI `ForEach`.
    public var id: Int { index }

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
