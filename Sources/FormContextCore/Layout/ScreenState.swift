/// What a ``LiveScreen`` knows, behind its lock: each section's and cell's last computed results,
/// which sections are visible, the node of the form's dependency graph that holds what each result
/// read, and who listens.
struct ScreenState: Sendable {
    let shape: ScreenShape
    /// Whether each section's own condition holds.
    var sectionShown: [Bool]
    /// Each section's footer.
    var footers: [String?]
    /// Whether each section is visible: its condition holds and, if it has cells, one is shown.
    var sectionVisible: [Bool]
    /// The number of visible cells of each section.
    var visibleCells: [Int]
    /// Whether each cell's own condition holds.
    var cellShown: [Bool]
    /// Whether the form shows the field each cell is bound to (always, for a cell bound to none).
    var fieldShown: [Bool]
    /// Whether the field each cell is bound to is read-only (never, for a cell bound to none).
    var fieldReadOnly: [Bool]
    /// What each cell shows.
    var values: [CellValue]
    /// The visible sections' positions; a repeat section counts its own section and its visible rows.
    var ranks: VisibleRanks
    /// The rows of each repeat section, as shown.
    var slots: [SlotState]
    /// The rows of each repeat section as the settle planned them, with their nodes.
    var slotPlans: [SlotPlan]
    /// The screen's number among the form's settle subscribers: the owner of its nodes.
    var subscriber = -1
    /// The node of the form's dependency graph of each derivation, by its raw value; -1 before its
    /// reads are first recorded.
    var nodeOfDerivation: [Int]
    /// What each node of the screen stands for.
    var nodeMeaning: [Int: ScreenNode] = [:]
    /// Per node of a section's or cell's derivation, the one key it read when the form's graph last
    /// recorded its reads, `nil` when it read none or several: a run that read that key again (a
    /// cell reading its field, the commonest run) has nothing to record, and the screen does not go
    /// to the form for it.
    var soleKeyRead: [String?] = []
    /// The cells bound to each field.
    let fieldCells: [String: [Int]]
    /// Scratch space for one commit: for each section, its place among the sections the commit
    /// touches, or -1. Every entry is -1 between commits.
    var touchIndex: [Int32]

    var version = 0
    var lastDiff: ScreenDiff?
    var evaluationCount = 0

    /// Tells Observation that the live screen has a new version; set once the live screen is made.
    var announce: (@Sendable () -> Void)?
    var subscribers = CallbackList<@Sendable (ScreenDiff) -> Void>()
    var streamFinishers = CallbackList<@Sendable () -> Void>()

    /// The state of `shape` before its first results: every array its size, nothing visible.
    ///
    /// - Complexity: O(*n*) for *n* sections and cells.
    init(shape: ScreenShape) {
        self.shape = shape
        sectionShown = Array(repeating: false, count: shape.sectionCount)
        footers = Array(repeating: nil, count: shape.sectionCount)
        cellShown = Array(repeating: true, count: shape.cellCount)
        fieldShown = Array(repeating: true, count: shape.cellCount)
        fieldReadOnly = Array(repeating: false, count: shape.cellCount)
        values = Array(repeating: .none, count: shape.cellCount)
        nodeOfDerivation = Array(repeating: -1, count: max(shape.sectionCount, shape.cellCount) * 4)
        var fieldCells: [String: [Int]] = [:]
        for (cell, key) in shape.cellKeys.enumerated() {
            if let key { fieldCells[key, default: []].append(cell) }
        }
        self.fieldCells = fieldCells
        touchIndex = Array(repeating: -1, count: shape.sectionCount)
        visibleCells = Array(repeating: 0, count: shape.sectionCount)
        sectionVisible = Array(repeating: false, count: shape.sectionCount)
        slots = shape.slots.map { SlotState(order: RowOrder(), arrivals: [], cellCount: $0.cellCount) }
        slotPlans = shape.slots.map { SlotPlan(order: RowOrder(), cellCount: $0.cellCount) }
        ranks = VisibleRanks(weights: Array(repeating: 0, count: shape.sectionCount))
    }

