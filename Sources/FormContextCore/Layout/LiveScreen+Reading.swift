extension LiveScreen {
    /// The number of changes reported so far: 0 until something visible changes, then one more per
    /// ``ScreenDiff``. Observable.
    public var version: Int {
        read { $0.version }
    }

    /// The number of visible sections. Observable.
    public var sectionCount: Int {
        read { $0.ranks.total }
    }

    /// The visible section at position `index` among the visible ones, with its visible rows.
    ///
    /// - Parameter index: The position, from 0 to ``sectionCount`` − 1.
    /// - Returns: The section, or `nil` when `index` is out of range.
    /// - Complexity: O(log *n* + *c*) for *n* sections and the section's *c* cells.
    public func section(at index: Int) -> VisibleSection? {
        read { state in
            guard let section = state.ranks.section(atRank: index) else { return nil }
            var offset = index - state.ranks.count(before: section)
            if state.sectionVisible[section] {
                if offset == 0 { return visibleSection(section, in: state) }
                offset -= 1
            }
            let slot = shape.slotOfSection[section]
            guard slot >= 0, let id = state.slots[slot].ranks.row(atRank: offset) else { return nil }
            return rowSection(section, row: id, in: state)
        }
    }

    /// Every visible section, in order, with its visible rows. Observable.
    ///
    /// - Complexity: O(*n*) for *n* sections and cells: use ``sectionCount`` and ``section(at:)`` to
    ///   read only the sections on screen.
    public var sections: [VisibleSection] {
        read { state in
            var sections: [VisibleSection] = []
            for section in 0..<shape.sectionCount {
                if state.sectionVisible[section] { sections.append(visibleSection(section, in: state)) }
                let slot = shape.slotOfSection[section]
                guard slot >= 0, state.sectionShown[section] else { continue }
                for id in state.slots[slot].ranks.visibleRows { sections.append(rowSection(section, row: id, in: state)) }
            }
            return sections
        }
    }

    /// The visible row at `path`.
    ///
    /// - Parameter path: The row's visible position.
    /// - Returns: The row, or `nil` when nothing is shown there.
    /// - Complexity: O(log *n* + *c*).
    public func row(at path: RowPath) -> VisibleRow? {
        guard let section = section(at: path.section), section.rows.indices.contains(path.row) else { return nil }
        return section.rows[path.row]
    }

    /// Where the cell declared at `path` is shown, or `nil` when it is hidden (or its section is).
    ///
    /// - Parameter path: The cell's declared position.
    /// - Returns: Its visible position.
    /// - Complexity: O(log *n* + *c*).
    func rowPath(of path: CellPath) -> RowPath? {
        read { state in
            if let id = path.rowID { return rowPath(ofCell: path.row, in: id, section: path.section, state: state) }
            guard shape.cellStart.indices.dropLast().contains(path.section), state.sectionVisible[path.section] else { return nil }
            guard let row = state.visibleRows(of: path.section).firstIndex(of: path.row) else { return nil }
            return RowPath(section: state.ranks.count(before: path.section), row: row)
        }
    }

    /// What the cell declared at `path` shows now, hidden or not.
    ///
    /// - Parameter path: The cell's declared position.
    /// - Returns: The value, or `nil` when the path is outside the screen.
    func value(of path: CellPath) -> CellValue? {
        if let id = path.rowID {
            return read { state in rowEntry(id, section: path.section, in: state).flatMap { $0.values.indices.contains(path.row) ? $0.values[path.row] : nil } }
        }
        guard let cell = cellNumber(path) else { return nil }
        return read { $0.values[cell] }
    }

    /// The last change reported, or `nil` before the first. Observable.
    public var lastDiff: ScreenDiff? {
        read { $0.lastDiff }
    }

    /// How many conditions, footers and cell values the screen has computed so far, the first
    /// computation included: what a test reads to see that a change re-ran only what read its key.
    var evaluationCount: Int {
        read { $0.evaluationCount }
    }

    /// The keys the condition of the section declared at `index` read the last time it ran; empty
    /// without a condition.
    ///
    /// - Parameter index: The section's declared position.
    /// - Returns: The keys, in the order first read.
    func keysRead(bySectionCondition index: Int) -> [String] {
        guard shape.sectionConditions.indices.contains(index) else { return [] }
        let node = read { $0.nodeOfDerivation[Derivation(.sectionCondition, index).raw] }
        return node >= 0 ? form.keysRead(byNode: node) : []
    }

    /// The number of the cell declared at `path` among all cells, or `nil` outside the screen.
    private func cellNumber(_ path: CellPath) -> Int? {
        guard shape.cellStart.indices.dropLast().contains(path.section) else { return nil }
        let cell = shape.cellStart[path.section] + path.row
        guard path.row >= 0, cell < shape.cellStart[path.section + 1] else { return nil }
        return cell
    }

    /// Reads the state under the lock, registering the read with Observation.
    func read<Result: Sendable>(_ body: (ScreenState) -> Result) -> Result {
        registrar.access(self, keyPath: \.version)
        return subscriber.state.withAnnotatedLock { body($0) }
    }

    /// The section declared at `section`, with its visible rows, as `state` has it.
    private func visibleSection(_ section: Int, in state: ScreenState) -> VisibleSection {
        let declared = screen.sections[section]
        let start = shape.cellStart[section]
        let rows = state.visibleRows(of: section).map { row in
            VisibleRow(
                path: CellPath(section: section, row: row), cell: declared.cells[row], value: state.values[start + row],
                isReadOnly: state.fieldReadOnly[start + row])
        }
        return VisibleSection(index: section, rowID: nil, title: declared.title, rows: rows, footer: state.footers[section])
    }
}
