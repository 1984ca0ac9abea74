/// The validation state of a live form: its definition, the issues per field and for the form, the
/// running counts behind `isValid` and `errorCount`, what each validator read, and the asynchronous
/// runs under way.
///
/// Form-level answers come from running counts that each change adjusts, never from a scan. Clearing
/// every issue (a reset) is O(1): the sets of slots with issues forget their members, and the stale
/// entries left behind are never read again.
struct ValidationState: Sendable {
    /// One asynchronous run for one field.
    struct Run: @unchecked Sendable {
        // `@unchecked Sendable` is sound: `value` comes through the store's door, which admits only
        // `Hashable & Sendable` values.
        let generation: UInt64
        let value: AnyHashable
        var task: Task<Void, Never>?
    }

    /// An asynchronous run to start once the lock is released.
    struct Start: @unchecked Sendable {
        // `@unchecked Sendable` is sound for the same reason as `Run`.
        let key: String
        let slot: Int
        let generation: UInt64
        let value: AnyHashable
        let debounce: Duration
        let check: @Sendable (AnyHashable) async -> [ValidationIssue]
        let sleep: @Sendable (Duration) async throws -> Void
    }

    /// The definition fields are checked against; set with ``use(_:fields:)``.
    private(set) var definition: FormDefinition? {
        didSet { hasDefinition = definition != nil }
    }
    /// Whether there is a ``definition``: asked on every mutation, without copying the definition.
    private(set) var hasDefinition = false
    /// The position in ``definition`` of the field in each slot, for the fields it has.
    private(set) var positionOfSlot = SlotMap()
    /// The slot of the field at each position in ``definition``: the inverse of ``positionOfSlot``.
    private var slotOfPosition: [Int] = []
    var options = ValidationOptions()

    private var entries: [Int: FieldIssues] = [:]
    /// Slots whose entry in `entries` is current.
    private(set) var holding = SlotSet()
    /// Slots with at least one error.
    private(set) var invalid = SlotSet()
    /// Slots holding errors set from outside (``FieldIssues/externalErrors``).
    private(set) var external = SlotSet()
    /// How many value changes of the change set under way the outside-errors stage
    /// (``ExternalErrorStage``) has followed, and which change set that is (0 for none): kept apart,
    /// so that a mutation's own progress costs no array.
    private var followedChangeSet: UInt64 = 0
    private var followedCount = 0
    /// The same for each change set made while another settles.
    private var followedMeanwhile: [(changeSet: UInt64, values: Int)] = []
    /// The number of field errors.
    private(set) var errorCount = 0

    /// The results of each form-level validator on its last run, by position.
    private var formResults: [Int: ValidationReport] = [:]
    /// Form-level validators whose inputs changed since they last ran (or that never ran).
    private(set) var staleFormValidators: Set<Int> = []
    /// Form-level errors set from outside (a server's answer); dropped when the form validates again.
    private var externalFormErrors: [ValidationIssue] = []
    private(set) var formErrors: [ValidationIssue] = []
    private(set) var formWarnings: [ValidationIssue] = []
    /// Bumped whenever the form-level issues change.
    private(set) var formIssuesVersion = 0

    /// Fields validated since the last reset: a change to a field they read validates them again.
    var validated = SlotSet()
    /// The tracker the validation stage records validators' reads in, kept between mutations so
    /// that a run makes none; lent to each run by its plan and handed back by its commit.
    var spareTracker: ReadTracker?
    /// Emptied lists a validation run used, kept with their room between mutations so that the
    /// next run allocates none: the positions its planner gathers, the checks of its plan, and the
    /// reports of its outcome. Each is taken whole by the run that uses it (a swap, never a copy),
    /// so that it holds its buffer alone, and handed back emptied (let go of instead once a large
    /// mutation grew it: see `Array.emptyForReuse()`).
    var sparePositions: [Int] = []
    var spareChecks: [ValidationStage.FieldCheck] = []
    var spareReports: [(report: ValidationReport, reads: [String])] = []

