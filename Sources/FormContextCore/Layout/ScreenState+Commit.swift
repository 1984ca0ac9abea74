/// What one commit changed in one section.
struct SectionChange {
    let section: Int
    let wasVisible: Bool
    /// Whether the section's own condition held before the commit.
    let wasShown: Bool
    /// The visible rows a repeat section counted for before the commit.
    var oldRowWeight = 0
    /// What changed among a repeat section's rows.
    var rows: RowsChange?
    /// The visible rows before the commit, captured before the first change to a cell's visibility.
    var oldRows: [Int]?
    var footerChanged = false
    /// Cells whose value changed.
    var changedCells: [Int] = []
    var oldRank = 0
    var newRank = 0
}

extension ScreenState {
    /// Stores new results and the form's new visibility and read-only state of fields, and reports
    /// what a table view must do about them: a cell whose field became read-only or editable is a row
    /// updated in place.
    ///
    /// - Returns: The diff to the next version, or `nil` when nothing visible changed (the version stays).
    /// - Complexity: O(*k* log *n*) for *k* sections touched among *n*, plus their cells; O(*n*) when so
    ///   many sections are touched that a sweep over all of them is cheaper.
    mutating func commit(
        _ evaluations: [Evaluation], fieldVisibility: [(cell: Int, isShown: Bool)],
        fieldReadOnly: [(cell: Int, isReadOnly: Bool)] = [], rows: [Int: SlotResult] = [:]
    ) -> ScreenDiff? {
        // A repeat section's own cells go through the whole commit, which also keeps its rows' places.
        if evaluations.count == 1, fieldVisibility.isEmpty, fieldReadOnly.isEmpty, rows.isEmpty, case .value(let value) = evaluations[0].result,
            evaluations[0].derivation.kind == .cellValue, shape.slotOfSection[shape.cellSection[evaluations[0].derivation.index]] < 0
        {
            return commitValue(value, ofCell: evaluations[0].derivation.index)
        }
        evaluationCount += evaluations.count
        var changes: [SectionChange] = []
        func touch(_ section: Int) -> Int {
            if touchIndex[section] < 0 {
                touchIndex[section] = Int32(changes.count)
                changes.append(SectionChange(section: section, wasVisible: sectionVisible[section], wasShown: sectionShown[section]))
            }
            return Int(touchIndex[section])
        }
        func touchRows(of cell: Int) {
            let section = shape.cellSection[cell]
            let change = touch(section)
            if changes[change].oldRows == nil { changes[change].oldRows = visibleRows(of: section) }
        }
        for evaluation in evaluations {
            let index = evaluation.derivation.index
            switch (evaluation.derivation.kind, evaluation.result) {
            case (.sectionCondition, .condition(let shown)) where sectionShown[index] != shown:
                _ = touch(index)
                sectionShown[index] = shown
            case (.footer, .footer(let text)) where footers[index] != text:
                changes[touch(index)].footerChanged = true
                footers[index] = text
            case (.cellCondition, .condition(let shown)) where cellShown[index] != shown:
                touchRows(of: index)
                cellShown[index] = shown
            case (.cellValue, .value(let value)) where values[index] != value:
                changes[touch(shape.cellSection[index])].changedCells.append(index)
                values[index] = value
            default:
                continue
            }
        }
        for (cell, isShown) in fieldVisibility where fieldShown[cell] != isShown {
            touchRows(of: cell)
            fieldShown[cell] = isShown
        }
        for (cell, isReadOnly) in fieldReadOnly where self.fieldReadOnly[cell] != isReadOnly {
            self.fieldReadOnly[cell] = isReadOnly
            let change = touch(shape.cellSection[cell])
            if !changes[change].changedCells.contains(cell) { changes[change].changedCells.append(cell) }
        }
        if !slots.isEmpty {
            for slot in rows.keys { _ = touch(shape.slots[slot].section) }
            for place in changes.indices {
                let section = changes[place].section
                let slot = shape.slotOfSection[section]
                guard slot >= 0 else { continue }
                let result = rows[slot]
                evaluationCount += (result?.evaluations.count ?? 0) + (result?.arrivals.reduce(0) { $0 + $1.evaluations.count } ?? 0)
                changes[place].oldRowWeight = changes[place].wasShown ? slots[slot].ranks.visibleCount : 0
                changes[place].rows = slots[slot].commit(
                    result, cellCount: shape.slots[slot].cellCount, wasShown: changes[place].wasShown, isShown: sectionShown[section])
            }
        }
        guard !changes.isEmpty else { return nil }
        for change in changes where change.oldRows != nil {
            visibleCells[change.section] = visibleRows(of: change.section).count
        }
        for change in changes {
            sectionVisible[change.section] = isVisible(change.section)
        }
        let order = rank(&changes)
        var diff = ScreenDiff(version: version + 1)
        for position in order {
            describe(changes[position], into: &diff)
            touchIndex[changes[position].section] = -1
        }
        guard !diff.isEmpty else { return nil }
        if !slots.isEmpty { diff.sortLists() }
        version += 1
        lastDiff = diff
        return diff
    }

    /// ``commit(_:fieldVisibility:fieldReadOnly:rows:)`` of one result, the value of a cell outside the repeat
    /// sections (a keystroke's commonest result): a changed value of a shown cell is one updated row,
    /// found without the bookkeeping of a commit that may show or hide sections.
    ///
    /// - Complexity: O(log *n*) for *n* sections, plus the cells before it in its section.
    private mutating func commitValue(_ value: CellValue, ofCell cell: Int) -> ScreenDiff? {
        evaluationCount += 1
        guard values[cell] != value else { return nil }
        values[cell] = value
        let section = shape.cellSection[cell]
        guard sectionVisible[section], let position = visiblePosition(of: cell) else { return nil }
        var diff = ScreenDiff(version: version + 1)
        diff.updatedRows = [RowPath(section: ranks.count(before: section), row: position)]
        version += 1
        lastDiff = diff
        return diff
    }

