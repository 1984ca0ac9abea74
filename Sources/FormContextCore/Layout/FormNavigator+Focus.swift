extension FormNavigator {
    /// The focused row of the top screen, by its declared position; `nil` when no row has the focus.
    ///
    /// A focused row that the form has since hidden hands the focus on to the next visible focusable
    /// row after it (or the last one before it). Observable.
    public var focus: CellPath? {
        let (live, stored) = read { ($0.stack[$0.stack.count - 1].live, $0.stack[$0.stack.count - 1].focus) }
        return Self.resolve(stored, in: live)
    }

    /// Moves the focus of the top screen to the next or previous visible focusable row; from no
    /// focus, `next` goes to the first and `previous` to the last. At either end the focus stays.
    ///
    /// Text being edited is committed first; if it cannot be, the focus stays. The field the focus
    /// leaves is touched (``FormContextObject/blur(_:)``).
    ///
    /// - Parameter direction: Which way.
    /// - Returns: Whether the focus moved.
    /// - Complexity: O(log *n* + *c*) per section passed over, for *n* sections of *c* cells.
    @discardableResult
    public func moveFocus(_ direction: FocusDirection) -> Bool {
        guard commitIfEditing() else { return false }
        let live = top
        let current = focus
        let start = current.flatMap(live.rowPath(of:))
        guard let target = Self.step(from: start, direction, in: live), target != current else { return false }
        return setFocus(target, leaving: current, in: live)
    }

    /// Focuses the row declared at `path` on the top screen.
    ///
    /// - Parameter path: The cell's declared position; it must be visible and focusable.
    /// - Returns: Whether the focus moved there.
    @discardableResult
    public func focus(on path: CellPath) -> Bool {
        let live = top
        guard live.screen.cell(at: path)?.kind.isFocusable == true, live.rowPath(of: path) != nil else { return false }
        let current = focus
        guard current != path else { return true }
        guard commitIfEditing() else { return false }
        return setFocus(path, leaving: current, in: live)
    }

    /// Stores `target` as the focus of `live` (if it is still the top) and touches the field left.
    @discardableResult
    func setFocus(_ target: CellPath, leaving current: CellPath?, in live: LiveScreen) -> Bool {
        let moved = change { state -> Bool in
            guard state.stack[state.stack.count - 1].live === live else { return false }
            state.stack[state.stack.count - 1].focus = target
            state.editing = nil
            return true
        }
        if moved, let key = current.flatMap({ live.screen.cell(at: $0)?.key }) { form.blur(key) }
        return moved
    }

    /// The first visible focusable row of `live`.
    static func firstFocusable(in live: LiveScreen) -> CellPath? {
        step(from: nil, .next, in: live)
    }

    /// `stored`, or where the focus goes when the form has hidden it.
    static func resolve(_ stored: CellPath?, in live: LiveScreen) -> CellPath? {
        guard let stored, live.rowPath(of: stored) == nil else { return stored }
        let focusable = live.sections.flatMap(\.rows).filter { $0.cell.kind.isFocusable }.map(\.path)
        return focusable.first { $0 > stored } ?? focusable.last
    }

    /// The visible focusable row after (or before) the visible position `start`; from `nil`, the
    /// first (or last) one.
    static func step(from start: RowPath?, _ direction: FocusDirection, in live: LiveScreen) -> CellPath? {
        let count = live.sectionCount
        let forward = direction == .next
        var sectionIndex = start?.section ?? (forward ? 0 : count - 1)
        var after = start?.row
        while sectionIndex >= 0 && sectionIndex < count {
            if let section = live.section(at: sectionIndex) {
                let rows = section.rows.indices
                let candidates: [Int] =
                    forward
                    ? rows.filter { row in after.map { row > $0 } ?? true }
                    : rows.filter { row in after.map { row < $0 } ?? true }.reversed()
                if let found = candidates.first(where: { section.rows[$0].cell.kind.isFocusable }) {
                    return section.rows[found].path
                }
            }
            after = nil
            sectionIndex += forward ? 1 : -1
        }
        return nil
    }
}