    /// What a mutation asked validation to do besides reacting to its changes (``FormContextObject/validate()``,
    /// a submit), kept until the validation stage plans that mutation's change set, which takes it.
    /// Asked only of a change set that settles, so it is empty whenever nobody settles.
    private(set) var requested = Request()

    var runs: [Int: Run] = [:]
    /// Every task started and not yet finished, superseded ones included.
    var tasks: [UInt64: Task<Void, Never>] = [:]
    /// Tasks that finished before their handle was stored.
    var finishedEarly: Set<UInt64> = []
    var nextGeneration: UInt64 = 0

    /// What a mutation asks validation to do besides reacting to changes.
    struct Request: Sendable {
        /// Validate every field and the form.
        var all = false
        /// Validate these fields (and the form).
        var slots: [Int] = []
        /// Fields whose issues stay as they are: the mutation is a reset that keeps them, so its
        /// changes of these fields neither clear nor validate them. Every other change (a calculation
        /// that reads a reset field) validates as usual.
        var keptSlots: Set<Int> = []

        var isEmpty: Bool { !all && slots.isEmpty }
    }

    /// Asks the validation stage to validate every field and the form when it settles `changes`;
    /// a change set that does not settle runs no stage, and asks nothing.
    mutating func requestAll(settling changes: ChangeSet) {
        if changes.isSettling { requested.all = true }
    }

    /// Asks the validation stage to leave the issues of the fields in `slots` as they are when it
    /// settles `changes` (a reset keeping ``ResetOptions/errors``: the fields it reset); a change
    /// set that does not settle runs no stage.
    mutating func keepIssues(of slots: some Sequence<Int>, settling changes: ChangeSet) {
        if changes.isSettling { requested.keptSlots.formUnion(slots) }
    }

    /// Asks the validation stage to validate the field in `slot` (and the form) when it settles
    /// `changes`; a change set that does not settle runs no stage, and asks nothing.
    mutating func request(_ slot: Int, settling changes: ChangeSet) {
        if changes.isSettling { requested.slots.append(slot) }
    }

    /// Takes what was asked, leaving nothing asked.
    mutating func takeRequest() -> Request {
        defer { requested = Request() }
        return requested
    }

    /// Whether some field holds errors set from outside: a mutation then records its value changes,
    /// for the outside-errors stage to follow.
    var holdsExternalErrors: Bool { !external.isEmpty }

    /// Whether `slot` holds errors set from outside.
    @inline(__always)
    func hasExternalErrors(at slot: Int) -> Bool {
        external.contains(slot)
    }

    /// How many value changes of the change set `id` the outside-errors stage has followed.
    @inline(__always)
    func followedValues(of id: UInt64) -> Int {
        if followedChangeSet == id { return followedCount }
        for entry in followedMeanwhile where entry.changeSet == id { return entry.values }
        return 0
    }

    /// Records that the outside-errors stage has followed `count` value changes of the change set `id`.
    @inline(__always)
    mutating func setFollowedValues(_ count: Int, of id: UInt64) {
        if followedChangeSet == id || followedChangeSet == 0 {
            followedChangeSet = id
            followedCount = count
        } else if let index = followedMeanwhile.firstIndex(where: { $0.changeSet == id }) {
            followedMeanwhile[index].values = count
        } else {
            followedMeanwhile.append((id, count))
        }
    }

    /// Forgets how far the outside-errors stage followed the change set `id`, which is done.
    @inline(__always)
    mutating func forgetFollowedValues(of id: UInt64) {
        if followedChangeSet == id {
            followedChangeSet = 0
            followedCount = 0
        } else if !followedMeanwhile.isEmpty {
            followedMeanwhile.removeAll { $0.changeSet == id }
        }
    }

    /// Whether the outside-errors stage keeps progress for a change set: for none once every
    /// mutation under way has ended.
    var isFollowingChanges: Bool { followedChangeSet != 0 || !followedMeanwhile.isEmpty }

