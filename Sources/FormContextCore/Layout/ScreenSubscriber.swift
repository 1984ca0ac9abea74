import Synchronization

/// The part of a ``LiveScreen`` that the form's settle drives: the screen's shape and its state
/// behind the screen's lock, planned, run and committed by ``ScreenStage`` like the form's rules and
/// validators.
///
/// Why it is apart from ``LiveScreen``: the form holds its subscribers strongly (see
/// ``SubscriberGraph``), and a live screen holds its form; this part holds no form, so the form
/// holding it makes no cycle, and the public ``LiveScreen`` goes when its user lets go of it.
///
/// What it guarantees: its results are changed only by the thread settling the form, under the
/// form's lock and then its own (never the other way round), so they always follow the settles in
/// order; any thread may read them under its own lock.
final class ScreenSubscriber: Sendable {
    let shape: ScreenShape
    let state: Mutex<ScreenState>
    /// Records what the derivations read: used only by the thread settling the form.
    private let tracker = ReadTracker()

    /// What the settle asks of the screen.
    enum Work: Sendable {
        /// Compute everything: the screen's first run.
        case first
        /// What one change calls for.
        case change(ScreenPlan)
    }

    /// What the screen's derivations computed, outside every lock.
    enum Result: Sendable {
        case first(FirstRun)
        case change(ScreenPlan, [Evaluation], rows: [Int: SlotResult])
    }

    /// Everything the screen shows, computed on its first run.
    struct FirstRun: Sendable {
        let fieldShown: [Bool]
        let fieldReadOnly: [Bool]
        let evaluations: [Evaluation]
        let slots: [SlotState]
        let arrivals: [[RowArrival]]
        let rowEvaluationCount: Int
    }

    /// What a change computed, for delivery to show: applied to what the screen shows when the
    /// mutation is delivered, one change at a time, each applied just before its diff is announced.
    struct Delivery: Sendable {
        let subscriber: ScreenSubscriber
        let fieldVisibility: [(cell: Int, isShown: Bool)]
        let fieldReadOnly: [(cell: Int, isReadOnly: Bool)]
        let evaluations: [Evaluation]
        let rows: [Int: SlotResult]

        /// Shows what the change computed and tells the screen's observers, if anything visible
        /// changed: Observation, then each handler with the diff. Called by delivery, outside the
        /// form's lock; handlers run outside the screen's.
        func deliver() {
            let shown = subscriber.state.withAnnotatedLock { state -> (ScreenDiff, (@Sendable () -> Void)?, [@Sendable (ScreenDiff) -> Void])? in
                guard let diff = state.commit(evaluations, fieldVisibility: fieldVisibility, fieldReadOnly: fieldReadOnly, rows: rows) else { return nil }
                return (diff, state.announce, state.subscribers.isEmpty ? [] : Array(state.subscribers))
            }
            guard let (diff, announce, handlers) = shown else { return }
            announce?()
            for handler in handlers { handler(diff) }
        }
    }

    /// A subscriber for `shape`, showing nothing until its first run.
    init(shape: ScreenShape) {
        self.shape = shape
        state = Mutex(ScreenState(shape: shape))
    }

    /// What `change` calls for, found under the form's lock; `nil` when it concerns nothing the
    /// screen shows (a key no result read, a field no cell is bound to).
    func plan(_ change: SettledChange) -> ScreenPlan? {
        let plan = state.withAnnotatedLock { $0.plan(change) }
        return plan.derivations.isEmpty && plan.fieldVisibility.isEmpty && plan.fieldReadOnly.isEmpty && plan.slots.isEmpty ? nil : plan
    }

    /// Runs the conditions, footers and values `work` calls for, reading `form`.
    ///
    /// User code runs here: it must be called with no lock held.
    func run(_ work: Work, in form: FormContextObject) -> Result {
        switch work {
        case .first:
            let fieldShown = shape.cellKeys.map { key in key.map(form.isShown) ?? true }
            let fieldReadOnly = form.isReadOnlyForEditing(shape.cellKeys)
            let evaluations = shape.evaluate(shape.derivations, in: form, tracker: tracker)
            var rowEvaluationCount = 0
            var arrivalsOfSlots: [[RowArrival]] = []
            let slots = shape.slots.map { slot in
                let order = form[slot.template.group]?.base as? RowOrder ?? RowOrder()
                let arrivals = order.map { slot.arrival(of: $0, in: form, tracker: tracker) }
                rowEvaluationCount += arrivals.reduce(0) { $0 + $1.evaluations.count }
                arrivalsOfSlots.append(arrivals)
                return SlotState(order: order, arrivals: arrivals, cellCount: slot.cellCount)
            }
            return .first(
                FirstRun(
                    fieldShown: fieldShown, fieldReadOnly: fieldReadOnly, evaluations: evaluations, slots: slots, arrivals: arrivalsOfSlots,
                    rowEvaluationCount: rowEvaluationCount))
        case .change(let plan):
            let evaluations = plan.derivations.isEmpty ? [] : shape.evaluate(plan.derivations, in: form, tracker: tracker)
            return .change(plan, evaluations, rows: evaluateRows(plan, in: form))
        }
    }

