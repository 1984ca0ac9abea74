extension FormNavigator {
    /// Adds a row, holding the fields' defaults, at the end of the repeat group shown by the repeat
    /// section declared at `index` on the top screen, as a user edit, and focuses the new row's first
    /// focusable cell: what activating the section's add button does.
    ///
    /// Text being edited is committed first; if it cannot be, nothing is added.
    ///
    /// - Parameter index: The repeat section's declared position.
    /// - Returns: ``Activation/addedRow(_:)``, or ``Activation/refused(_:)`` when the group is full
    ///   (``RepeatGroupError/tooManyRows(group:maximum:)``), has no row id left
    ///   (``RepeatGroupError/noRowIDLeft(group:)``) or the form has no such group;
    ///   ``Activation/refusedEdit(_:)`` when the group is read-only; ``Activation/none`` for a
    ///   section that repeats nothing.
    @discardableResult
    public func addRow(inSection index: Int) -> Activation {
        let sections = top.screen.sections
        guard sections.indices.contains(index), let group = sections[index].repeatGroup else { return .none }
        return addRow(to: group)
    }

    /// Removes the row of a repeat section that the cell at `path` on the top screen belongs to, as a
    /// user edit: what a swipe to delete does, and what activating the row's remove button does.
    ///
    /// When the focus was in that row, it goes to the same cell of the row shown after it (or, for the
    /// last row, before it), or else to the section's add button.
    ///
    /// - Parameter path: A cell of the row (``CellPath/rowID`` set).
    /// - Returns: ``Activation/removedRow(_:)``, or ``Activation/refused(_:)`` when the form has no
    ///   such row; ``Activation/refusedEdit(_:)`` naming the row's key when the row or its group is
    ///   read-only; ``Activation/none`` for a cell of no row.
    @discardableResult
    public func removeRow(at path: CellPath) -> Activation {
        let sections = top.screen.sections
        guard let id = path.rowID, sections.indices.contains(path.section), let group = sections[path.section].repeatGroup else {
            return .none
        }
        return removeRow(id, from: group)
    }

    /// Appends a row to `group` and focuses its first focusable cell; a read-only group takes none.
    func addRow(to group: String) -> Activation {
        guard commitIfEditing() else { return .none }
        if form.isReadOnlyForEditing(group) { return .refusedEdit(.readOnly(key: group)) }
        let id: RowID
        do {
            id = try form.appendRow(to: group, origin: .user)
        } catch {
            return .refused(error)
        }
        let live = top
        let current = focus
        if let section = live.screen.sections.firstIndex(where: { $0.repeatGroup == group }) {
            let cells = live.screen.sections[section].rowCells
            let focusable = cells.indices.filter { cells[$0].kind.isFocusable }.map { CellPath(section: section, row: $0, rowID: id) }
            if let target = focusable.first(where: { live.rowPath(of: $0) != nil }) ?? focusable.first {
                setFocus(target, leaving: current, in: live)
            }
        }
        return .addedRow(id)
    }

    /// Removes row `id` of `group`, moving the focus out of it to the same cell of its neighbour; a
    /// read-only row (or a row of a read-only group) stays.
    func removeRow(_ id: RowID, from group: String) -> Activation {
        let row = id.scope(in: group).prefix
        if form.isReadOnlyForEditing(group) || form.isReadOnlyForEditing(row: row) { return .refusedEdit(.readOnly(key: row)) }
        let live = top
        let stored = read { $0.stack[$0.stack.count - 1].focus }
        let focused = stored?.rowID == id ? stored : nil
        if focused != nil {
            // The text of a row about to go is dropped, not written.
            change { state in state.editing = nil }
        } else {
            guard commitIfEditing() else { return .none }
        }
        let shownAt = focused.flatMap(live.rowPath(of:))
        do {
            try form.removeRows([id], from: group, origin: .user)
        } catch {
            return .refused(error)
        }
        guard let focused else { return .removedRow(id) }
        var candidates: [CellPath] = []
        if let shownAt {
            for index in [shownAt.section, shownAt.section - 1] {
                if let section = live.section(at: index), section.index == focused.section, let rowID = section.rowID {
                    let same = CellPath(section: focused.section, row: focused.row, rowID: rowID)
                    candidates.append(same)
                    candidates += section.rows.filter { $0.cell.kind.isFocusable }.map(\.path)
                }
            }
        }
        candidates += live.screen.sections[focused.section].cells.indices.map { CellPath(section: focused.section, row: $0) }
        let target = candidates.first { live.rowPath(of: $0) != nil && live.screen.cell(at: $0)?.kind.isFocusable == true }
        change { state in
            guard state.stack[state.stack.count - 1].live === live else { return }
            state.stack[state.stack.count - 1].focus = target ?? focused
        }
        return .removedRow(id)
    }
}
