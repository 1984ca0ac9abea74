/// Validation as a settle stage: which validators a mutation calls for, running them outside the
/// lock, and storing what they found.
///
/// A field is validated when the mode calls for it (a change in `onChange`, a change of a touched
/// field in `onTouched`, losing focus unless `onSubmit`, a field shown again that was validated
/// before, an explicit request), and again when a key its validators read on their last run
/// changes. A form-level validator runs when the form is validated and a key it read on its last run
/// changed since (or it never ran), so a transaction of many writes runs each once (a write user
/// code makes while the form settles is settled after it, as a mutation of its own).
///
/// Why it is a stage of its own: it runs after the rules have settled, once per change set, so a
/// validator sees the fields the rules left active and the values the calculations made. What it
/// guarantees: when it ends, the issues and running counts (`isValid`, `errorCount`) agree with the
/// validators' results on the settled values, and what each validator read is recorded for the next
/// change.
enum ValidationStage: SettleStage {
    /// One field's synchronous check, with the value it checks: the parts of its definition the
    /// check needs, taken one by one (a whole ``FieldDefinition`` costs a dozen reference counts
    /// and an existential to copy, and a check is copied at every step from plan to commit).
    struct FieldCheck: @unchecked Sendable {
        // `@unchecked Sendable` is sound: `value` came through the store's door, which admits only
        // `Hashable & Sendable` values; the rest is `Sendable`.
        let slot: Int
        let position: Int
        let value: AnyHashable?
        let key: String
        let check: @Sendable (AnyHashable?, FormValues, inout ValidationReport) -> Void
        let asyncCheck: (@Sendable (AnyHashable) async -> [ValidationIssue])?
        let debounce: Duration
        /// The message of a failed required-when rule, when the rule holds; `nil` when it does not.
        let requiredMessage: String?

        init(slot: Int, position: Int, value: AnyHashable?, field: borrowing FieldDefinition, isRequired: Bool) {
            self.init(
                slot: slot, position: position, value: value, key: field.key, check: field.check, asyncCheck: field.asyncCheck,
                debounce: field.debounce, requiredMessage: isRequired ? field.conditions.requiredMessage : nil)
        }

        init(
            slot: Int, position: Int, value: AnyHashable?, key: String,
            check: @escaping @Sendable (AnyHashable?, FormValues, inout ValidationReport) -> Void,
            asyncCheck: (@Sendable (AnyHashable) async -> [ValidationIssue])?, debounce: Duration, requiredMessage: String?
        ) {
            self.slot = slot
            self.position = position
            self.value = value
            self.key = key
            self.check = check
            self.asyncCheck = asyncCheck
            self.debounce = debounce
            self.requiredMessage = requiredMessage
        }
    }

    struct Plan: Sendable {
        var fields: [FieldCheck] = []
        var forms: [(position: Int, validator: FormValidator)] = []
        /// Whether the form-level issues must be rebuilt even if no validator runs.
        var refreshesFormIssues = false
        /// The tracker recording what the validators read, lent by the validation state (see
        /// ``ValidationState/spareTracker``) and handed back by the commit.
        var tracker: ReadTracker?
        /// An empty list for the outcome's reports, lent by the validation state (see
        /// ``ValidationState/spareReports``) and handed back by the commit.
        var reports: [(report: ValidationReport, reads: [String])] = []
    }

    struct Outcome: Sendable {
        /// The plan's field checks, moved here, and what each found, in the same order.
        var checks: [FieldCheck] = []
        var fields: [(report: ValidationReport, reads: [String])] = []
        var forms: [(position: Int, report: ValidationReport, reads: [String])] = []
        var refreshesFormIssues = false
        var tracker: ReadTracker?
    }

    /// Whether the stage has planned the change set: it plans once, after the rules have settled,
    /// and then takes what the mutation asked of it besides (``ValidationState/requested``).
    struct Pass: Sendable {
        var isPlanned = false
    }

    static func begin() -> Pass { Pass() }