    /// Finds each touched section's visible position before and after, updates the ranks, and
    /// returns the touched sections' places in `changes` in section order.
    private mutating func rank(_ changes: inout [SectionChange]) -> [Int] {
        let count = shape.sectionCount
        if changes.count * 8 > count {
            // A sweep over every section costs less than a search per touched one.
            var order: [Int] = []
            order.reserveCapacity(changes.count)
            var before = 0
            var after = 0
            for section in 0..<count {
                let place = Int(touchIndex[section])
                var oldWeight = weight(section)
                if place >= 0 {
                    order.append(place)
                    changes[place].oldRank = before
                    changes[place].newRank = after
                    oldWeight = (changes[place].wasVisible ? 1 : 0) + changes[place].oldRowWeight
                }
                before += oldWeight
                after += weight(section)
            }
            if slots.isEmpty {
                ranks.rebuild(sectionVisible)
            } else {
                ranks.rebuild(weights: (0..<count).map(weight))
            }
            return order
        }
        for place in changes.indices {
            changes[place].oldRank = ranks.count(before: changes[place].section)
        }
        for change in changes {
            let delta = (sectionVisible[change.section] ? 1 : 0) - (change.wasVisible ? 1 : 0) + rowWeight(change.section) - change.oldRowWeight
            if delta != 0 { ranks.add(delta, at: change.section) }
        }
        for place in changes.indices {
            changes[place].newRank = ranks.count(before: changes[place].section)
        }
        return changes.indices.sorted { changes[$0].section < changes[$1].section }
    }

    /// Adds what `change` means for a table view to `diff`.
    private func describe(_ change: SectionChange, into diff: inout ScreenDiff) {
        let isVisible = sectionVisible[change.section]
        defer {
            if let rows = change.rows { describe(rows, of: change, into: &diff) }
        }
        switch (change.wasVisible, isVisible) {
        case (true, false):
            diff.deletedSections.append(change.oldRank)
        case (false, true):
            diff.insertedSections.append(change.newRank)
        case (false, false):
            break
        case (true, true):
            if change.footerChanged { diff.updatedFooters.append(change.newRank) }
            guard let oldRows = change.oldRows else {
                // No cell of the section was shown or hidden: a changed cell's row is its place among
                // the visible cells, found without listing them.
                if change.changedCells.count == 1, let position = visiblePosition(of: change.changedCells[0]) {
                    diff.updatedRows.append(RowPath(section: change.newRank, row: position))
                } else {
                    let updated = change.changedCells.compactMap(visiblePosition(of:))
                    diff.updatedRows += updated.sorted().map { RowPath(section: change.newRank, row: $0) }
                }
                return
            }
            let newRows = visibleRows(of: change.section)
            let (deleted, inserted) = Self.difference(from: oldRows, to: newRows)
            diff.deletedRows += deleted.map { RowPath(section: change.oldRank, row: $0) }
            diff.insertedRows += inserted.map { RowPath(section: change.newRank, row: $0) }
            let start = shape.cellStart[change.section]
            var updated: [Int] = []
            for cell in change.changedCells {
                let row = cell - start
                guard oldRows.contains(row), let position = newRows.firstIndex(of: row) else { continue }
                updated.append(position)
            }
            diff.updatedRows += updated.sorted().map { RowPath(section: change.newRank, row: $0) }
        }
    }

    /// The row of `cell` among the visible cells of its section, or `nil` when it is hidden.
    ///
    /// - Complexity: O(*c*) for the *c* cells before it in its section.
    private func visiblePosition(of cell: Int) -> Int? {
        guard cellShown[cell] && fieldShown[cell] else { return nil }
        var position = 0
        for earlier in shape.cellStart[shape.cellSection[cell]]..<cell where cellShown[earlier] && fieldShown[earlier] {
            position += 1
        }
        return position
    }

    /// Adds what `rows`, the change of a repeat section's rows, means for a table view to `diff`: its
    /// rows come after the section's own, when that is shown.
    private func describe(_ rows: RowsChange, of change: SectionChange, into diff: inout ScreenDiff) {
        let oldBase = change.oldRank + (change.wasVisible ? 1 : 0)
        let newBase = change.newRank + (sectionVisible[change.section] ? 1 : 0)
        diff.deletedSections += rows.deleted.map { oldBase + $0 }
        diff.insertedSections += rows.inserted.map { newBase + $0 }
        for cells in rows.cells {
            diff.deletedRows += cells.deleted.map { RowPath(section: oldBase + cells.oldRank, row: $0) }
            diff.insertedRows += cells.inserted.map { RowPath(section: newBase + cells.newRank, row: $0) }
            diff.updatedRows += cells.updated.map { RowPath(section: newBase + cells.newRank, row: $0) }
        }
    }

    /// The positions in `old` of the rows only it has, and in `new` of the rows only it has; both
    /// lists are ascending.
    ///
    /// - Complexity: O(*a* + *b*).
    static func difference(from old: [Int], to new: [Int]) -> (deleted: [Int], inserted: [Int]) {
        var deleted: [Int] = []
        var inserted: [Int] = []
        var (i, j) = (0, 0)
        while i < old.count || j < new.count {
            if j == new.count || (i < old.count && old[i] < new[j]) {
                deleted.append(i)
                i += 1
            } else if i == old.count || new[j] < old[i] {
                inserted.append(j)
                j += 1
            } else {
                i += 1
                j += 1
            }
        }
        return (deleted, inserted)
    }
}
