import Synchronization

/// The values a validator (and a rule) reads: a ``FormReader`` over a plain ``FormContext`` or over a
/// live form.
///
/// What a reader sees depends on who reads: a validator sees the active fields (hidden and disabled
/// ones read as absent), a calculation sees the visible ones (a hidden field reads as absent, a
/// disabled one keeps its value), and a visibility, enabled or required rule sees every value.
///
/// A validator never holds the form's lock while it runs: on a live form each read asks the form for
/// the key's current value, so a validator may read any key, through this reader or through the form
/// itself, and always gets the value the form holds. The reads are recorded, so the form re-runs a
/// validator when (and only when) a key it read changes.
///
/// Inside a scope (a definition reused for a nested model, see ``FormDefinition/scoped(in:)``) keys
/// are read relative to the scope: `values["password"]` reads `hotspot.password`.
public struct FormValues: FormReader {
    enum Source {
        /// A plain context, with the keys of hidden fields and of disabled fields.
        ///
        /// Every case holds one reference, so that a reader (made for every level of rules) copies
        /// its source as one retain, not through an outlined copy of payloads of different shapes.
        case context(PlainValues)
        /// A live form.
        case live(FormContextObject)
        /// A form's state evaluated on its own, with no live form (rules over a plain context, for a server).
        case scratch(ScratchState)
    }

    let source: Source
    /// The fields this reader cannot see: their values read as absent.
    var excluded: FieldFlags
    /// The scope prefix with its trailing dot, or empty at the root.
    let prefix: String
    /// Records every key read, when the form wants to know (validators, a screen's derivations).
    let tracker: ReadTracker?
    /// The run of the form's code (a rule, a validation pass, a screen's evaluation) this reader was
    /// made for (see ``ReadTracker/beginRun()``): its reads are recorded only while that run is under
    /// way, and only on the thread running it. A reader that user code kept (a rule, a validator, a
    /// screen's condition) and reads later, or from another thread, a task it started, records
    /// nothing: those reads are not the code's own, and the tracker belongs to the run.
    ///
    /// A reader with a run and no ``tracker`` is a rule's: it records into the rules' log in the
    /// form's state (see ``RuleReadLog``), under the lock its read takes anyway.
    var recordingRun: UInt
    /// The row of a repeat group the reader reads from inside, if any.
    let row: RowScope?

    init(
        _ source: Source, excluding excluded: FieldFlags = .inactive, prefix: String = "", tracker: ReadTracker? = nil,
        recordingRun: UInt = 0, row: RowScope? = nil
    ) {
        self.source = source
        self.excluded = excluded
        self.prefix = prefix
        self.tracker = tracker
        self.recordingRun = recordingRun
        self.row = row
    }

    /// Whether the calling thread's reads through this reader are recorded now (in ``tracker``).
    ///
    /// A flag rather than the tracker itself: handing the tracker out would retain and release it on
    /// every read, where the reader's own reference, borrowed, serves.
    @inline(__always)
    private var isRecording: Bool {
        if let tracker { tracker.takesReads(of: recordingRun) } else { false }
    }

    /// Records that `key` was read, if the calling thread's reads are recorded now.
    func record(_ key: String) {
        if let tracker {
            if tracker.takesReads(of: recordingRun) { tracker.record(key) }
            return
        }
        guard recordingRun != 0 else { return }
        let run = recordingRun
        switch source {
        case .live(let form):
            let running = form.runningRule.load(ordering: .relaxed)
            form.bookkeep { $0.rules.reads.record(key, slot: nil, run: run, running: running) }
        case .scratch(let scratch): scratch.state.rules.reads.record(key, slot: nil, run: run, running: scratch.runningRule)
        case .context: break
        }
    }

    /// The values of `context`, with `inactiveKeys` reading as absent.
    ///
    /// - Parameters:
    ///   - context: The values.
    ///   - inactiveKeys: Keys of hidden or disabled fields.
    init(_ context: FormContext, inactiveKeys: Set<String> = []) {
        self.init(.context(PlainValues(context, hidden: inactiveKeys, disabled: inactiveKeys)))
    }

