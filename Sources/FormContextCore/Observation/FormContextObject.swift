public import Observation
import Dispatch
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
/// 2. **settle**: the rules and validators the change calls for run (outside the lock, reading the
///    live form), and their results are stored. One thread settles at a time; a write made meanwhile,
///    by its user code or by another thread, takes effect and returns at once, and the settling thread
///    settles it before it finishes. Calls that answer with the settled form (``validate()``, a submit
///    step) from another thread wait for the settle under way, holding no lock;
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
    let registrar = ObservationRegistrar()
    /// The run number of the rule running now, 0 when none: set by the thread settling before each
    /// rule runs, and compared by a rule's read with its reader's (see ``RuleReadLog``).
    let runningRule = Atomic<UInt>(0)

    /// Creates a form whose values and initial values are `initial`.
    ///
    /// - Parameter initial: The starting values; its secret keys stay secret.
    /// - Complexity: O(*n*) for *n* values.
    public init(_ initial: FormContext = [:]) {
        state = Mutex(EngineState(initial))
    }

    deinit {
        let finishers = state.withAnnotatedLock { $0.observers.takeStreamFinishers() }
        for finish in finishers { finish() }
    }

    // MARK: The one door

    /// Runs `body` under the lock with the state as it is: a read changes nothing.
    func read<R, E: Error>(_ body: (EngineState) throws(E) -> R) throws(E) -> R {
        try state.withAnnotatedLock { state throws(E) -> R in try body(state) }
    }

    /// Runs `body` under the lock, without the pipeline: for bookkeeping that changes no value and
    /// no field state (what was read through observation, who subscribes, what a live screen's
    /// derivations read).
    func bookkeep<R, E: Error>(_ body: (inout EngineState) throws(E) -> R) throws(E) -> R {
        try state.withAnnotatedLock { state throws(E) -> R in try body(&state) }
    }

    /// Writes a value under the lock, without the pipeline, when nothing but the value changes (see
    /// ``EngineState/quickWrite(_:for:origin:)``): the one write that skips it.
    func quickWrite(_ value: StoredValue, for key: String, origin: FormChangeOrigin) -> QuickWrite {
        state.withAnnotatedLock { $0.quickWrite(value, for: key, origin: origin) }
    }

    /// Runs one mutation through the pipeline: `write` under the lock, then settling, then delivery
    /// outside the lock; returns what `write` returned.
    ///
    /// No lock is held while user code runs, and a mutation never waits for another one: made while
    /// another thread settles, it takes effect at once and that thread settles and delivers it before
    /// it finishes, so this call may return before its effects are settled (use
    /// ``mutate(_:settled:)`` for a result that needs them).
    ///
    /// - Parameter write: Changes the state, recording what it changed into the change set. If it
    ///   throws, nothing it changed is settled or delivered (it must throw before changing anything).
    /// - Returns: What `write` returns.
    func mutate<W: Sendable, E: Error>(_ write: (inout EngineState, inout ChangeSet) throws(E) -> W) throws(E) -> W {
        // With no waiter, a write made while another thread settles is deferred to it: never `nil`.
        try mutate(write, settled: { _, _, written in written }, waitsFor: nil)!
    }

    /// Runs one mutation through the pipeline and returns what `settled` makes of the settled state:
    /// `write` under the lock, then settling, then `settled` under the lock, then delivery outside it.
    ///
    /// Called while another thread settles, it waits (holding no lock) for that settle to end before
    /// it writes, so that `settled` sees its own mutation settled. Called by user code that the form
    /// runs while settling on this very thread (a validator, a rule), it cannot wait for itself:
    /// its write is settled after the step that made it and `settled` sees the state before that.
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
        let semaphore = DispatchSemaphore(value: 0)
        while true {
            if let result = try mutate(write, settled: settled, waitsFor: .thread(semaphore)) { return result }
            semaphore.wait()
        }
    }

    /// ``mutate(_:settled:)`` for a caller that may suspend: waiting for another thread's settle
    /// suspends the task instead of blocking its thread.
    func suspendingMutate<W: Sendable, S: Sendable, E: Error>(
        _ write: (inout EngineState, inout ChangeSet) throws(E) -> W,
        settled: (inout EngineState, inout ChangeSet, W) -> S
    ) async throws(E) -> S {
        while true {
            let gate = SettleGate()
            if let result = try mutate(write, settled: settled, waitsFor: .task(gate)) { return result }
            await gate.wait()
        }
    }

    /// Runs a mutation, or, when another thread settles and `waiter` is given, registers `waiter` to
    /// be woken when that settle ends and returns `nil` without writing anything.
    private func mutate<W: Sendable, S: Sendable, E: Error>(
        _ write: (inout EngineState, inout ChangeSet) throws(E) -> W,
        settled: (inout EngineState, inout ChangeSet, W) -> S,
        waitsFor waiter: SettleWaiter?
    ) throws(E) -> S? {
        let entry = try state.withAnnotatedLock { state throws(E) -> Entry<W, S> in
            if let owner = state.settling.owner {
                if let waiter, owner != .current {
                    state.settling.waiters.append(waiter)
                    return .waiting
                }
                // Settling is under way, on this thread (user code the form runs) or on another: the
                // write takes effect now and the settling thread settles and delivers it after its
                // current step.
                // What it collects for delivery is its own, announced after what the settle collected.
                var changes = ChangeSet(isSettling: true)
                var settling = Outgoing()
                swap(&settling, &state.outgoing)
                defer { swap(&settling, &state.outgoing) }
                let written = try write(&state, &changes)
                RowStage.follow(&state, &changes)
                ExternalErrorStage.follow(&state, &changes)
                let result = settled(&state, &changes, written)
                state.settling.deferred.append((changes, state.outgoing))
                return .deferred(result)
            }
            if state.requiresSettling {
                var changes = ChangeSet(isSettling: true, reusing: &state.settling.spareValues)
                let before = state.takeTrackedPropertyValues()
                let written = try write(&state, &changes)
                RowStage.follow(&state, &changes)
                ExternalErrorStage.follow(&state, &changes)
                var submitPass = SubmitStage.Pass()
                SubmitStage.take(changes, &submitPass, into: &state)
                state.settling.owner = .current
                return .settling(written, changes, before: before, submitPass)
            }
            var changes = ChangeSet(
                isSettling: false, recordsValues: state.submit.submitted != nil || state.validation.holdsExternalErrors)
            let before = state.takeTrackedPropertyValues()
            let written = try write(&state, &changes)
            RowStage.follow(&state, &changes)
            ExternalErrorStage.follow(&state, &changes)
            let result = settled(&state, &changes, written)
            var submitPass = SubmitStage.Pass()
            SubmitStage.take(changes, &submitPass, into: &state)
            state.placeSlotsMade(into: &changes)
            ExternalErrorStage.finish(&state, &changes)
            var announcements = state.announcements(before: before)
            state.handBackTrackedPropertyValues(before)
            state.reclaimSlots(into: &announcements)
            Self.checkInvariants(of: state)
            // Moved, not copied: a copy retains every list of the announcements only to release it.
            let mustDeliver = state.delivery.enqueue(announcements)
            return .done(result, consume announcements, mustDeliver: mustDeliver)
        }
        switch consume entry {
        case .done(let result, let announcements, let mustDeliver):
            if mustDeliver { deliver(announcements) }
            return result
        case .deferred(let result):
            return result
        case .waiting:
            return nil
        case .settling(let written, var changes, let before, var submitPass):
            settleStages(&changes)
            let (result, announcements, mustDeliver) = finishSettling(
                &changes, submitPass: &submitPass, written: written, before: before, settled: settled)
            if mustDeliver { deliver(announcements) }
            return result
        }
    }

    /// How a mutation left the lock on its first attempt.
    private enum Entry<Written: Sendable, Result: Sendable> {
        /// Written and announced: nothing to settle.
        case done(Result, Announcements, mustDeliver: Bool)
        /// Written while the form settles, to be settled by the thread settling.
        case deferred(Result)
        /// Written; this thread now settles it (and whatever is written meanwhile).
        case settling(Written, ChangeSet, before: [PropertyValue], SubmitStage.Pass)
        /// Another thread settles: nothing written, the waiter registered.
        case waiting
    }

    /// Settles every write made while the stages ran (by this thread's user code or by other threads),
    /// folding each into `changes` for one delivery, then ends the settle: runs `settled`, lets the
    /// form take new settles, and wakes whoever waits for that.
    private func finishSettling<W: Sendable, S: Sendable>(
        _ changes: inout ChangeSet, submitPass: inout SubmitStage.Pass, written: W, before: [PropertyValue],
        settled: (inout EngineState, inout ChangeSet, W) -> S
    ) -> (S, Announcements, Bool) {
        while true {
            let step = state.withAnnotatedLock { state -> FinishStep<S> in
                // What the settle's stages wrote, before anything reads the settled state.
                ExternalErrorStage.follow(&state, &changes)
                if !state.settling.deferred.isEmpty {
                    defer { state.settling.deferred = [] }
                    return .more(state.settling.deferred)
                }
                let result = settled(&state, &changes, written)
                SubmitStage.take(changes, &submitPass, into: &state)
                state.settling.owner = nil
                let waiters = state.settling.waiters
                state.settling.waiters = []
                state.placeSlotsMade(into: &changes)
                ExternalErrorStage.finish(&state, &changes)
                var announcements = state.announcements(before: before)
                state.handBackTrackedPropertyValues(before)
                changes.handBackValues(to: &state.settling.spareValues)
                state.reclaimSlots(into: &announcements)
                Self.checkInvariants(of: state)
                let mustDeliver = state.delivery.enqueue(announcements)
                return .finished(result, consume announcements, mustDeliver, waiters)
            }
            switch consume step {
            case .more(let deferred):
                for (var later, outgoing) in deferred {
                    // Delivered in the order written: what the write collected, then what its settle adds.
                    state.withAnnotatedLock { $0.outgoing.append(outgoing) }
                    settleStages(&later)
                    state.withAnnotatedLock { ExternalErrorStage.join(later, to: &changes, &$0) }
                }
            case .finished(let result, let announcements, let mustDeliver, let waiters):
                for waiter in waiters { waiter.wake() }
                return (result, announcements, mustDeliver)
            }
        }
    }

    /// What the end of a settle found under the lock.
    private enum FinishStep<Result: Sendable>: Sendable {
        /// Writes made meanwhile, still to settle.
        case more([(changes: ChangeSet, outgoing: Outgoing)])
        /// Nothing left: the settle is over.
        case finished(Result, Announcements, Bool, [SettleWaiter])
    }

    /// Runs the settle stages over `changes`, in order: rules, then validation, then the live
    /// screens.
    private func settleStages(_ changes: inout ChangeSet) {
        guard changes.isSettling else { return }
        run(RuleStage.self, over: &changes)
        run(ValidationStage.self, over: &changes)
        run(ScreenStage.self, over: &changes)
    }

    /// Plans `stage` under the lock, runs it outside, commits it under the lock, until it has nothing
    /// left to run. A commit and the plan after it take the lock once.
    /// The stage's progress through `changes` is its own, begun here and dropped when it is done.
    private func run<Stage: SettleStage>(_ stage: Stage.Type, over changes: inout ChangeSet) {
        var pass = Stage.begin()
        var next = state.withAnnotatedLock { state in Stage.plan(&state, &changes, &pass) }
        while let plan = next.take() {
            // Taken by the commit, so that the plan after it holds the buffers alone.
            var outcome = Optional(Stage.run(consume plan, reading: .live(self)))
            next = state.withAnnotatedLock { state in
                // Handed on, not copied: a copy of a level's outcome retains and releases each of its buffers.
                if let taken = outcome.take() { Stage.commit(consume taken, to: &state, &changes, &pass) }
                return Stage.plan(&state, &changes, &pass)
            }
        }
    }

    // MARK: Delivery

    /// Delivers `first`, then every delivery queued meanwhile, outside the lock.
    ///
    /// The change-call queue of what was delivered, emptied outside the lock, goes back to the
    /// delivery queue under the lock this takes anyway to look for more, for the next large batch:
    /// a batch's queue is one allocation of some megabytes, and memory the allocator has just given
    /// back to the system costs a page fault per page when it is written again.
    private func deliver(_ first: consuming Announcements) {
        var spare = deliverOne(first)
        while var queued = state.withAnnotatedLock({ state in
            state.delivery.keep(spare: &spare, fieldCount: state.fields.slotCount)
            return state.delivery.takeQueued()
        }) {
            for index in queued.indices {
                // Moved out of the list, so that the delivery holds its queue alone and can keep it.
                var announcements = Announcements()
                swap(&announcements, &queued[index])
                spare = deliverOne(announcements)
            }
        }
    }

    /// Announces one mutation to the registrar, starts and cancels its asynchronous runs, and calls
    /// its subscribers.
    ///
    /// - Returns: Its change-call queue, emptied (its changes let go of here, outside every lock),
    ///   with its capacity, when it is large enough to keep; an empty one otherwise (a small queue
    ///   is let go of here, outside the lock).
    private func deliverOne(_ announcements: consuming Announcements) -> [Outgoing.ChangeCall] {
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
        var calls: [Outgoing.ChangeCall] = []
        swap(&calls, &announcements.changeCalls)
        // Each change handed on in place: a copy of a change copies both its values.
        for index in calls.indices {
            calls[index].handler(calls[index].change)
        }
        for (handler, event) in announcements.eventCalls { handler(event) }
        for index in announcements.screenDiffs.indices { announcements.screenDiffs[index].deliver() }
        withExtendedLifetime(announcements.releases) {}
        guard calls.capacity >= DeliveryQueue.spareMinimum else { return [] }
        calls.removeAll(keepingCapacity: true)
        return calls
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