    /// Takes `result` in, under the form's lock (`engine`) and then the screen's: records in the
    /// form's graph what its derivations read, and plans the rows it leads to. A first run's results
    /// are shown at once; a change's are handed to delivery, which shows them (see ``Delivery``).
    ///
    /// - Returns: What delivery is to show, for a change.
    func commit(_ result: Result, of subscriber: Int, to engine: inout EngineState) -> Delivery? {
        state.withAnnotatedLock { state -> Delivery? in
            let work: GraphWork
            let delivery: Delivery?
            switch result {
            case .first(let first):
                state.start(fieldShown: first.fieldShown, fieldReadOnly: first.fieldReadOnly, evaluations: first.evaluations, slots: first.slots)
                state.evaluationCount = first.evaluations.count + first.rowEvaluationCount
                state.subscriber = subscriber
                var rows: [Int: SlotResult] = [:]
                for index in shape.slots.indices { rows[index] = SlotResult(arrivals: first.arrivals[index]) }
                work = state.graphWork(first.evaluations, rows: rows)
                delivery = nil
            case .change(let plan, let evaluations, let rows):
                work = state.graphWork(evaluations, rows: rows)
                delivery = Delivery(
                    subscriber: self, fieldVisibility: plan.fieldVisibility, fieldReadOnly: plan.fieldReadOnly, evaluations: evaluations,
                    rows: rows)
            }
            if !work.reads.isEmpty || !work.dropped.isEmpty {
                let nodes = engine.recordReads(of: subscriber, work.reads, dropping: work.dropped)
                if work.reads.contains(where: { $0.node == nil }) { state.assign(nodes, to: work) }
            }
            return delivery
        }
    }

    /// Computes what `plan` calls for in the rows of the repeat sections: every cell of each row new
    /// to the screen, and the derivations of other rows that read a changed key.
    ///
    /// User code runs here: it must be called with no lock held.
    private func evaluateRows(_ plan: ScreenPlan, in form: FormContextObject) -> [Int: SlotResult] {
        guard !plan.slots.isEmpty else { return [:] }
        var results: [Int: SlotResult] = [:]
        for (slot, rows, difference, arrivals) in plan.slots {
            let slotShape = shape.slots[slot]
            var result = SlotResult(
                order: rows.order, difference: difference, fieldVisibility: rows.fieldVisibility, fieldReadOnly: rows.fieldReadOnly)
            result.arrivals = arrivals.map { slotShape.arrival(of: $0, in: form, tracker: tracker) }
            let arriving = Set(arrivals)
            for (id, derivations) in rows.derivations where !arriving.contains(id) {
                result.evaluations += slotShape.evaluate(derivations.sorted(), of: id, in: form, tracker: tracker)
            }
            results[slot] = result
        }
        return results
    }
}

extension EngineState {
    /// Records what nodes of the settle's subscriber `subscriber` read on their last run, making a
    /// node for each entry without one and dropping the nodes of `dropped`.
    ///
    /// A node whose reads are what the graph holds for it already changes nothing (no allocation, no
    /// slot looked at for reclaiming); a slot it no longer reads is looked at for reclaiming.
    ///
    /// - Parameters:
    ///   - reads: Each node (or `nil` for a new one) with the keys it read.
    ///   - dropped: Nodes of rows that left.
    /// - Returns: The node of each entry of `reads`, in order.
    mutating func recordReads(of subscriber: Int, _ reads: [(node: Int?, keys: [String])], dropping dropped: [Int]) -> [Int] {
        for node in dropped {
            for slot in subscriberGraph.drop(node, from: &graph) { subscriberDidLeave(slot) }
        }
        var slots: [Int] = []
        return reads.map { entry in
            let node = entry.node ?? subscriberGraph.makeNode(of: subscriber)
            slots.removeAll(keepingCapacity: true)
            for key in entry.keys { slots.append(fields.slot(creating: key)) }
            if let (_, lost) = graph.update(slots, for: .init(.subscriber, node)) {
                for slot in lost { subscriberDidLeave(slot) }
            }
            return node
        }
    }
}
