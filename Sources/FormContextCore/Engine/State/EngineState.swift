import Dispatch
import Synchronization

/// The state of a live form, split by concern; each part owns its data and its invariants.
///
/// It is reachable only through ``FormContextObject``'s `read` and `mutate`, under the form's lock.
struct EngineState: Sendable {
    /// Values and per-field state, one record per key.
    var fields: FieldTable
    /// Subscribers and controls.
    var observers = ObserverRegistry()
    /// What has been read through Observation.
    var tracking = ObservationTracking()
    /// Visibility, enabled, required and calculation rules, as a dependency graph.
    var rules = RuleState()
    /// Repeat groups: their rows, neighbours and statistics.
    var repeats = RepeatState()
    /// Issues, counts, dependencies and asynchronous runs.
    var validation = ValidationState()
    /// The submit pipeline.
    var submit = SubmitState()
    /// What every derived thing (rules, validators, the settle's subscribers' derivations) read on its
    /// last run: the form's one dependency graph.
    var graph = DependencyGraph()
    /// Who subscribes to the settle (live screens), and which nodes of the graph each owns.
    var subscriberGraph = SubscriberGraph()
    /// What delivery will announce for the mutation under way: the deliver stage's own state,
    /// empty between mutations.
    var outgoing = Outgoing()
    /// Deliveries waiting for the thread that is delivering.
    var delivery = DeliveryQueue()
    /// The thread settling a mutation, and writes its user code made meanwhile.
    var settling = SettlingState()

    init(_ initial: FormContext) {
        fields = FieldTable(initial)
    }

    /// Whether a mutation must settle (run rules, validators and the live screens' derivations)
    /// before it is delivered.
    var requiresSettling: Bool { validation.hasDefinition || !subscriberGraph.isEmpty }

    /// Whether a value write can skip the pipeline: nothing to settle, nobody listening to every
    /// key or to the whole form, no submit to keep track of. (Whether anyone listens to the written
    /// key is asked of its record.)
    var isQuiet: Bool {
        !requiresSettling && !observers.hasAllObservers && !tracking.isContextTracked && tracking.properties.isEmpty
            && submit.submitted == nil
    }

    /// The validation mode in force: the re-validate mode once a submit has started.
    var validationMode: ValidationMode { validation.effectiveMode(isSubmitted: submit.isSubmitted) }

    /// Whether any field's value differs from its initial value.
    var isDirty: Bool { !fields.dirty.isEmpty }

    /// Whether any value differs from the last successful submit (from the initial values before it).
    var isDirtySinceLastSubmit: Bool { submit.submitted == nil ? isDirty : !submit.changedSinceSubmit.isEmpty }

    /// Whether anyone must hear, once the mutation settles, what changed about the field of `record`:
    /// the registrar (someone read it through Observation) or an event subscriber.
    @inline(__always)
    func isObserved(_ record: FieldRecord) -> Bool {
        record.trackIndex >= 0 || hasEventSubscribers(record)
    }

    /// ``isObserved(_:)`` for the field in `slot`, read without copying its record.
    @inline(__always)
    func isObserved(at slot: Int) -> Bool {
        fields.trackIndex(at: slot) >= 0 || fields.flags(at: slot).contains(.stateObserved) || observers.allEventCount > 0
    }

    /// Whether an event subscriber listens to the field of `record` (of its key, or of every key).
    @inline(__always)
    func hasEventSubscribers(_ record: FieldRecord) -> Bool {
        hasEventSubscribers(record.flags)
    }

    /// Whether an event subscriber listens to a field with `flags` (to its key, or to every key).
    @inline(__always)
    func hasEventSubscribers(_ flags: FieldFlags) -> Bool {
        flags.contains(.stateObserved) || observers.allEventCount > 0
    }

    /// The subscribers of `key`, if it has any.
    func subscribers(of key: String) -> CallbackList<Observer>? {
        fields.slot(of: key).flatMap { observers.observers(of: $0) }
    }

    /// The slot of the field checked at validation position `position` (a definition field's, or a
    /// row field's), made if needed.
    mutating func checkSlot(at position: Int) -> Int? {
        if position < validation.definitionFieldCount, let definitionFields = validation.definition?.fields {
            return validation.slot(ofPosition: position) ?? fields.slot(creating: definitionFields[position].key)
        }
        return repeats.check(at: position)?.slot
    }

    /// The validation position of the field in `slot`, if the definition or a row checks it.
    func checkPosition(of slot: Int) -> Int? {
        validation.positionOfSlot[slot] ?? (repeats.isEmpty ? nil : repeats.checkOfSlot[slot])
    }