    static func plan(_ state: inout EngineState, _ changes: inout ChangeSet, _ pass: inout Pass) -> Plan? {
        guard !pass.isPlanned else { return nil }
        pass.isPlanned = true
        // Taken even when there is nothing to validate, so that no request outlives its mutation.
        let request = state.validation.takeRequest()
        guard state.validation.isInUse else { return nil }
        var planner = Planner(hasDefinition: state.validation.hasDefinition, mode: state.validationMode, kept: request.keptSlots)
        swap(&planner.positions, &state.validation.sparePositions)
        defer { planner.handBack(to: &state) }
        for change in changes.values {
            let slot = change.slot
            if let readers = state.graph.readers(of: slot, .formValidator) { state.validation.formInputDidChange(readBy: readers) }
            // A field a reset keeping errors reset keeps its issues; what else changed (a calculation
            // that reads it) validates as usual.
            if planner.kept.contains(slot) { continue }
            if change.origin == .reset {
                state.clearIssues(at: slot, into: &changes)
                continue
            }
            guard let position = state.checkPosition(of: slot), state.fields.isActive(at: slot) else {
                // A key no field checks (a row's neighbour, a statistic) may still be read by validators.
                if planner.mode == .onChange {
                    planner.addDependents(of: slot, in: &state)
                } else if planner.mode == .onTouched {
                    planner.addTouchedDependents(of: slot, in: &state)
                }
                continue
            }
            if planner.validatesChanges(of: slot, in: state) {
                planner.add(position, dependentsOf: slot, in: &state)
            } else {
                if planner.mode == .onTouched { planner.addTouchedDependents(of: slot, in: &state) }
                if let run = state.validation.runs[slot], !isSameValue(run.value, state.fields[slot].value) {
                    state.cancelRun(at: slot, into: &changes)
                }
            }
        }
        for slot in changes.blurred where planner.mode != .onSubmit && state.fields.isActive(at: slot) {
            guard let position = state.checkPosition(of: slot) else { continue }
            planner.add(position, dependentsOf: slot, in: &state)
        }
        for slot in changes.activity {
            if let readers = state.graph.readers(of: slot, .formValidator) { state.validation.formInputDidChange(readBy: readers) }
            if !state.fields.isActive(at: slot) {
                state.clearIssues(at: slot, into: &changes)
            } else if state.validation.validated.contains(slot), let position = state.checkPosition(of: slot) {
                planner.add(position)
            }
            if !state.validation.validated.isEmpty { planner.isFormDue = true }
        }
        if request.all, let definition = state.validation.definition {
            for position in Array(definition.fields.indices) + state.repeats.allChecks() {
                guard let slot = state.checkSlot(at: position) else { continue }
                if state.fields.isActive(at: slot) {
                    planner.add(position)
                } else {
                    state.clearIssues(at: slot, into: &changes)
                }
            }
            planner.isFormDue = true
            state.validation.invalidateFormValidators()
        }
        for slot in request.slots where state.fields.isActive(at: slot) {
            if let position = state.checkPosition(of: slot) { planner.add(position) }
            planner.isFormDue = true
        }
        guard var plan = planner.plan(&state) else { return nil }
        // One tracker for every run, unless something else holds it (a copy of the state, a reader
        // a validator kept): then this run records in its own.
        var tracker = state.validation.spareTracker.take() ?? ReadTracker()
        if !isKnownUniquelyReferenced(&tracker) { tracker = ReadTracker() }
        plan.tracker = tracker
        swap(&plan.reports, &state.validation.spareReports)
        return plan
    }

    static func run(_ plan: consuming Plan, reading source: FormValues.Source) -> Outcome {
        let tracker = plan.tracker ?? ReadTracker()
        var outcome = Outcome(refreshesFormIssues: plan.refreshesFormIssues, tracker: tracker)
        // Moved, not copied, so that the outcome's appends find the lent buffer theirs alone.
        swap(&outcome.fields, &plan.reports)
        let values = FormValues(source, tracker: tracker, recordingRun: tracker.beginRun())
        defer { tracker.endRun() }
        // The checks are moved into the outcome and read there in place: a copy of a check retains
        // each of its closures and copies its value.
        swap(&outcome.checks, &plan.fields)
        outcome.fields.reserveCapacity(outcome.checks.count)
        for index in outcome.checks.indices {
            tracker.reset()
            var report = ValidationReport()
            if let message = outcome.checks[index].requiredMessage,
                let issue = requiredIssue(key: outcome.checks[index].key, value: outcome.checks[index].value, message: message)
            {
                report.errors.append(issue)
            }
            outcome.checks[index].check(outcome.checks[index].value, values, &report)
            outcome.fields.append((report, tracker.keys))
        }
        for (position, validator) in plan.forms {
            tracker.reset()
            var report = ValidationReport()
            if let issue = validator.issue(for: values) { report.append(issue) }
            outcome.forms.append((position, report, tracker.keys))
        }
        return outcome
    }

