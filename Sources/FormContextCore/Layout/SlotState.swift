/// What a ``LiveScreen`` shows of the rows of one repeat section: the order it shows, which rows are
/// visible and where, and what each row's cells computed. (The nodes of the form's dependency graph
/// holding what they read are the settle's, in ``SlotPlan``.)
struct SlotState: Sendable {
    /// What one row's cells computed.
    struct Entry: Sendable {
        /// Whether each cell's own condition holds.
        var cellShown: [Bool]
        /// Whether the form shows the field each cell is bound to (always, for a cell bound to none).
        var fieldShown: [Bool]
        /// Whether the field each cell is bound to is read-only (never, for a cell bound to none).
        var fieldReadOnly: [Bool]
        /// What each cell shows.
        var values: [CellValue]

        /// The positions of the visible cells, in order.
        var visibleCells: [Int] {
            cellShown.indices.filter { cellShown[$0] && fieldShown[$0] }
        }

        /// Whether the row is shown: it has no cells, or one of them is.
        var isVisible: Bool {
            cellShown.isEmpty || cellShown.indices.contains { cellShown[$0] && fieldShown[$0] }
        }
    }

    /// The rows in the order the screen shows them.
    var order: RowOrder
    /// The rows' visibility and positions.
    var ranks: RowRanks
    /// Each row's results.
    var entries: [RowID: Entry] = [:]

    /// The rows of `order`, each from its `arrivals`.
    ///
    /// - Complexity: O(*r*·*c*) for *r* rows of *c* cells.
    init(order: RowOrder, arrivals: [RowArrival], cellCount: Int) {
        self.order = order
        ranks = RowRanks()
        for arrival in arrivals { add(arrival, cellCount: cellCount) }
        ranks = RowRanks(order.map { ($0, entries[$0]?.isVisible ?? false) })
    }

    /// Stores a new row's results (its place in ``ranks`` is the caller's).
    mutating func add(_ arrival: RowArrival, cellCount: Int) {
        var entry = Entry(
            cellShown: Array(repeating: true, count: cellCount), fieldShown: arrival.fieldShown,
            fieldReadOnly: arrival.fieldReadOnly, values: Array(repeating: .none, count: cellCount))
        for evaluation in arrival.evaluations { _ = store(evaluation, in: &entry) }
        entries[arrival.id] = entry
    }

    /// Forgets row `id`'s results.
    mutating func drop(_ id: RowID) {
        entries.removeValue(forKey: id)
    }

    /// Stores `evaluation` in its row's entry, if the row is still there.
    ///
    /// - Returns: Whether what the row shows changed, and the cell whose value changed, if one did.
    mutating func apply(_ evaluation: RowEvaluation) -> (changed: Bool, valueCell: Int?) {
        guard var entry = entries[evaluation.id] else { return (false, nil) }
        let result = store(evaluation, in: &entry)
        entries[evaluation.id] = entry
        return result
    }

    /// Stores `evaluation` in `entry` (its reads are the form's graph's to record).
    private func store(_ evaluation: RowEvaluation, in entry: inout Entry) -> (changed: Bool, valueCell: Int?) {
        let cell = evaluation.derivation / 2
        switch evaluation.result {
        case .condition(let shown) where entry.cellShown[cell] != shown:
            entry.cellShown[cell] = shown
            return (true, nil)
        case .value(let value) where entry.values[cell] != value:
            entry.values[cell] = value
            return (true, cell)
        default:
            return (false, nil)
        }
    }
}

/// What the settle knows of the rows of one repeat section of a live screen: the order its last
/// planned change leads to, and for each row the node of the form's dependency graph of each
/// derivation (by derivation number; -1 before its reads are first recorded).
///
/// Why it is apart from ``SlotState``: the settle plans and records a change's rows as it settles,
/// while what the screen shows advances as each diff is delivered (so that a table view applying a
/// diff reads the rows that diff leads to). The settle plans the next change against this, which is
/// what the shown rows will be once every diff so far is delivered.
struct SlotPlan: Sendable {
    var order: RowOrder
    var nodes: [RowID: [Int]] = [:]
    /// The nodes of rows that left, for the form's graph to drop.
    var dropped: [Int] = []

    /// The rows of `order`, none with nodes yet.
    init(order: RowOrder, cellCount: Int) {
        self.order = order
        for id in order { nodes[id] = Array(repeating: -1, count: 2 * cellCount) }
    }

    /// Follows `result`: rows that left lose their nodes (kept in ``dropped``), rows that arrived
    /// get theirs, and the order is the new one.
    mutating func follow(_ result: SlotResult, cellCount: Int) {
        guard let order = result.order else { return }
        let arriving = Set(result.difference.arriving.map(\.id))
        for id in result.difference.leaving where !arriving.contains(id) {
            if let left = nodes.removeValue(forKey: id) { dropped += left.filter { $0 >= 0 } }
        }
        for arrival in result.arrivals { nodes[arrival.id] = Array(repeating: -1, count: 2 * cellCount) }
        self.order = order
    }
}