    /// Stores the first results: `evaluations` holds one for each derivation, `fieldShown` and
    /// `fieldReadOnly` the form's visibility and read-only state of each cell's field, `slots` the
    /// repeat sections' rows.
    ///
    /// - Complexity: O(*n*) for *n* sections, cells and reads.
    mutating func start(fieldShown: [Bool], fieldReadOnly: [Bool], evaluations: [Evaluation], slots: [SlotState]) {
        sectionShown = Array(repeating: true, count: shape.sectionCount)
        self.fieldShown = fieldShown
        self.fieldReadOnly = fieldReadOnly
        for evaluation in evaluations {
            let index = evaluation.derivation.index
            switch evaluation.result {
            case .condition(let shown):
                if evaluation.derivation.kind == .sectionCondition { sectionShown[index] = shown } else { cellShown[index] = shown }
            case .footer(let text): footers[index] = text
            case .value(let value): values[index] = value
            }
        }
        var visibleCells = Array(repeating: 0, count: shape.sectionCount)
        var sectionVisible = Array(repeating: false, count: shape.sectionCount)
        for section in 0..<shape.sectionCount {
            let cells = shape.cells(of: section)
            for cell in cells where cellShown[cell] && fieldShown[cell] { visibleCells[section] += 1 }
            sectionVisible[section] =
                sectionShown[section] && !shape.isBareHeader[section] && (cells.isEmpty || visibleCells[section] > 0)
        }
        self.visibleCells = visibleCells
        self.sectionVisible = sectionVisible
        self.slots = slots
        slotPlans = zip(slots, shape.slots).map { SlotPlan(order: $0.order, cellCount: $1.cellCount) }
        ranks = VisibleRanks(weights: (0..<shape.sectionCount).map(weight))
    }

    /// The number of visible sections section `section` counts for: itself, and a repeat section's
    /// visible rows.
    func weight(_ section: Int) -> Int {
        (sectionVisible[section] ? 1 : 0) + rowWeight(section)
    }

    /// The number of visible rows of the repeat section `section` (0 for any other section).
    func rowWeight(_ section: Int) -> Int {
        let slot = shape.slotOfSection[section]
        guard slot >= 0, sectionShown[section] else { return 0 }
        return slots[slot].ranks.visibleCount
    }

    /// Whether `section` is visible by its current condition and cells.
    func isVisible(_ section: Int) -> Bool {
        sectionShown[section] && !shape.isBareHeader[section]
            && (shape.cellStart[section] == shape.cellStart[section + 1] || visibleCells[section] > 0)
    }

    /// The declared positions of the visible cells of `section`.
    ///
    /// - Complexity: O(*c*) for the section's *c* cells.
    func visibleRows(of section: Int) -> [Int] {
        let start = shape.cellStart[section]
        return shape.cells(of: section).compactMap { cellShown[$0] && fieldShown[$0] ? $0 - start : nil }
    }

    /// What `change` calls for: the derivations that read its key if its value changed (the nodes the
    /// settle found reading it, ``SettledChange/nodes``, those of this screen), in the order they are
    /// declared, the new visibility of the cells bound to a field the form showed or hid, and in the
    /// repeat sections, the rows that arrive or leave and the rows' derivations to run.
    ///
    /// The derivations run in declared order so that the screen's arrays are walked in order, not
    /// in the order of a hash table: what many of them read then stays in the caches.
    ///
    /// - Complexity: O(*d* log *d* + *c*) for *d* derivations and *c* cells concerned; O(*n*) over
    ///   the *n* derivations of the screen when *d* is a large part of them.
    func plan(_ change: SettledChange) -> ScreenPlan {
        var raws: [Int] = []
        if slots.isEmpty && !change.isVisibilityChanged && !change.isReadOnlyChanged {
            // The commonest change, a value on a screen without repeat sections: only its derivations.
            if change.nodes.count == 1 {
                // A cell reading its field: the one derivation, with no list to sort.
                guard case .derivation(let derivation)? = nodeMeaning[change.nodes[0]] else {
                    return ScreenPlan(derivations: [], fieldVisibility: [], slots: [])
                }
                return ScreenPlan(derivations: [derivation], fieldVisibility: [], slots: [])
            }
            for node in change.nodes {
                if case .derivation(let derivation)? = nodeMeaning[node] { raws.append(derivation.raw) }
            }
            return ScreenPlan(derivations: Self.inOrder(raws, below: nodeOfDerivation.count), fieldVisibility: [], slots: [])
        }
        var fieldVisibility: [(cell: Int, isShown: Bool)] = []
        var fieldReadOnly: [(cell: Int, isReadOnly: Bool)] = []
        var rows = RowPlan()
        do {
            planRows(change, into: &rows)
            if change.isValueChanged {
                for node in change.nodes {
                    switch nodeMeaning[node] {
                    case .derivation(let derivation)?: raws.append(derivation.raw)
                    case .row(let slot, let id, let derivation)?:
                        rows.slots[slot, default: RowPlan.Slot()].derivations[id, default: []].insert(derivation)
                    case nil: break
                    }
                }
            }
            if change.isVisibilityChanged, let cells = fieldCells[change.key] {
                for cell in cells { fieldVisibility.append((cell, change.isVisible)) }
            }
            if change.isReadOnlyChanged, let cells = fieldCells[change.key] {
                for cell in cells { fieldReadOnly.append((cell, change.isReadOnly)) }
            }
        }
        var slots: [(slot: Int, plan: RowPlan.Slot, difference: RowOrderDifference, arrivals: [RowID])] = []
        // Sorted only when some row slot changed (a keystroke outside repeat sections changes none).
        for (slot, plan) in rows.slots.isEmpty ? [] : rows.slots.sorted(by: { $0.key < $1.key }) {
            let (difference, arrivals) = plan.order.map { self.difference(ofSlot: slot, to: $0) } ?? (RowOrderDifference(), [])
            slots.append((slot, plan, difference, arrivals))
        }
        return ScreenPlan(
            derivations: Self.inOrder(raws, below: nodeOfDerivation.count), fieldVisibility: fieldVisibility, slots: slots,
            fieldReadOnly: fieldReadOnly)
    }