    static func commit(_ outcome: consuming Outcome, to state: inout EngineState, _ changes: inout ChangeSet, _ pass: inout Pass) {
        if let tracker = outcome.tracker {
            tracker.reset()
            state.validation.spareTracker = tracker
        }
        for index in outcome.fields.indices {
            // Read in place: a tuple of the three copies the reads (a retain, and a release through
            // the tuple's outlined destroy).
            let slot = outcome.checks[index].slot
            let node = DependencyGraph.Node(.validator, outcome.checks[index].position)
            if !state.readSameKeys(outcome.fields[index].reads, as: node) {
                state.graph.record(outcome.fields[index].reads.map { state.fields.slot(creating: $0) }, for: node)
            }
            // A write the validators made meanwhile (on this thread) is settled after this one.
            guard state.fields.isActive(at: slot) else { continue }
            state.validation.validated.insert(slot)
            // Holding no issue before (see ``ValidationState/issues(at:)``) and none after, with no
            // asynchronous check: nothing to store or announce, and no lookup of the issues.
            if outcome.checks[index].asyncCheck == nil, outcome.fields[index].report.errors.isEmpty,
                outcome.fields[index].report.warnings.isEmpty, !state.validation.holding.contains(slot)
            {
                continue
            }
            var entry = state.validation.issues(at: slot) ?? FieldIssues()
            entry.errors = outcome.fields[index].report.errors
            entry.warnings = outcome.fields[index].report.warnings
            if let asyncCheck = outcome.checks[index].asyncCheck {
                let value = state.fields[slot].value
                if outcome.fields[index].report.errors.isEmpty, let value, !isBlankValue(value.base) {
                    if let run = state.validation.runs[slot], isSameValue(run.value, value) {
                        // A run for this very value is under way: let it finish.
                    } else if state.validation.runs[slot] == nil, isSameValue(entry.asyncValue, value) {
                        // Already checked: keep its result.
                    } else {
                        entry.asyncErrors = []
                        entry.asyncValue = nil
                        state.startRun(at: slot, value: value, debounce: outcome.checks[index].debounce, check: asyncCheck, into: &changes)
                    }
                } else {
                    state.cancelRun(at: slot, into: &changes)
                    entry.asyncErrors = []
                    entry.asyncValue = nil
                }
            }
            state.setIssues(entry, at: slot, into: &changes)
        }
        for (position, report, reads) in outcome.forms {
            state.graph.record(reads.map { state.fields.slot(creating: $0) }, for: .init(.formValidator, position))
            state.validation.setFormResult(report, at: position, readNothing: reads.isEmpty)
        }
        if outcome.refreshesFormIssues || !outcome.forms.isEmpty { state.validation.refreshFormIssues() }
        // The lists go back emptied, with their room, for the next run.
        outcome.checks.emptyForReuse()
        outcome.fields.emptyForReuse()
        swap(&outcome.checks, &state.validation.spareChecks)
        swap(&outcome.fields, &state.validation.spareReports)
    }
}

extension ValidationStage {
    /// Collects the fields to validate, each once, in the order they are first asked for.
    struct Planner {
        let hasDefinition: Bool
        let mode: ValidationMode
        /// Fields whose issues stay as they are (see ``ValidationState/Request/keptSlots``): never checked.
        let kept: Set<Int>
        /// The positions asked for, in order; the list is lent by the validation state (see
        /// ``ValidationState/sparePositions``) and handed back by ``handBack(to:)``.
        fileprivate(set) var positions: [Int] = []
        /// The positions asked for, once there are too many to search ``positions``.
        private var seen: Set<Int> = []
        /// Whether the form-level validators are due.
        var isFormDue = false

