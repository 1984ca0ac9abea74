public import Observation
import Synchronization

/// A live form: a ``FormContext`` with field state, change notifications and observation per key.
///
/// `FormContextObject` is safe to use from any thread or task. Its state sits behind a `Mutex`, and
/// no code of yours — a validator, an observer, a control — ever runs while that lock is held, so
/// any of it may read or write the form.
///
/// Every mutation goes through one pipeline:
///
/// 1. **write**, under the lock: the values and field state change, and the change set records
///    what changed;
/// 2. **settle**: the validators the change calls for run (outside the lock, reading the live form),
///    and their results are stored. While a mutation settles, no other mutation can change the form;
/// 3. **deliver**, outside the lock: Observation, subscriptions and streams hear about it, one
///    mutation at a time, in the order the mutations were made.
///
/// A write made while a delivery is under way (by a handler, or by another thread) takes effect at
/// once and is delivered right after the current one, by the thread already delivering. So every
/// observer sees each key's changes in order, and the last change it sees carries the key's current
/// value.
///
/// It is `Observable` **per key**: code that read key `a` inside `withObservationTracking` (as SwiftUI
/// does) is invalidated by a write to `a` and by nothing else, and a write of an equal value
/// invalidates no one.
///
/// ```swift
/// let form = FormContextObject(["firstname": "Hello"])
/// let subscription = form.observe("firstname") { change in print(change) }
/// form.set("Ada", for: "firstname", origin: .user)
/// // firstname: "Hello" -> "Ada" (user)
/// ```
///
/// ## Performance
/// A write costs a lock, one hash of the key, one hash of the new value, and one call per observer
/// of that key: it does not depend on how many fields the form has. Snapshots of every value
/// (``context``, ``activeValues``, a submission) cost O(*n*); read single keys instead where you can.
public final class FormContextObject: Observable, Sendable, FormReader {
    /// The form's state. Nothing outside this file touches it: everything goes through ``read(_:)``
    /// and ``mutate(_:settled:)``.
    private let state: Mutex<EngineState>
    /// Held while a mutation settles, so that no other mutation changes what its validators read.
    private let turn = Mutex(())
    let registrar = ObservationRegistrar()

    /// Creates a form whose values and initial values are `initial`.
    ///
    /// - Parameter initial: The starting values; its secret keys stay secret.
    /// - Complexity: O(*n*) for *n* values.
    public init(_ initial: FormContext = FormContext()) {
        state = Mutex(EngineState(initial))
    }

    deinit {
        let finishers = state.withAnnotatedLock { $0.observers.takeStreamFinishers() }
        for finish in finishers { finish() }
    }

    // MARK: The one door

    /// Runs `body` under the lock, without the pipeline: for reads, and for bookkeeping that changes
    /// no value and no field state (what was read through observation, who subscribes).
    func read<R, E: Error>(_ body: (inout EngineState) throws(E) -> R) throws(E) -> R {
        try state.withAnnotatedLock { state throws(E) -> R in try body(&state) }
    }

    /// Runs one mutation through the pipeline: `write` under the lock, then settling, then
    /// `settled` under the lock, then delivery outside it.
    ///
    /// - Parameters:
    ///   - write: Changes the state, recording what it changed into the change set. If it throws,
    ///     nothing it changed is settled or delivered (it must throw before changing anything).
    ///   - settled: Runs once the mutation has settled (its validation done), with what `write`
    ///     returned; its result is the mutation's.
    /// - Returns: What `settled` returns.
    func mutate<W: Sendable, S: Sendable, E: Error>(
        _ write: (inout EngineState, inout ChangeSet) throws(E) -> W,
        settled: (inout EngineState, inout ChangeSet, W) -> S
    ) throws(E) -> S {
        let entry = try state.withAnnotatedLock { state throws(E) -> Entry<S> in
            if state.requiresSettling {
                guard state.settling.owner == .current else { return .needsTurn }
                // User code settling a mutation on this very thread writes the form: the write takes
                // effect now and is settled after the current step, by the same thread.
                var changes = ChangeSet(isSettling: true)
                let written = try write(&state, &changes)
                let result = settled(&state, &changes, written)
                state.settling.deferred.append(changes)
                return .deferred(result)
            }
            var changes = ChangeSet(isSettling: false)
            let before = state.tracking.propertyValues(of: state)
            let written = try write(&state, &changes)
            let result = settled(&state, &changes, written)
            let announcements = state.announcements(for: &changes, before: before)
            Self.checkInvariants(of: state)
            return .done(result, announcements, mustDeliver: state.delivery.enqueue(announcements))
        }
        switch entry {
        case .done(let result, let announcements, let mustDeliver):
            if mustDeliver { deliver(announcements) }
            return result
        case .deferred(let result):
            return result
        case .needsTurn:
            let (result, announcements, mustDeliver) = try turn.withAnnotatedLock { _ throws(E) in
                try settlingMutation(write, settled: settled)
            }
            if mustDeliver { deliver(announcements) }
            return result
        }
    }