    /// Whether validation needs looking at on a change.
    var isInUse: Bool { hasDefinition || !holding.isEmpty || !formErrors.isEmpty || !formWarnings.isEmpty }

    /// Whether no field and no form-level validator has an error.
    var isValid: Bool { invalid.isEmpty && formErrors.isEmpty }

    // MARK: Definition

    /// Makes `definition` the one fields are checked against, giving each of its fields a slot.
    ///
    /// - Complexity: O(*n*) for *n* fields.
    mutating func use(_ definition: FormDefinition, fields: inout FieldTable) {
        self.definition = definition
        positionOfSlot = SlotMap()
        slotOfPosition = []
        slotOfPosition.reserveCapacity(definition.fields.count)
        demandsValue = []
        demandsValue.reserveCapacity(definition.fields.count)
        for (position, field) in definition.fields.enumerated() {
            let slot = fields.slot(creating: field.key)
            positionOfSlot[slot] = position
            slotOfPosition.append(slot)
            demandsValue.append(field.demandsValue)
        }
    }

    /// Per field of ``definition``, in order: whether a validator demands a value whatever the
    /// other fields hold (see ``FieldDefinition/demandsValue``).
    private(set) var demandsValue: [Bool] = []

    /// The number of fields of ``definition`` (none without one).
    var definitionFieldCount: Int { slotOfPosition.count }

    /// The slot of the definition's field at `position`, if it has one there and that slot is still
    /// the field's.
    func slot(ofPosition position: Int) -> Int? {
        guard position < slotOfPosition.count else { return nil }
        let slot = slotOfPosition[position]
        return positionOfSlot[slot] == position ? slot : nil
    }

    // MARK: Field issues

    /// Whether `slot` has issues, asked without copying them.
    @inline(__always)
    func hasIssues(at slot: Int) -> Bool {
        holding.contains(slot)
    }

    /// The issues of `slot`, or `nil` if it has none.
    func issues(at slot: Int) -> FieldIssues? {
        holding.contains(slot) ? entries[slot] : nil
    }

    /// Stores `entry` for `slot`, keeping the running counts exact.
    ///
    /// - Returns: The aspects that changed (errors, warnings), empty if nothing did.
    mutating func setIssues(_ entry: FieldIssues, at slot: Int) -> FieldAspects {
        let old = issues(at: slot) ?? FieldIssues()
        guard old != entry else { return [] }
        errorCount += entry.errorCount - old.errorCount
        invalid.update(slot, isMember: entry.errorCount > 0)
        external.update(slot, isMember: !entry.externalErrors.isEmpty)
        if entry.isEmpty {
            holding.remove(slot)
            entries[slot] = nil
        } else {
            holding.insert(slot)
            entries[slot] = entry
        }
        var aspects: FieldAspects = []
        if old.allErrors != entry.allErrors { aspects.insert(.errors) }
        if old.warnings != entry.warnings { aspects.insert(.warnings) }
        return aspects
    }

    /// Forgets what is kept for `slot`, which is being released: a stale issue entry, its validated mark.
    mutating func forget(_ slot: Int) {
        entries[slot] = nil
        validated.remove(slot)
    }

    /// Whether anything of the validation state refers to `slot`, which must not be released then: the
    /// definition checks it, it holds issues or a run. (Whether a validator read it is the graph's
    /// to say.)
    func refersTo(_ slot: Int) -> Bool {
        positionOfSlot[slot] != nil || holding.contains(slot) || invalid.contains(slot) || runs[slot] != nil
    }

    /// Whether `slot` has an entry, current or stale.
    func hasEntry(at slot: Int) -> Bool {
        entries[slot] != nil
    }

    /// Forgets every field issue in O(1).
    mutating func forgetAllFieldIssues() {
        holding.removeAll()
        invalid.removeAll()
        external.removeAll()
        errorCount = 0
    }

    // MARK: Form issues

    /// Marks `readers` (the form-level validators that read a field that changed) as needing to run
    /// again.
    mutating func formInputDidChange(readBy readers: DependencyGraph.Readers) {
        staleFormValidators.formUnion(readers)
    }

