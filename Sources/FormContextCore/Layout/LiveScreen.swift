public import Observation
import Synchronization

/// What a ``Screen`` shows for a live form, kept up to date as the form changes: the visible sections
/// and rows, footers and cell values, and after every change a ``ScreenDiff`` that a table view applies
/// as one batch update.
///
/// ```swift
/// let live = LiveScreen(hotspotScreen, form: form)
/// let subscription = live.observe { diff in
///     print(diff)   // version 1: delete sections [1, 2]; update footers [0]
/// }
/// form.set(false, for: "isEnabled")
/// ```
///
/// The live screen is a subscriber of the form's settle: the reads of its conditions, footers and
/// cell values are nodes of the form's one dependency graph, beside its rules and validators, and
/// once a mutation has settled the screen is handed what it changed, each change with the screen's
/// derivations that read it (one lookup of the graph per changed field). Each value change re-runs only the
/// conditions, footers and cell values that read the key the last time they ran (their reads are
/// recorded on every run, so a read on another branch is followed), and each change of a field's
/// visibility by the form's rules shows or hides the cells bound to it. A change
/// that shows or hides *k* sections costs O(*k* log *n*) for *n* sections, never more than O(*n*);
/// a change nothing on the screen read costs one hash lookup.
///
/// A ``RepeatSection`` shows a section per row of its group: a row added, removed or moved is one
/// section inserted or deleted (a move both), found by diffing the group's order where it changed,
/// at a cost that does not grow with the number of rows, and an edit in a row re-runs what read that
/// row's keys.
///
/// A mutation that changes several keys the screen reads is reported as one diff per key, in order,
/// each relative to the version before it.
///
/// It is `Observable` as a whole: code that read anything of it inside `withObservationTracking` (a
/// SwiftUI view's body) is invalidated by the next version. It is `Sendable` and safe from any thread;
/// conditions and handlers never run under its lock.
public final class LiveScreen: Observable, Sendable {
    /// The screen's declaration.
    public let screen: Screen
    /// The form whose values the screen shows.
    public let form: FormContextObject
    let shape: ScreenShape
    let state: Mutex<ScreenState>
    let registrar = ObservationRegistrar()
    /// Records what the screen's derivations read: used by one thread at a time, the one computing
    /// the first results and then the one processing changes (``ScreenState/isProcessing``).
    private let tracker = ReadTracker()

    /// Computes everything `screen` shows for `form` and follows the form from then on.
    ///
    /// - Parameters:
    ///   - screen: The screen.
    ///   - form: The live form.
    /// - Complexity: O(*n*) for *n* sections and cells, plus their conditions, footers and values.
    public init(_ screen: Screen, form: FormContextObject) {
        self.screen = screen
        self.form = form
        let shape = ScreenShape(screen)
        self.shape = shape
        // Until the first results are in, changes wait in `pending` (`isProcessing` starts true).
        let empty = ScreenState(
            shape: ScreenShape(Screen(screen.title, sections: [])), fieldShown: [], evaluations: [])
        state = Mutex(empty)
        let (subscriber, sequence, subscription) = form.subscribeToSettle { [weak self] changes in
            guard let self else { return }
            // One change at a time, as each is one diff.
            for change in changes { self.receive(change) }
        }
        let fieldShown = shape.cellKeys.map { key in key.map(form.isShown) ?? true }
        let evaluations = shape.evaluate(shape.derivations, in: form, tracker: tracker)
        let tracker = ReadTracker()
        var rowEvaluationCount = 0
        var arrivalsOfSlots: [[RowArrival]] = []
        let slots = shape.slots.map { slot in
            let order = form[slot.template.group]?.base as? RowOrder ?? RowOrder()
            let arrivals = order.map { slot.arrival(of: $0, in: form, tracker: tracker) }
            rowEvaluationCount += arrivals.reduce(0) { $0 + $1.evaluations.count }
            arrivalsOfSlots.append(arrivals)
            return SlotState(order: order, arrivals: arrivals, cellCount: slot.cellCount)
        }
        let work = state.withAnnotatedLock { state in
            let pending = state.pending
            state = ScreenState(shape: shape, fieldShown: fieldShown, evaluations: evaluations, slots: slots)
            state.evaluationCount = evaluations.count + rowEvaluationCount
            state.pending = pending
            state.subscription = subscription
            state.subscriber = subscriber
            var rows: [Int: SlotResult] = [:]
            for index in shape.slots.indices { rows[index] = SlotResult(arrivals: arrivalsOfSlots[index]) }
            return state.graphWork(evaluations, rows: rows)
        }
        record(work, of: subscriber, handedOut: sequence)
        drain()
    }