        /// Up to this many positions are found by a search of the list: a change usually asks for
        /// one or two, and a set costs an allocation and a hash per position.
        private static let searchLimit = 16

        init(hasDefinition: Bool, mode: ValidationMode, kept: Set<Int> = []) {
            self.hasDefinition = hasDefinition
            self.mode = mode
            self.kept = kept
        }

        /// Whether a change of the value in `slot` validates it (and what reads it) in the mode in
        /// force: always in `onChange`, once the field has been touched in `onTouched`.
        func validatesChanges(of slot: Int, in state: borrowing EngineState) -> Bool {
            switch mode {
            case .onChange: true
            case .onTouched: state.fields.touched.contains(slot)
            case .onBlur, .onSubmit: false
            }
        }

        mutating func add(_ position: Int) {
            // Room for a keystroke and what its rules change, made once: growing from empty makes a
            // buffer for the first position and another for the second.
            if positions.isEmpty { positions.reserveCapacity(4) }
            if positions.count < Self.searchLimit {
                guard !positions.contains(position) else { return }
                positions.append(position)
                if positions.count == Self.searchLimit { seen = Set(positions) }
            } else if seen.insert(position).inserted {
                positions.append(position)
            }
        }

        /// Adds the field at `position`, the validated, active fields whose validators read `slot`,
        /// and the form-level validators.
        mutating func add(_ position: Int, dependentsOf slot: Int, in state: inout EngineState) {
            add(position)
            addDependents(of: slot, in: &state)
        }

        /// Adds the validated, active fields whose validators read `slot`, and the form-level validators.
        mutating func addDependents(of slot: Int, in state: inout EngineState) {
            isFormDue = true
            addReaders(of: slot, touchedOnly: false, in: &state)
        }

        /// Adds the validated, active, touched fields whose validators read `slot`, whose own value
        /// changes validate them in `onTouched`: a change of a field not touched yet validates what
        /// reads it once that has been touched, and nothing else.
        mutating func addTouchedDependents(of slot: Int, in state: inout EngineState) {
            addReaders(of: slot, touchedOnly: true, in: &state)
        }

        private mutating func addReaders(of slot: Int, touchedOnly: Bool, in state: inout EngineState) {
            guard let readers = state.graph.readers(of: slot, .validator) else { return }
            for reader in readers.sorted() {
                guard let dependent = state.checkSlot(at: reader) else { continue }
                guard !touchedOnly || state.fields.touched.contains(dependent) else { continue }
                if state.validation.validated.contains(dependent) && state.fields[dependent].isActive { add(reader) }
            }
        }

        /// Hands the list of positions back to the validation state, emptied, for the next plan.
        mutating func handBack(to state: inout EngineState) {
            positions.emptyForReuse()
            swap(&positions, &state.validation.sparePositions)
        }

        /// The plan: the field checks, and the stale form-level validators if they are due.
        func plan(_ state: inout EngineState) -> Plan? {
            var plan = Plan()
            // The checks go into the list a run before handed back (see ``ValidationState/spareChecks``).
            swap(&plan.fields, &state.validation.spareChecks)
            if hasDefinition {
                plan.fields.reserveCapacity(positions.count)
                for position in positions {
                    if state.passesTypeCheckUnrun(at: position, kept: kept) { continue }
                    guard let check = state.fieldCheck(at: position), kept.isEmpty || !kept.contains(check.slot) else { continue }
                    plan.fields.append(check)
                }
            }
            if isFormDue {
                // The form-level errors set from outside stay: only the next submit, a reset or
                // `setFormErrors` replaces them.
                plan.refreshesFormIssues = true
                if hasDefinition, !state.validation.staleFormValidators.isEmpty, let validators = state.validation.definition?.validators {
                    for position in state.validation.staleFormValidators.sorted() where position < validators.count {
                        plan.forms.append((position, validators[position]))
                    }
                }
            }
            guard plan.fields.isEmpty && plan.forms.isEmpty && !plan.refreshesFormIssues else { return plan }
            swap(&plan.fields, &state.validation.spareChecks)
            return nil
        }
    }
}