    /// ``mutate(_:settled:)`` for a mutation whose result is what `write` returns.
    func mutate<W: Sendable, E: Error>(_ write: (inout EngineState, inout ChangeSet) throws(E) -> W) throws(E) -> W {
        try mutate(write, settled: { _, _, written in written })
    }

    /// How a mutation left the lock on its first attempt.
    private enum Entry<Result: Sendable>: Sendable {
        /// Written and announced: nothing to settle.
        case done(Result, Announcements, mustDeliver: Bool)
        /// Written by user code of a settling mutation on this thread; settled after it.
        case deferred(Result)
        /// The form settles its mutations: take the turn and start again.
        case needsTurn
    }

    /// Runs a mutation that must settle, holding the turn.
    private func settlingMutation<W: Sendable, S: Sendable, E: Error>(
        _ write: (inout EngineState, inout ChangeSet) throws(E) -> W,
        settled: (inout EngineState, inout ChangeSet, W) -> S
    ) throws(E) -> (S, Announcements, Bool) {
        var (written, changes, before) = try state.withAnnotatedLock { state throws(E) in
            var changes = ChangeSet(isSettling: state.requiresSettling)
            let before = state.tracking.propertyValues(of: state)
            let written = try write(&state, &changes)
            state.settling.owner = .current
            return (written, changes, before)
        }
        settle(&changes)
        return state.withAnnotatedLock { state in
            let result = settled(&state, &changes, written)
            state.settling.owner = nil
            let announcements = state.announcements(for: &changes, before: before)
            Self.checkInvariants(of: state)
            return (result, announcements, state.delivery.enqueue(announcements))
        }
    }

    /// Runs the settle stages over `changes`, then over every write their user code made meanwhile,
    /// folding those into `changes` for one delivery.
    private func settle(_ changes: inout ChangeSet) {
        settleStages(&changes)
        while true {
            let deferred = state.withAnnotatedLock { state in
                defer { state.settling.deferred = [] }
                return state.settling.deferred
            }
            guard !deferred.isEmpty else { return }
            for var later in deferred {
                settleStages(&later)
                changes.append(later)
            }
        }
    }

    /// Runs the settle stages over `changes`, in order: rules, then validation.
    private func settleStages(_ changes: inout ChangeSet) {
        guard changes.isSettling else { return }
        run(RuleStage.self, over: &changes)
        run(ValidationStage.self, over: &changes)
    }

    /// Plans `stage` under the lock, runs it outside, commits it under the lock, until it has nothing
    /// left to run. A commit and the plan after it take the lock once.
    private func run<Stage: SettleStage>(_ stage: Stage.Type, over changes: inout ChangeSet) {
        var next = state.withAnnotatedLock { state in Stage.plan(&state, &changes) }
        while let plan = next.take() {
            // Taken by the commit, so that the plan after it holds the buffers alone.
            var outcome = Optional(Stage.run(consume plan, reading: .live(self)))
            next = state.withAnnotatedLock { state in
                if let outcome = outcome.take() { Stage.commit(outcome, to: &state, &changes) }
                return Stage.plan(&state, &changes)
            }
        }
    }

    // MARK: Delivery

    /// Delivers `first`, then every delivery queued meanwhile, outside the lock.
    private func deliver(_ first: Announcements) {
        deliverOne(first)
        while let queued = state.withAnnotatedLock({ $0.delivery.takeQueued() }) {
            for announcements in queued { deliverOne(announcements) }
        }
    }

    /// Announces one mutation to the registrar, starts and cancels its asynchronous runs, and calls
    /// its subscribers.
    private func deliverOne(_ announcements: Announcements) {
        for paths in announcements.valuePaths {
            registrar.willSet(self, keyPath: paths.value)
            registrar.didSet(self, keyPath: paths.value)
        }
        for paths in announcements.statePaths {
            registrar.willSet(self, keyPath: paths.fieldState)
            registrar.didSet(self, keyPath: paths.fieldState)
        }
        if announcements.isContextChanged { announce(\.context) }
        for property in announcements.properties { property.announce(self) }
        for task in announcements.cancellations { task.cancel() }
        for start in announcements.runStarts { launch(start) }
        for (handler, change) in announcements.changeCalls { handler(change) }
        for (handler, event) in announcements.eventCalls { handler(event) }
        withExtendedLifetime(announcements.releases) {}
    }

    /// Tells the registrar that the form-level property at `keyPath` changed.
    func announce<Value>(_ keyPath: KeyPath<FormContextObject, Value>) {
        registrar.willSet(self, keyPath: keyPath)
        registrar.didSet(self, keyPath: keyPath)
    }

    // MARK: Invariants

    /// Checks every part's invariants after a mutation, in debug builds (the test suite among them)
    /// while the form is small enough for a full check to stay cheap; compiled out of release builds.
    private static func checkInvariants(of state: EngineState) {
        #if DEBUG
            guard state.fields.slotCount <= 512 else { return }
            let violations = state.invariantViolations()
            assert(violations.isEmpty, "form invariants broken: \(violations.joined(separator: "; "))")
        #endif
    }
}
