/// What a batch of the form's changes calls for in the rows of the repeat sections, found under the
/// live screen's lock.
struct RowPlan: Sendable {
    /// What one repeat section's rows call for.
    struct Slot: Sendable {
        /// The group's new order, when it changed.
        var order: RowOrder?
        /// The derivations to run again, by row.
        var derivations: [RowID: Set<Int>] = [:]
        /// The new visibility of cells whose field the form showed or hid.
        var fieldVisibility: [(id: RowID, cell: Int, isShown: Bool)] = []
        /// The new read-only state of cells whose field the rules made read-only or editable.
        var fieldReadOnly: [(id: RowID, cell: Int, isReadOnly: Bool)] = []
    }

    var slots: [Int: Slot] = [:]
}

/// What a repeat section's rows computed outside the lock, for ``ScreenState/commit(_:fieldVisibility:fieldReadOnly:rows:)``.
struct SlotResult: Sendable {
    /// The group's new order, if it changed, and how it differs from the order shown.
    var order: RowOrder?
    var difference = RowOrderDifference()
    /// The rows new to the screen, computed whole.
    var arrivals: [RowArrival] = []
    var evaluations: [RowEvaluation] = []
    var fieldVisibility: [(id: RowID, cell: Int, isShown: Bool)] = []
    var fieldReadOnly: [(id: RowID, cell: Int, isReadOnly: Bool)] = []
}

/// What one commit changed among a repeat section's rows, by the rows' positions among the
/// section's visible rows.
struct RowsChange {
    /// Rows no longer shown, by their positions before.
    var deleted: [Int] = []
    /// Rows newly shown, by their positions after.
    var inserted: [Int] = []
    /// Rows shown before and after whose cells changed: the cells' positions deleted (before),
    /// inserted and updated (after).
    var cells: [(oldRank: Int, newRank: Int, deleted: [Int], inserted: [Int], updated: [Int])] = []
}

extension ScreenState {
    /// Adds to `plan` what `change` calls for in the rows besides the derivations that read its
    /// key: a new order of a group, a row field shown or hidden, made read-only or editable.
    ///
    /// - Complexity: O(*s*) for *s* repeat sections.
    func planRows(_ change: SettledChange, into plan: inout RowPlan) {
        guard !slots.isEmpty else { return }
        if change.isValueChanged {
            for slot in shape.slotsOfGroup[change.key] ?? [] {
                plan.slots[slot, default: RowPlan.Slot()].order = change.order ?? RowOrder()
            }
        }
        if change.isVisibilityChanged {
            for (slot, shape) in shape.slots.enumerated() {
                guard let (id, cells) = shape.cells(boundTo: change.key) else { continue }
                for cell in cells { plan.slots[slot, default: RowPlan.Slot()].fieldVisibility.append((id, cell, change.isVisible)) }
            }
        }
        if change.isReadOnlyChanged {
            for (slot, shape) in shape.slots.enumerated() {
                guard let (id, cells) = shape.cells(boundTo: change.key) else { continue }
                for cell in cells { plan.slots[slot, default: RowPlan.Slot()].fieldReadOnly.append((id, cell, change.isReadOnly)) }
            }
        }
    }

    /// How the order the settle last planned for slot `slot` differs from `order`, and the rows new
    /// to the screen.
    func difference(ofSlot slot: Int, to order: RowOrder) -> (RowOrderDifference, arrivals: [RowID]) {
        let difference = RowOrderDifference(from: slotPlans[slot].order, to: order)
        return (difference, difference.arriving.map(\.id).filter { slotPlans[slot].nodes[$0] == nil })
    }
}

