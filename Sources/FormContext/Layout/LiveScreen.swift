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
/// The live screen follows the form through a subscription to every field's events: each value
/// change re-runs only the conditions, footers and cell values that read the key the last time they
/// ran (their reads are recorded on every run, so a read on another branch is followed), and each
/// change of a field's visibility by the form's rules shows or hides the cells bound to it. A change
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
        // Until the first results are in, events wait in `pending` (`isProcessing` starts true).
        let empty = ScreenState(
            shape: ScreenShape(Screen(screen.title, sections: [])), fieldShown: [], evaluations: [])
        state = Mutex(empty)
        let subscription = form.observeAllHearingRowSignals(aspects: [.value, .visibility]) { [weak self] event in
            self?.receive(event)
        }
        let fieldShown = shape.cellKeys.map { key in key.map(form.isShown) ?? true }
        let evaluations = shape.evaluate(shape.derivations, in: form)
        let tracker = ReadTracker()
        var rowEvaluationCount = 0
        let slots = shape.slots.map { slot in
            let order = form[slot.template.group]?.base as? RowOrder ?? RowOrder()
            let arrivals = order.map { slot.arrival(of: $0, in: form, tracker: tracker) }
            rowEvaluationCount += arrivals.reduce(0) { $0 + $1.evaluations.count }
            return SlotState(order: order, arrivals: arrivals, cellCount: slot.cellCount)
        }
        state.withAnnotatedLock { state in
            let pending = state.pending
            state = ScreenState(shape: shape, fieldShown: fieldShown, evaluations: evaluations, slots: slots)
            state.evaluationCount = evaluations.count + rowEvaluationCount
            state.pending = pending
            state.subscription = subscription
        }
        drain()
    }

    deinit {
        let (subscription, finishers) = state.withAnnotatedLock { state in
            (state.subscription, state.streamFinishers.removeAll())
        }
        subscription?.cancel()
        for finish in finishers { finish() }
    }

    /// Takes an event from the form: processes it now, or leaves it to the thread already processing.
    private func receive(_ event: FieldEvent) {
        let mustProcess = state.withAnnotatedLock { state in
            state.pending.append(event)
            guard !state.isProcessing else { return false }
            state.isProcessing = true
            return true
        }
        if mustProcess { drain() }
    }

    /// Processes pending events until none is left: plans under the lock, runs the conditions, footers
    /// and values outside it, commits under it, then announces the diff.
    private func drain() {
        while true {
            let plan = state.withAnnotatedLock { state -> ScreenPlan? in
                guard !state.pending.isEmpty else {
                    state.isProcessing = false
                    return nil
                }
                defer { state.pending = [] }
                return state.plan(state.pending)
            }
            guard let plan else { return }
            // An event about nothing the screen shows (a key no result read, a field no cell is bound to).
            if plan.derivations.isEmpty && plan.fieldVisibility.isEmpty && plan.slots.isEmpty { continue }
            let evaluations = shape.evaluate(plan.derivations, in: form)
            let rows = evaluateRows(plan)
            let (diff, handlers) = state.withAnnotatedLock { state in
                let diff = state.commit(evaluations, fieldVisibility: plan.fieldVisibility, rows: rows)
                return (diff, diff == nil ? [] : Array(state.subscribers))
            }
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