    /// What the form's graph must record for `evaluations` and `rows`, run by the settle: each
    /// result's node (`nil` for a result that has none yet) with the keys it read, what each stands
    /// for, and the nodes of the rows that left. The rows' plans follow `rows` (see ``SlotPlan``).
    mutating func graphWork(_ evaluations: [Evaluation], rows: [Int: SlotResult] = [:]) -> GraphWork {
        var work = GraphWork()
        for evaluation in evaluations {
            let node = nodeOfDerivation[evaluation.derivation.raw]
            if node >= 0 {
                // The same one key as last recorded: the graph holds it already (the key's slot is
                // kept while the node reads it).
                if evaluation.reads.count == 1, node < soleKeyRead.count, soleKeyRead[node] == evaluation.reads[0] { continue }
                setSoleKeyRead(evaluation.reads, of: node)
            }
            work.reads.append((node >= 0 ? node : nil, evaluation.reads))
            work.targets.append(.derivation(evaluation.derivation))
        }
        for (slot, result) in rows.isEmpty ? [] : rows.sorted(by: { $0.key < $1.key }) {
            slotPlans[slot].follow(result, cellCount: shape.slots[slot].cellCount)
            for evaluation in result.evaluations + result.arrivals.flatMap(\.evaluations) {
                guard let nodes = slotPlans[slot].nodes[evaluation.id] else { continue }
                let node = nodes[evaluation.derivation]
                work.reads.append((node >= 0 ? node : nil, evaluation.reads))
                work.targets.append(.row(slot: slot, id: evaluation.id, derivation: evaluation.derivation))
            }
            for node in slotPlans[slot].dropped {
                nodeMeaning[node] = nil
                setSoleKeyRead([], of: node)
                work.dropped.append(node)
            }
            slotPlans[slot].dropped = []
        }
        return work
    }

    /// Notes the keys `node` read as last recorded, for ``soleKeyRead``.
    mutating func setSoleKeyRead(_ keys: [String], of node: Int) {
        let key = keys.count == 1 ? keys[0] : nil
        if node >= soleKeyRead.count {
            guard key != nil else { return }
            soleKeyRead.append(contentsOf: repeatElement(nil, count: node - soleKeyRead.count + 1))
        }
        soleKeyRead[node] = key
    }

    /// Keeps the nodes the form's graph gave the results of `work`, in its order.
    mutating func assign(_ nodes: [Int], to work: GraphWork) {
        for ((node, target), entry) in zip(zip(nodes, work.targets), work.reads) {
            switch target {
            case .derivation(let derivation):
                nodeOfDerivation[derivation.raw] = node
                setSoleKeyRead(entry.keys, of: node)
            case .row(let slot, let id, let derivation):
                guard slotPlans[slot].nodes[id] != nil else { continue }
                slotPlans[slot].nodes[id]?[derivation] = node
            }
            nodeMeaning[node] = target
        }
    }