extension EngineState {
    /// The check of the field at validation position `position` (a definition field's, or a row
    /// field's) with its slot (made if needed) and the value it checks, built from the definition in
    /// place.
    mutating func fieldCheck(at position: Int) -> ValidationStage.FieldCheck? {
        // Each part is read from the definition in place: a copy of the whole field definition costs
        // more than the rest of planning a check.
        if position < validation.definitionFieldCount, let key = validation.definition?.fields[position].key,
            let check = validation.definition?.fields[position].check,
            let debounce = validation.definition?.fields[position].debounce
        {
            let slot = validation.slot(ofPosition: position) ?? fields.slot(creating: key)
            let isRequired = fields.flags(at: slot).contains(.ruleRequired)
            return ValidationStage.FieldCheck(
                slot: slot, position: position, value: fields.value(at: slot), key: key, check: check,
                asyncCheck: validation.definition?.fields[position].asyncCheck, debounce: debounce,
                requiredMessage: isRequired ? validation.definition?.fields[position].conditions.requiredMessage : nil)
        }
        guard let check = repeats.check(at: position) else { return nil }
        return ValidationStage.FieldCheck(
            slot: check.slot, position: position, value: fields.value(at: check.slot), field: check.field,
            isRequired: fields.flags(at: check.slot).contains(.ruleRequired))
    }
}

extension EngineState {
    /// Settles, without running it, the check at validation position `position` when its result is
    /// known: a definition field with no validators (its check tests only the value's type), no
    /// asynchronous check and no required rule in force, holding no issue, whose value is absent
    /// or of the field's type. Its check would find nothing and read nothing, so this does what the
    /// commit of that result does (the field counts as validated if active; its check's node reads
    /// nothing) and skips copying the check, running it and committing it (a calculated field
    /// written by its rule on every keystroke of its input is such a field).
    ///
    /// - Parameters:
    ///   - position: The validation position.
    ///   - kept: Slots whose issues stay as they are (never checked).
    /// - Returns: Whether the check is settled; `false` when it must run.
    mutating func passesTypeCheckUnrun(at position: Int, kept: Set<Int>) -> Bool {
        guard position < validation.definitionFieldCount,
            validation.definition?.fields[position].checksOnlyType == true,
            validation.definition?.fields[position].asyncCheck == nil,
            let valueType = validation.definition?.fields[position].valueType,
            let slot = validation.slot(ofPosition: position),
            kept.isEmpty || !kept.contains(slot),
            !fields.flags(at: slot).contains(.ruleRequired),
            !validation.holding.contains(slot),
            validation.runs[slot] == nil
        else { return false }
        if let value = fields.value(at: slot) {
            // The stored type is the value's own for the types stored as they are; any other value
            // is asked for its type, as the check's cast would.
            let stored = fields.stored(at: slot).type
            let isStoredAsIs =
                stored == ObjectIdentifier(String.self) || stored == ObjectIdentifier(Int.self) || stored == ObjectIdentifier(Bool.self)
            guard (isStoredAsIs ? stored : ObjectIdentifier(type(of: value.base))) == valueType else { return false }
        }
        let node = DependencyGraph.Node(.validator, position)
        if graph.readCount(of: node) != 0 { graph.record([], for: node) }
        if fields.isActive(at: slot) { validation.validated.insert(slot) }
        return true
    }

    /// Whether `keys` are, in order, the keys of the slots the graph holds for `node`'s last run:
    /// then recording them would change nothing, and finding their slots would hash each key.
    ///
    /// A check mostly reads what it read last time; each key is compared with its slot's.
    @inline(__always)
    func readSameKeys(_ keys: [String], as node: DependencyGraph.Node) -> Bool {
        guard graph.readCount(of: node) == keys.count else { return false }
        for (index, key) in keys.enumerated() {
            guard let slot = graph.read(index, of: node), !fields.isFree(slot), fields.key(at: slot) == key else { return false }
        }
        return true
    }
}