    /// Marks every form-level validator as needing to run.
    mutating func invalidateFormValidators() {
        staleFormValidators = Set(definition?.validators.indices ?? 0..<0)
    }

    /// Stores the result of the form-level validator at `position`.
    ///
    /// A validator that read nothing through its reader may have read the live form some other way,
    /// so it stays due: it runs whenever the form is validated.
    mutating func setFormResult(_ report: ValidationReport, at position: Int, readNothing: Bool) {
        if !readNothing { staleFormValidators.remove(position) }
        formResults[position] = report
    }

    /// Drops the form-level errors set from outside.
    mutating func dropExternalFormErrors() {
        externalFormErrors = []
    }

    /// Adds form-level errors from outside.
    mutating func addExternalFormErrors(_ issues: [ValidationIssue]) {
        externalFormErrors += issues
    }

    /// Forgets every form-level result and outside error.
    mutating func forgetFormIssues() {
        formResults = [:]
        externalFormErrors = []
        invalidateFormValidators()
    }

    /// Rebuilds ``formErrors`` and ``formWarnings`` from the validators' results and the outside
    /// errors, bumping ``formIssuesVersion`` if they changed.
    ///
    /// - Complexity: O(*v*) for *v* form-level validators.
    mutating func refreshFormIssues() {
        // Nothing to gather and nothing shown: the common case of a form without form-level validators.
        if formResults.isEmpty && externalFormErrors.isEmpty && formErrors.isEmpty && formWarnings.isEmpty { return }
        var report = ValidationReport()
        for position in formResults.keys.sorted() {
            guard let result = formResults[position] else { continue }
            report.errors += result.errors
            report.warnings += result.warnings
        }
        report.errors += externalFormErrors
        guard report.errors != formErrors || report.warnings != formWarnings else { return }
        formErrors = report.errors
        formWarnings = report.warnings
        formIssuesVersion &+= 1
    }

    /// The mode in force, given whether the form has been submitted since it was made or reset.
    func effectiveMode(isSubmitted: Bool) -> ValidationMode {
        isSubmitted ? options.revalidateMode : options.mode
    }

    // MARK: Invariants

    /// What is wrong with the running counts, if anything.
    ///
    /// - Complexity: O(*k*) for *k* slots with issues; for tests and debug builds.
    func invariantViolations(fields: FieldTable) -> [String] {
        var violations: [String] = []
        if !requested.isEmpty { violations.append("a validation request was left untaken") }
        var count = 0
        var invalidCount = 0
        var externalCount = 0
        for slot in holding.members {
            guard let entry = entries[slot] else {
                violations.append("slot \(slot) holds issues but has no entry")
                continue
            }
            count += entry.errorCount
            if entry.errorCount > 0 {
                invalidCount += 1
                if !invalid.contains(slot) { violations.append("'\(fields[slot].key)' has errors but is not invalid") }
            }
            if entry.isEmpty { violations.append("empty entry kept for '\(fields[slot].key)'") }
            if !entry.externalErrors.isEmpty {
                externalCount += 1
                if !external.contains(slot) { violations.append("'\(fields[slot].key)' has outside errors but is not marked") }
            }
            if !fields[slot].isActive && !(entry.errors.isEmpty && entry.asyncErrors.isEmpty) {
                violations.append("inactive '\(fields[slot].key)' has validator errors")
            }
        }
        if count != errorCount { violations.append("error count \(errorCount), issues hold \(count)") }
        if invalidCount != invalid.count { violations.append("\(invalid.count) invalid slots, issues say \(invalidCount)") }
        if externalCount != external.count {
            violations.append("\(external.count) slots marked with outside errors, issues say \(externalCount)")
        }
        for (slot, run) in runs where definition?.field(fields[slot].key)?.hasAsyncValidators != true {
            violations.append("run \(run.generation) for '\(fields[slot].key)', which has no asynchronous validators")
        }
        return violations
    }
}