    /// The value under `key` (inside the reader's scope), or `nil` if there is none or its field is
    /// hidden or disabled.
    public subscript(key: String) -> AnyHashable? {
        prefix.isEmpty ? value(ofFullKey: key) : value(ofFullKey: prefix + key)
    }

    /// The value of a typed field (inside the reader's scope); `nil` when the key has none, its field
    /// is hidden or disabled, or it holds another type.
    ///
    /// The same read as ``FormReader``'s, answered here so that a field of a live form holding an
    /// `Int` is read without opening its box.
    ///
    /// Specialized for the commonest types: a rule reading one of them makes no generic call.
    public subscript<Value>(key: FormKey<Value>) -> Value? {
        @_specialize(exported: true, where Value == Int)
        @_specialize(exported: true, where Value == String)
        @_specialize(exported: true, where Value == Bool)
        @_specialize(exported: true, where Value == Double)
        get {
            let key = prefix.isEmpty ? key.name : prefix + key.name
            if case .context = source { return value(ofFullKey: key)?.base as? Value }
            let stored = storedValue(ofFullKey: key)
            if Value.self == Int.self, let int = stored.int { return int as? Value }
            return stored.value?.base as? Value
        }
    }

    /// The value under `key`, a key from the root, or `nil` if there is none or this reader cannot see it.
    @inline(__always)
    private func value(ofFullKey key: String) -> AnyHashable? {
        guard case .context(let plain) = source else { return storedValue(ofFullKey: key).value }
        record(key)
        if !plain.hidden.isEmpty, !excluded.isDisjoint(with: .concealed), plain.hidden.contains(key) { return nil }
        if !plain.disabled.isEmpty, !excluded.isDisjoint(with: .locked), plain.disabled.contains(key) { return nil }
        return plain.context.storage[key]
    }

    /// The stored value under `key`, a key from the root, in a live form or a form's state evaluated
    /// on its own; absent if there is none or this reader cannot see it.
    @inline(__always)
    private func storedValue(ofFullKey key: String) -> StoredValue {
        switch source {
        case .context: return .absent
        case .live(let form):
            if tracker == nil, recordingRun != 0 {
                // A rule's read: recorded in the rules' log under the lock it takes anyway.
                let (run, flags) = (recordingRun, excluded)
                let running = form.runningRule.load(ordering: .relaxed)
                return form.bookkeep { $0.ruleRead(of: key, run: run, running: running, unless: flags) }
            }
            let records = isRecording
            return form.read { Self.storedValue(of: key, in: $0.fields, unless: excluded, recordingIn: tracker, records) }
        case .scratch(let scratch):
            if tracker == nil, recordingRun != 0 {
                return scratch.state.ruleRead(of: key, run: recordingRun, running: scratch.runningRule, unless: excluded)
            }
            return Self.storedValue(of: key, in: scratch.state.fields, unless: excluded, recordingIn: tracker, isRecording)
        }
    }

    /// The stored value of `key` in `fields`, absent when it has none or its field carries any of
    /// `flags`; the read recorded, when `records`, in `tracker` with the key's slot, found by the same lookup.
    @inline(__always)
    private static func storedValue(
        of key: String, in fields: FieldTable, unless flags: FieldFlags, recordingIn tracker: ReadTracker?, _ records: Bool
    ) -> StoredValue {
        let slot = if records, let tracker { tracker.recordRead(of: key, in: fields) } else { fields.slot(of: key) }
        guard let slot else { return .absent }
        return fields.flags(at: slot).isDisjoint(with: flags) ? fields.stored(at: slot) : .absent
    }

    /// The same values seen from inside `scope`: keys are read under its prefix.
    ///
    /// - Parameter scope: The scope; the root scope changes nothing.
    /// - Returns: The scoped reader.
    func scoped(in scope: FormScope) -> FormValues {
        guard !scope.prefix.isEmpty else { return self }
        return FormValues(
            source, excluding: excluded, prefix: prefix + scope.prefix + ".", tracker: tracker, recordingRun: recordingRun, row: row)
    }
}

/// A plain context read by a ``FormValues``, with the keys of its hidden and of its disabled fields.
final class PlainValues: Sendable {
    let context: FormContext
    let hidden: Set<String>
    let disabled: Set<String>