    /// `raws` without repeats, ascending: by a sweep over a bitmap of all `capacity` derivations
    /// when they are many, by sorting when they are few.
    static func inOrder(_ raws: [Int], below capacity: Int) -> [Derivation] {
        guard raws.count > 1 else { return raws.map(Derivation.init(raw:)) }
        guard raws.count * 16 > capacity else {
            var previous = -1
            return raws.sorted().compactMap { raw in
                defer { previous = raw }
                return raw == previous ? nil : Derivation(raw: raw)
            }
        }
        var marked = [Bool](repeating: false, count: capacity)
        for raw in raws { marked[raw] = true }
        var derivations: [Derivation] = []
        derivations.reserveCapacity(raws.count)
        for (raw, isMarked) in marked.enumerated() where isMarked { derivations.append(Derivation(raw: raw)) }
        return derivations
    }
}

/// What one node of the form's dependency graph stands for on a live screen.
enum ScreenNode: Sendable {
    /// A section's or cell's derivation.
    case derivation(Derivation)
    /// A derivation of a cell of a repeat section's row.
    case row(slot: Int, id: RowID, derivation: Int)
}

/// What the form's graph must record for a live screen after a commit.
struct GraphWork: Sendable {
    /// Each result's node, `nil` for one without a node yet, and the keys it read.
    var reads: [(node: Int?, keys: [String])] = []
    /// What each entry of ``reads`` stands for.
    var targets: [ScreenNode] = []
    /// The nodes of rows that left.
    var dropped: [Int] = []
}

/// What a batch of changes calls for, found under a live screen's lock and carried out outside it.
struct ScreenPlan: Sendable {
    let derivations: [Derivation]
    let fieldVisibility: [(cell: Int, isShown: Bool)]
    /// For each repeat section concerned: what its rows call for, how its order changes, and the
    /// rows new to the screen.
    let slots: [(slot: Int, plan: RowPlan.Slot, difference: RowOrderDifference, arrivals: [RowID])]
    /// The new read-only state of the cells bound to a field the rules made read-only or editable.
    var fieldReadOnly: [(cell: Int, isReadOnly: Bool)] = []
}

extension ScreenPlan {
    /// Whether `later`, a later change's plan, can be carried out with this one as one diff: it
    /// moves the rows of no repeat section whose rows this one moves (its order would be diffed
    /// against the order before this plan).
    func canTake(_ later: ScreenPlan) -> Bool {
        later.slots.allSatisfy { entry in
            entry.plan.order == nil || !slots.contains { $0.slot == entry.slot && $0.plan.order != nil }
        }
    }

    /// This plan and `later`'s together: every derivation once, in declared order, the fields'
    /// visibility in the order it changed, and each repeat section's rows planned once: its new
    /// order (from whichever plan has one), and the derivations of the rows it keeps.
    func taking(_ later: ScreenPlan) -> ScreenPlan {
        var seen = Set(derivations.map(\.raw))
        var raws = derivations.map(\.raw)
        for derivation in later.derivations where seen.insert(derivation.raw).inserted { raws.append(derivation.raw) }
        var bySlot: [Int: (slot: Int, plan: RowPlan.Slot, difference: RowOrderDifference, arrivals: [RowID])] = [:]
        for entry in slots + later.slots {
            guard var merged = bySlot[entry.slot] else {
                bySlot[entry.slot] = entry
                continue
            }
            if entry.plan.order != nil {
                merged.plan.order = entry.plan.order
                merged.difference = entry.difference
                merged.arrivals = entry.arrivals
            }
            for (id, rowDerivations) in entry.plan.derivations { merged.plan.derivations[id, default: []].formUnion(rowDerivations) }
            merged.plan.fieldVisibility += entry.plan.fieldVisibility
            merged.plan.fieldReadOnly += entry.plan.fieldReadOnly
            bySlot[entry.slot] = merged
        }
        for (slot, var entry) in bySlot {
            // A row that leaves the screen needs nothing computed (a moved row arrives again).
            let gone = Set(entry.difference.leaving).subtracting(entry.difference.arriving.map(\.id))
            guard !gone.isEmpty else { continue }
            for id in gone { entry.plan.derivations[id] = nil }
            entry.plan.fieldVisibility.removeAll { gone.contains($0.id) }
            entry.plan.fieldReadOnly.removeAll { gone.contains($0.id) }
            bySlot[slot] = entry
        }
        return ScreenPlan(
            derivations: raws.sorted().map(Derivation.init(raw:)), fieldVisibility: fieldVisibility + later.fieldVisibility,
            slots: bySlot.values.sorted { $0.slot < $1.slot }, fieldReadOnly: fieldReadOnly + later.fieldReadOnly)
    }
}
