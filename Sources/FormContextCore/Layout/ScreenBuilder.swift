/// Builds the sections of a ``Screen`` from sections and cells written like SwiftUI views: cells
/// written outside any section go, with their neighbours, into an untitled section of their own.
@resultBuilder
public enum ScreenBuilder {
    /// A piece of a screen before loose cells are gathered into sections.
    public enum Part: Sendable {
        /// A section.
        case section(FormSection)
        /// Cells outside any section.
        case cells([Cell])
    }

    /// A section.
    public static func buildExpression(_ section: FormSection) -> [Part] {
        [.section(section)]
    }

    /// A repeat section: its title and add button, then a section per row.
    public static func buildExpression(_ section: RepeatSection) -> [Part] {
        [.section(section.section)]
    }

    /// Sections made elsewhere.
    public static func buildExpression(_ sections: [FormSection]) -> [Part] {
        sections.map(Part.section)
    }

    /// Cells outside any section.
    public static func buildExpression(_ content: some CellContent) -> [Part] {
        [.cells(content.cells)]
    }

    /// The parts of each line, in order.
    public static func buildBlock(_ parts: [Part]...) -> [Part] {
        parts.flatMap { $0 }
    }

    /// The parts of an `if` whose condition held, or none.
    public static func buildOptional(_ parts: [Part]?) -> [Part] {
        parts ?? []
    }

    /// The parts of the first branch of an `if … else` or `switch`.
    public static func buildEither(first parts: [Part]) -> [Part] {
        parts
    }

    /// The parts of the second branch of an `if … else` or `switch`.
    public static func buildEither(second parts: [Part]) -> [Part] {
        parts
    }

    /// The parts of every pass of a `for … in`.
    public static func buildArray(_ parts: [[Part]]) -> [Part] {
        parts.flatMap { $0 }
    }

    /// The sections, with each run of loose cells gathered into one untitled section.
    ///
    /// - Complexity: O(*n*) for *n* parts and cells.
    public static func buildFinalResult(_ parts: [Part]) -> [FormSection] {
        var sections: [FormSection] = []
        var loose: [Cell] = []
        for part in parts {
            switch part {
            case .section(let section):
                if !loose.isEmpty { sections.append(FormSection(cells: loose)) }
                loose = []
                sections.append(section)
            case .cells(let cells):
                loose += cells
            }
        }
        if !loose.isEmpty { sections.append(FormSection(cells: loose)) }
        return sections
    }
}
