/// A screen of a form: a title and its sections, declared like a SwiftUI view.
///
/// ```swift
/// let hotspot = Screen("Personal Hotspot") {
///     FormSection(footer: { $0[isEnabled] == true ? "Personal Hotspot Enabled" : nil }) {
///         ToggleCell("Personal Hotspot", key: isEnabled)
///     }
///     FormSection {
///         DetailCell("Notification", value: { $0[showPreview]?.description }) {
///             OptionList(key: showPreview, options: Preview.allCases.map { CellOption("\($0)", value: $0) })
///         }
///     }
///     .visible(when: { $0[isEnabled] == true })
/// }
/// ```
///
/// A screen is a `Sendable` value: it computes nothing and renders nothing. A ``LiveScreen`` keeps
/// what it shows for a live form and reports each change as a ``ScreenDiff``; a ``FormNavigator``
/// opens the screens its detail cells lead to, building each when it is opened.
public struct Screen: Sendable {
    /// The title, shown in a navigation bar.
    public let title: String
    /// The sections, hidden ones included, in order.
    public let sections: [FormSection]
    /// Whether committing a text entry on this screen goes back to the screen before: the screen a
    /// ``NestedTextCell`` opens, where Return commits the text and pops.
    public let popsOnCommit: Bool

    /// Creates a screen of the sections `content` builds; cells written outside any section go into
    /// untitled sections of their own.
    ///
    /// - Parameters:
    ///   - title: The title.
    ///   - popsOnCommit: Whether committing a text entry goes back; `false` by default.
    ///   - content: The sections.
    public init(_ title: String, popsOnCommit: Bool = false, @ScreenBuilder content: () -> [FormSection]) {
        self.init(title, sections: content(), popsOnCommit: popsOnCommit)
    }

    /// Creates a screen of `sections`.
    ///
    /// - Parameters:
    ///   - title: The title.
    ///   - sections: The sections.
    ///   - popsOnCommit: Whether committing a text entry goes back; `false` by default.
    init(_ title: String, sections: [FormSection], popsOnCommit: Bool = false) {
        self.title = title
        self.sections = sections
        self.popsOnCommit = popsOnCommit
    }

    /// The cell declared at `path`, if there is one; for a cell of a row of a ``RepeatSection``, the
    /// cell bound to that row (whether or not the form has the row).
    ///
    /// - Parameter path: The declared position.
    /// - Returns: The cell, or `nil` when the path is outside the screen.
    public func cell(at path: CellPath) -> Cell? {
        guard sections.indices.contains(path.section) else { return nil }
        if let rowID = path.rowID { return sections[path.section].rowCell(path.row, in: rowID) }
        guard sections[path.section].cells.indices.contains(path.row) else { return nil }
        return sections[path.section].cells[path.row]
    }

    /// The number of cells, hidden ones included.
    ///
    /// - Complexity: O(*s*) for *s* sections.
    var cellCount: Int {
        sections.reduce(0) { $0 + $1.cells.count }
    }
}