    /// Everything the form knows about `key`.
    func fieldState(of key: String) -> FieldState {
        guard let slot = fields.slot(of: key) else { return FieldState(key: key) }
        return fieldState(at: slot)
    }

    /// Everything the form knows about the field in `slot`.
    func fieldState(at slot: Int) -> FieldState {
        // The record's parts are read in place: a copy of the record costs more than the rest.
        let flags = fields.flags(at: slot)
        let issues = validation.issues(at: slot)
        return FieldState(
            key: fields.key(at: slot), boxedValue: fields.value(at: slot), boxedInitial: fields.initial(at: slot),
            isDirty: fields.dirty.contains(slot), isTouched: fields.touched.contains(slot),
            isVisible: flags.isDisjoint(with: .concealed), isEnabled: flags.isDisjoint(with: .locked),
            isReadOnly: flags.contains(.ruleReadOnly), isSecure: flags.contains(.secret), errors: issues?.allErrors ?? [], warnings: issues?.warnings ?? [],
            isValidating: !validation.runs.isEmpty && validation.runs[slot] != nil,
            isRequired: isRequired(at: slot), isDirtySinceLastSubmit: isDirtySinceLastSubmit(at: slot))
    }

    /// What is wrong with the state, if anything: every part's running sets and counts must match
    /// what they summarise.
    ///
    /// - Complexity: O(*n*); run after every mutation in debug builds.
    func invariantViolations() -> [String] {
        var violations = fields.invariantViolations()
        violations += validation.invariantViolations(fields: fields)
        for (slot, record) in fields.records.enumerated() where !fields.isFree(slot) {
            let expected = observers.flags(of: slot)
            let actual = record.flags.intersection([.valueObserved, .stateObserved])
            if expected != actual { violations.append("observer flags of '\(record.key)' are \(actual), subscribers say \(expected)") }
        }
        if settling.owner == nil && !settling.deferred.isEmpty { violations.append("deferred writes left with nobody settling") }
        if settling.owner == nil && validation.isFollowingChanges {
            violations.append("the outside-errors stage kept progress for a change set that has ended")
        }
        if !outgoing.isEmpty { violations.append("deliveries collected and left unannounced") }
        if !repeats.isEmpty { violations += repeatViolations() }
        if !rules.groups.isEmpty { violations += rules.groupViolations() }
        violations += releasedSlotViolations()
        return violations
    }
}

/// Which thread is settling a mutation, the writes made meanwhile (by its own user code or by other
/// threads) that it settles before it finishes, and who waits for it to finish.
struct SettlingState: Sendable {
    var owner: ThreadIdentity?
    /// Each with what delivery collected for it, announced after what the settling thread collected.
    var deferred: [(changes: ChangeSet, outgoing: Outgoing)] = []
    /// Callers that need a settled form (``FormContextObject/validate()``, a submit step) from another
    /// thread, woken once the settle under way ends.
    var waiters: [SettleWaiter] = []
    /// The list of value changes of the last settled change set, emptied with its room, for the
    /// next one (see ``ChangeSet/init(isSettling:recordsValues:reusing:)``); none after a change
    /// set too large to keep the room of (see `Array.emptyForReuse()`).
    var spareValues: [ChangeSet.ValueChange] = []
}

/// One caller waiting, outside every lock, for the settle under way to end.
enum SettleWaiter: Sendable {
    /// A thread blocked on a semaphore.
    case thread(DispatchSemaphore)
    /// A task suspended on a gate.
    case task(SettleGate)

    /// Lets the waiter go on. Called after the form's lock is released.
    func wake() {
        switch self {
        case .thread(let semaphore): semaphore.signal()
        case .task(let gate): gate.open()
        }
    }
}

/// A one-shot gate a task waits at until it is opened; opened before the task arrives, it lets the
/// task through at once.
final class SettleGate: Sendable {
    private let state = Mutex<(isOpen: Bool, waiting: CheckedContinuation<Void, Never>?)>((false, nil))

    /// Opens the gate, resuming the task waiting at it, if any.
    func open() {
        let waiting = state.withAnnotatedLock { state in
            state.isOpen = true
            defer { state.waiting = nil }
            return state.waiting
        }
        waiting?.resume()
    }

    /// Suspends the calling task until the gate is open.
    func wait() async {
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            let isOpen = state.withAnnotatedLock { state in
                if !state.isOpen { state.waiting = continuation }
                return state.isOpen
            }
            if isOpen { continuation.resume() }
        }
    }
}
