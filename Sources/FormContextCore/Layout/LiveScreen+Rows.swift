extension LiveScreen {
    /// The rows of the repeat section declared at `index` that the screen shows, in order: the
    /// group's rows whose section is visible.
    ///
    /// - Parameter index: The repeat section's declared position.
    /// - Returns: The rows; none for a section that repeats nothing, or while the section is hidden.
    /// - Complexity: O(*n*) for *n* rows.
    func visibleRows(ofSection index: Int) -> [RowID] {
        guard shape.slotOfSection.indices.contains(index), shape.slotOfSection[index] >= 0 else { return [] }
        return read { state in state.sectionShown[index] ? state.slots[shape.slotOfSection[index]].ranks.visibleRows : [] }
    }

    /// The rows of the group of the repeat section declared at `index` in the order the screen last
    /// took from the form, hidden ones included.
    ///
    /// - Parameter index: The repeat section's declared position.
    /// - Returns: The order; empty for a section that repeats nothing.
    func rowOrder(ofSection index: Int) -> RowOrder {
        guard shape.slotOfSection.indices.contains(index), shape.slotOfSection[index] >= 0 else { return RowOrder() }
        return read { $0.slots[shape.slotOfSection[index]].order }
    }

    /// What the screen keeps of row `id` of the repeat section declared at `section`.
    func rowEntry(_ id: RowID, section: Int, in state: ScreenState) -> SlotState.Entry? {
        guard shape.slotOfSection.indices.contains(section), shape.slotOfSection[section] >= 0 else { return nil }
        return state.slots[shape.slotOfSection[section]].entries[id]
    }

    /// Where cell `cell` of row `id` of the repeat section declared at `section` is shown, if it is.
    func rowPath(ofCell cell: Int, in id: RowID, section: Int, state: ScreenState) -> RowPath? {
        guard let entry = rowEntry(id, section: section, in: state), state.sectionShown[section] else { return nil }
        let rows = state.slots[shape.slotOfSection[section]].ranks
        guard let rank = rows.isVisible(id) ? rows.rank(of: id) : nil, let row = entry.visibleCells.firstIndex(of: cell) else { return nil }
        return RowPath(section: state.ranks.count(before: section) + (state.sectionVisible[section] ? 1 : 0) + rank, row: row)
    }

    /// The section showing row `id` of the repeat section declared at `section`, with its visible cells.
    func rowSection(_ section: Int, row id: RowID, in state: ScreenState) -> VisibleSection {
        let template = shape.slots[shape.slotOfSection[section]].template
        let entry = rowEntry(id, section: section, in: state)
        let rows = (entry?.visibleCells ?? []).map { cell in
            VisibleRow(
                path: CellPath(section: section, row: cell, rowID: id), cell: template.cell(cell, in: id),
                value: entry?.values[cell] ?? .none, isReadOnly: entry?.fieldReadOnly[cell] ?? false)
        }
        return VisibleSection(index: section, rowID: id, title: nil, rows: rows, footer: nil)
    }
}