    /// Records in the form's graph what the results of `work` read, and keeps the nodes it gives the
    /// new ones. Results planned from the batch `sequence` that read a slot new to them after a later
    /// batch was handed out run again: the later batch did not name them (see
    /// ``FormContextObject/recordReads(of:_:dropping:handedOut:)``).
    private func record(_ work: GraphWork, of subscriber: Int, handedOut sequence: Int) {
        guard !work.reads.isEmpty || !work.dropped.isEmpty else { return }
        let (nodes, stale) = form.recordReads(of: subscriber, work.reads, dropping: work.dropped, handedOut: sequence)
        let isNew = work.reads.contains { $0.node == nil }
        guard isNew || !stale.isEmpty else { return }
        state.withAnnotatedLock { state in
            if isNew { state.assign(nodes, to: work) }
            guard !stale.isEmpty else { return }
            // Run again as if what they read had changed, after the changes already waiting.
            state.pending.append(
                SettledChange(
                    slot: -1, key: "", isValueChanged: true, isVisibilityChanged: false, isVisible: true, order: nil,
                    sequence: sequence, nodes: stale))
        }
    }

    deinit {
        let (subscription, finishers) = state.withAnnotatedLock { state in
            (state.subscription, state.streamFinishers.removeAll())
        }
        subscription?.cancel()
        for finish in finishers { finish() }
    }

    /// Takes a change from the form's settle: processes it now, or leaves it to the thread already
    /// processing.
    private func receive(_ change: SettledChange) {
        let mustProcess = state.withAnnotatedLock { state in
            state.pending.append(change)
            guard !state.isProcessing else { return false }
            state.isProcessing = true
            return true
        }
        if mustProcess { drain() }
    }

    /// Processes pending changes until none is left: takes the screen's derivations the settle handed
    /// out as due for what changed (each change carries them), plans under the lock, runs the
    /// conditions, footers and values outside it, commits under it, records what they read in the
    /// form's graph, then announces the diff.
    private func drain() {
        while true {
            let taken = state.withAnnotatedLock { state -> (plan: ScreenPlan, subscriber: Int, sequence: Int)? in
                guard !state.pending.isEmpty else {
                    state.isProcessing = false
                    return nil
                }
                defer { state.pending.removeAll(keepingCapacity: true) }
                let sequence = state.pending.reduce(0) { Swift.max($0, $1.sequence) }
                return (state.plan(state.pending), state.subscriber, sequence)
            }
            guard let (plan, subscriber, sequence) = taken else { return }
            // A change about nothing the screen shows (a key no result read, a field no cell is bound to).
            if plan.derivations.isEmpty && plan.fieldVisibility.isEmpty && plan.slots.isEmpty { continue }
            let evaluations = shape.evaluate(plan.derivations, in: form, tracker: tracker)
            let rows = evaluateRows(plan)
            let (diff, handlers, work) = state.withAnnotatedLock { state in
                let diff = state.commit(evaluations, fieldVisibility: plan.fieldVisibility, rows: rows)
                return (diff, diff == nil ? [] : Array(state.subscribers), state.graphWork(evaluations, rows: rows))
            }
            record(work, of: subscriber, handedOut: sequence)
            guard let diff else { continue }
            registrar.willSet(self, keyPath: \.version)
            registrar.didSet(self, keyPath: \.version)
            for handler in handlers { handler(diff) }
        }
    }

    /// Computes what `plan` calls for in the rows of the repeat sections: every cell of each row new
    /// to the screen, and the derivations of other rows that read a changed key.
    ///
    /// User code runs here: it must be called with no lock held.
    private func evaluateRows(_ plan: ScreenPlan) -> [Int: SlotResult] {
        guard !plan.slots.isEmpty else { return [:] }
        var results: [Int: SlotResult] = [:]
        let tracker = ReadTracker()
        for (slot, rows, difference, arrivals) in plan.slots {
            let slotShape = shape.slots[slot]
            var result = SlotResult(order: rows.order, difference: difference, fieldVisibility: rows.fieldVisibility)
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