    init(_ context: FormContext, hidden: Set<String>, disabled: Set<String>) {
        self.context = context
        self.hidden = hidden
        self.disabled = disabled
    }
}

/// A form's state evaluated on its own by one thread, with no live form and no lock.
final class ScratchState {
    var state: EngineState
    /// The run number of the rule running now, 0 when none (see ``RuleReadLog``).
    var runningRule: UInt = 0

    init(_ state: EngineState) {
        self.state = state
    }
}

/// Collects the keys one validator or one of a screen's derivations reads while it runs.
///
/// Used by one thread at a time: the form makes one per validation pass, and a live screen one per
/// evaluation, handing it to each check in turn. (Rules record what they read in the rules' log in
/// the form's state instead, see ``RuleReadLog``.)
final class ReadTracker: @unchecked Sendable {
    // `@unchecked Sendable` is sound: any thread may ask ``takesReads(of:)``, which reads atomics
    // only; everything else is touched only by the thread running the tracker's current run (the
    // one that called ``beginRun()``), or, between runs, by the one that owns the tracker.

    /// The run under way, 0 between runs, and the thread running it (see ``ThreadIdentity/currentNumber``).
    private let activeRun = Atomic<UInt>(0)
    private let activeThread = Atomic<UInt>(0)
    /// The last run number given out, by any tracker: no two runs share one.
    private static let lastRun = Atomic<UInt>(0)

    /// Starts a run on the calling thread, whose readers carry the number returned: until
    /// ``endRun()``, reads through them on this thread are recorded, and no others.
    func beginRun() -> UInt {
        let run = Self.lastRun.add(1, ordering: .relaxed).newValue
        activeThread.store(ThreadIdentity.currentNumber, ordering: .relaxed)
        activeRun.store(run, ordering: .releasing)
        return run
    }

    /// Ends the run under way: its readers, kept or not, record nothing from now on.
    func endRun() {
        activeRun.store(0, ordering: .releasing)
        activeThread.store(0, ordering: .relaxed)
    }

    /// Whether a read through a reader of `run` on the calling thread is recorded: only while `run`
    /// is under way and only on the thread running it, the one thread that changes the tracker then.
    @inline(__always)
    func takesReads(of run: UInt) -> Bool {
        run != 0 && activeRun.load(ordering: .acquiring) == run
            && activeThread.load(ordering: .relaxed) == ThreadIdentity.currentNumber
    }

    /// Everything recorded, in one value: a read changes the tracker through one access (each
    /// access to a class's stored property is checked for exclusivity at run time).
    private var log = ReadLog()

    /// The keys read, in order.
    var keys: [String] { log.keys }

    /// Records that `key` was read.
    func record(_ key: String) {
        log.keys.append(key)
    }

    /// Records that `key` was read, and returns its slot in `fields` (`nil` if it has none), found
    /// by the same lookup.
    @inline(__always)
    func recordRead(of key: String, in fields: FieldTable) -> Int? {
        log.recordRead(of: key, in: fields)
    }

    /// Forgets what was read, for the next check.
    func reset() {
        log.reset()
    }
}

/// What a ``ReadTracker`` recorded.
private struct ReadLog {
    var keys: [String] = []
    /// The key found last, and its slot (-1 for none): the derivations of a run often read one
    /// field, which is then looked up once. Forgotten on reset, so it never outlives a run.
    var lastKey = ""
    var lastSlot = -1

    @inline(__always)
    mutating func recordRead(of key: String, in fields: FieldTable) -> Int? {
        let slot: Int?
        if lastSlot >= 0, key == lastKey {
            slot = lastSlot
        } else {
            slot = fields.slot(of: key)
            if let slot {
                lastKey = key
                lastSlot = slot
            }
        }
        keys.append(key)
        return slot
    }

    mutating func reset() {
        keys.empty()
        lastSlot = -1
    }
}

extension FormValues.Source {
    /// Tells the form that the rule reading with run number `run` runs now (0: none does), so that
    /// only its reader's reads are recorded (see ``RuleReadLog``).
    @inline(__always)
    func ruleRuns(_ run: UInt) {
        switch self {
        case .live(let form): form.runningRule.store(run, ordering: .relaxed)
        case .scratch(let scratch): scratch.runningRule = run
        case .context: break
        }
    }
}