extension SlotState {
    /// Stores `result` and reports what it changed among the visible rows; `wasShown` and `isShown`
    /// say whether the repeat section showed its rows before and shows them now.
    ///
    /// - Complexity: O((*k* + *d*)(log *n* + *b*)) for *k* rows arriving or leaving and *d* rows
    ///   recomputed among *n*, in blocks of *b*; O(*n*) when the section is shown or hidden.
    mutating func commit(_ result: SlotResult?, cellCount: Int, wasShown: Bool, isShown: Bool) -> RowsChange {
        var change = RowsChange()
        if wasShown && !isShown { change.deleted = Array(0..<ranks.visibleCount) }
        if let result {
            let detailed = wasShown && isShown
            let arriving = Set(result.difference.arriving.map(\.id))
            let leaving = Set(result.difference.leaving)
            var recomputed = Set(result.evaluations.map(\.id)).union(result.fieldVisibility.map(\.id)).union(result.fieldReadOnly.map(\.id))
            recomputed.subtract(leaving)
            recomputed.subtract(arriving)
            recomputed = recomputed.filter { entries[$0] != nil }
            var before: [RowID: (rank: Int?, cells: [Int])] = [:]
            if detailed {
                for id in result.difference.leaving { if let rank = ranks.isVisible(id) ? ranks.rank(of: id) : nil { change.deleted.append(rank) } }
                for id in recomputed { before[id] = (ranks.isVisible(id) ? ranks.rank(of: id) : nil, entries[id]?.visibleCells ?? []) }
            }
            if let order = result.order {
                for id in result.difference.leaving {
                    ranks.remove(id)
                    if !arriving.contains(id) { drop(id) }
                }
                for arrival in result.arrivals { add(arrival, cellCount: cellCount) }
                for (id, position) in result.difference.arriving {
                    ranks.insert(id, after: position > 0 ? order[position - 1] : nil, isVisible: entries[id]?.isVisible ?? false)
                }
                self.order = order
            }
            var updated: [RowID: [Int]] = [:]
            for evaluation in result.evaluations {
                if let cell = apply(evaluation).valueCell { updated[evaluation.id, default: []].append(cell) }
            }
            // A new row read its fields' visibility after these events were sent.
            let new = Set(result.arrivals.map(\.id))
            for (id, cell, isShown) in result.fieldVisibility where !new.contains(id) {
                entries[id]?.fieldShown[cell] = isShown
            }
            for (id, cell, isReadOnly) in result.fieldReadOnly where !new.contains(id) && entries[id]?.fieldReadOnly[cell] != isReadOnly {
                // Shown as the cell's row updated in place, as a changed value is.
                if entries[id] != nil {
                    entries[id]?.fieldReadOnly[cell] = isReadOnly
                    if updated[id]?.contains(cell) != true { updated[id, default: []].append(cell) }
                }
            }
            for id in recomputed.union(leaving.intersection(arriving)) {
                ranks.setVisible(entries[id]?.isVisible ?? false, for: id)
            }
            if detailed {
                for (id, _) in result.difference.arriving { if let rank = ranks.isVisible(id) ? ranks.rank(of: id) : nil { change.inserted.append(rank) } }
                for (id, old) in before {
                    let newRank = ranks.isVisible(id) ? ranks.rank(of: id) : nil
                    switch (old.rank, newRank) {
                    case (let oldRank?, nil): change.deleted.append(oldRank)
                    case (nil, let newRank?): change.inserted.append(newRank)
                    case (let oldRank?, let newRank?):
                        let cells = entries[id]?.visibleCells ?? []
                        let (deleted, inserted) = ScreenState.difference(from: old.cells, to: cells)
                        let shown = (updated[id] ?? []).filter { old.cells.contains($0) }.compactMap { cells.firstIndex(of: $0) }
                        if !deleted.isEmpty || !inserted.isEmpty || !shown.isEmpty {
                            change.cells.append((oldRank, newRank, deleted, inserted, shown.sorted()))
                        }
                    case (nil, nil): break
                    }
                }
            }
        }
        if !wasShown && isShown { change.inserted = Array(0..<ranks.visibleCount) }
        change.deleted.sort()
        change.inserted.sort()
        change.cells.sort { $0.newRank < $1.newRank }
        return change
    }
}
