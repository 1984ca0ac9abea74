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
/// The live screen follows the form through ``FormContextObject/observeAll(aspects:_:)``: each value
/// change re-runs only the conditions, footers and cell values that read the key the last time they
/// ran (their reads are recorded on every run, so a read on another branch is followed), and each
/// change of a field's visibility by the form's rules shows or hides the cells bound to it. A change
/// that shows or hides *k* sections costs O(*k* log *n*) for *n* sections, never more than O(*n*);
/// a change nothing on the screen read costs one hash lookup.
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
        let subscription = form.observeAll(aspects: [.value, .visibility]) { [weak self] event in
            self?.receive(event)
        }
        let fieldShown = shape.cellKeys.map { key in key.map(form.isVisible) ?? true }
        let evaluations = shape.evaluate(shape.derivations, in: form)
        state.withAnnotatedLock { state in
            let pending = state.pending
            state = ScreenState(shape: shape, fieldShown: fieldShown, evaluations: evaluations)
            state.evaluationCount = evaluations.count
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
            let plan = state.withAnnotatedLock { state -> (derivations: [Derivation], fieldVisibility: [(cell: Int, isShown: Bool)])? in
                guard !state.pending.isEmpty else {
                    state.isProcessing = false
                    return nil
                }
                defer { state.pending = [] }
                return state.plan(state.pending)
            }
            guard let plan else { return }
            let evaluations = shape.evaluate(plan.derivations, in: form)
            let (diff, handlers) = state.withAnnotatedLock { state in
                let diff = state.commit(evaluations, fieldVisibility: plan.fieldVisibility)
                return (diff, diff == nil ? [] : Array(state.subscribers))
            }
            guard let diff else { continue }
            registrar.willSet(self, keyPath: \.version)
            registrar.didSet(self, keyPath: \.version)
            for handler in handlers { handler(diff) }
        }
    }
}
