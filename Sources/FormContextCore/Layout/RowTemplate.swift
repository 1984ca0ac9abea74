/// The cells of one row of a ``RepeatSection``, keyed relative to the row, and the group they repeat
/// over: what a live screen binds to each row (`name` to `members.r3.name`).
struct RowTemplate: Sendable {
    /// The group's full key.
    let group: String
    /// The prefix (with its trailing dot) of the scope the section is in; empty at the root.
    let outerPrefix: String
    /// The cells of a row, keyed relative to it; the remove button, if any, last.
    let cells: [Cell]
    /// The remove button's title, if the rows have one.
    let removeTitle: String?
    /// The row the group lies in, for a section on a screen opened from a row of another group.
    let parent: RowScope?

    init(group: String, outerPrefix: String = "", cells: [Cell], removeTitle: String?) {
        self.group = group
        self.outerPrefix = outerPrefix
        self.removeTitle = removeTitle
        parent = nil
        let remove = removeTitle.map { Cell(kind: .button, title: $0, key: nil) { _ in .none } }
        self.cells = cells + (remove.map { [$0] } ?? [])
    }

    private init(group: String, outerPrefix: String, allCells: [Cell], removeTitle: String?, parent: RowScope?) {
        self.group = group
        self.outerPrefix = outerPrefix
        self.cells = allCells
        self.removeTitle = removeTitle
        self.parent = parent
    }

    /// The position of the remove button among ``cells``.
    var removeIndex: Int? { removeTitle == nil ? nil : cells.count - 1 }

    /// Where row `id`'s cells read from.
    func scope(of id: RowID) -> RowScope {
        RowScope(group: group, id: id, outerPrefix: outerPrefix, parent: parent)
    }

    /// The cell at `index` bound to row `id`: its key under the row, its condition and value read
    /// from inside the row, and the remove button removing that row.
    func cell(_ index: Int, in id: RowID) -> Cell {
        if index == removeIndex, let removeTitle {
            return Cell(kind: .button, title: removeTitle, key: nil, role: .removeRow(group: group, row: id)) { _ in .none }
        }
        return cells[index].inRow(scope(of: id))
    }

    /// The same template inside `scope`: the group's key and the outside reads under its prefix.
    func scoped(in scope: FormScope) -> RowTemplate {
        guard !scope.prefix.isEmpty else { return self }
        return RowTemplate(
            group: scope.key(group), outerPrefix: scope.prefix + "." + outerPrefix, allCells: cells, removeTitle: removeTitle, parent: parent)
    }

    /// The same template on a screen opened from `row`: the group is the one inside that row
    /// (`households.r1.members`), and its rows' ``FormValues/outer`` is that row.
    func inRow(_ row: RowScope) -> RowTemplate {
        RowTemplate(group: row.prefix + group, outerPrefix: row.prefix + outerPrefix, allCells: cells, removeTitle: removeTitle, parent: row)
    }
}

extension Cell {
    /// The same cell inside a row of a repeat group: its key under the row (`members.r3.name`), its
    /// condition and value reading the row's fields by name and the rest through
    /// ``FormValues/outer``, the screen it opens inside the row (`Screen.inRow(_:)`).
    func inRow(_ row: RowScope) -> Cell {
        let display = self.display
        let rowScope = FormScope(row.group + "." + row.id.description)
        var bound = Cell(
            kind: kind, title: title, key: key.map { row.prefix + $0 }, isSecure: isSecure, options: options,
            role: role?.scoped(in: rowScope), textFormat: textFormat,
            destination: destination.map { destination in { @Sendable in destination().inRow(row) } },
            display: { values in display(values.inRow(row)) })
        bound.condition = condition.map { condition in { @Sendable values in condition(values.inRow(row)) } }
        return bound
    }
}

extension Screen {
    /// The same screen opened from `row` of a repeat section: its cells bound to the row's keys and
    /// reading from inside the row, as the row's own cells do, and its repeat sections showing the
    /// groups inside the row (`members` becomes `households.r1.members`), whose rows' `outer` is the row.
    func inRow(_ row: RowScope) -> Screen {
        Screen(title, sections: sections.map { $0.inRow(row) }, popsOnCommit: popsOnCommit)
    }
}

extension FormSection {
    /// The same section on a screen opened from `row`; see `Screen.inRow(_:)`.
    func inRow(_ row: RowScope) -> FormSection {
        var bound = FormSection(title, cells: cells.map { $0.inRow(row) })
        if let footer { bound.footer = { values in footer(values.inRow(row)) } }
        bound.repeating = repeating?.inRow(row)
        bound.condition = condition.map { condition in { @Sendable values in condition(values.inRow(row)) } }
        return bound
    }
}
