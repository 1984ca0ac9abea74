/// Validation as a settle stage: which validators a mutation calls for, running them outside the
/// lock, and storing what they found.
///
/// A field is validated when the mode calls for it (a change in `onChange`, losing focus unless
/// `onSubmit`, a field shown again that was validated before, an explicit request), and again when a
/// key its validators read on their last run changes. A form-level validator runs when the form is
/// validated and a key it read on its last run changed since (or it never ran), so a transaction of
/// many writes runs each at most once.
///
/// Why it is a stage of its own: it runs after the rules have settled, once per change set, so a
/// validator sees the fields the rules left active and the values the calculations made. What it
/// guarantees: when it ends, the issues and running counts (`isValid`, `errorCount`) agree with the
/// validators' results on the settled values, and what each validator read is recorded for the next
/// change.
enum ValidationStage: SettleStage {
    /// One field's synchronous check, with the value it checks.
    struct FieldCheck: @unchecked Sendable {
        // `@unchecked Sendable` is sound: `value` came through the store's door, which admits only
        // `Hashable & Sendable` values; the rest is `Sendable`.
        let slot: Int
        let position: Int
        let value: AnyHashable?
        let field: FieldDefinition
        /// Whether the field's required-when rule holds.
        let isRequired: Bool
    }

    struct Plan: Sendable {
        var fields: [FieldCheck] = []
        var forms: [(position: Int, validator: FormValidator)] = []
        /// Whether the form-level issues must be rebuilt even if no validator runs.
        var refreshesFormIssues = false
    }

    struct Outcome: Sendable {
        var fields: [(check: FieldCheck, report: ValidationReport, reads: [String])] = []
        var forms: [(position: Int, report: ValidationReport, reads: [String])] = []
        var refreshesFormIssues = false
    }

    /// Whether the stage has planned the change set: it plans once, after the rules have settled.
    struct Pass: Sendable {
        var isPlanned = false
    }

    static func begin() -> Pass { Pass() }

    static func plan(_ state: inout EngineState, _ changes: inout ChangeSet, _ pass: inout Pass) -> Plan? {
        guard state.validation.isInUse, !pass.isPlanned else { return nil }
        pass.isPlanned = true
        var planner = Planner(definition: state.validation.definition, mode: state.validationMode)
        for change in changes.values {
            let slot = change.slot
            if let readers = state.graph.readers(of: slot, .formValidator) { state.validation.formInputDidChange(readBy: readers) }
            if change.origin == .reset {
                state.clearIssues(at: slot, into: &changes)
                continue
            }
            guard let position = state.checkPosition(of: slot), state.fields.isActive(at: slot) else {
                // A key no field checks (a row's neighbour, a statistic) may still be read by validators.
                if planner.mode == .onChange { planner.addDependents(of: slot, in: &state) }
                continue
            }
            if planner.mode == .onChange {
                planner.add(position, dependentsOf: slot, in: &state)
            } else if let run = state.validation.runs[slot], !isSameValue(run.value, state.fields[slot].value) {
                state.cancelRun(at: slot, into: &changes)
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
        if changes.validation.all, let definition = planner.definition {
            for position in Array(definition.fields.indices) + state.repeats.allChecks() {
                guard let slot = state.checkTarget(at: position)?.slot else { continue }
                if state.fields.isActive(at: slot) {
                    planner.add(position)
                } else {
                    state.clearIssues(at: slot, into: &changes)
                }
            }
            planner.isFormDue = true
            state.validation.invalidateFormValidators()
        }
        for slot in changes.validation.slots where state.fields.isActive(at: slot) {
            if let position = state.checkPosition(of: slot) { planner.add(position) }
            planner.isFormDue = true
        }
        return planner.plan(&state)
    }

    static func run(_ plan: consuming Plan, reading source: FormValues.Source) -> Outcome {
        var outcome = Outcome(refreshesFormIssues: plan.refreshesFormIssues)
        let tracker = ReadTracker()
        let values = FormValues(source, tracker: tracker, recordingRun: tracker.beginRun())
        defer { tracker.endRun() }
        outcome.fields.reserveCapacity(plan.fields.count)
        for check in plan.fields {
            tracker.reset()
            var report = ValidationReport()
            if check.isRequired, check.value.map({ isBlankValue($0.base) }) ?? true {
                report.errors.append(
                    ValidationIssue(key: check.field.key, rule: "required", message: check.field.conditions.requiredMessage))
            }
            check.field.check(check.value, values, &report)
            outcome.fields.append((check, report, tracker.keys))
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
        for (check, report, reads) in outcome.fields {
            let slot = check.slot
            state.graph.record(reads.map { state.fields.slot(creating: $0) }, for: .init(.validator, check.position))
            // A write the validators made meanwhile (on this thread) is settled after this one.
            guard state.fields.isActive(at: slot) else { continue }
            state.validation.validated.insert(slot)
            var entry = state.validation.issues(at: slot) ?? FieldIssues()
            entry.errors = report.errors
            entry.warnings = report.warnings
            if let asyncCheck = check.field.asyncCheck {
                let value = state.fields[slot].value
                if report.errors.isEmpty, let value, !isEmptyValue(value.base) {
                    if let run = state.validation.runs[slot], isSameValue(run.value, value) {
                        // A run for this very value is under way: let it finish.
                    } else if state.validation.runs[slot] == nil, isSameValue(entry.asyncValue, value) {
                        // Already checked: keep its result.
                    } else {
                        entry.asyncErrors = []
                        entry.asyncValue = nil
                        state.startRun(at: slot, value: value, debounce: check.field.debounce, check: asyncCheck, into: &changes)
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
    }
}

extension ValidationStage {
    /// Collects the fields to validate, each once, in the order they are first asked for.
    struct Planner {
        let definition: FormDefinition?
        let mode: ValidationMode
        private var positions: [Int] = []
        private var seen: Set<Int> = []
        /// Whether the form-level validators are due.
        var isFormDue = false

        init(definition: FormDefinition?, mode: ValidationMode) {
            self.definition = definition
            self.mode = mode
        }

        mutating func add(_ position: Int) {
            if seen.insert(position).inserted { positions.append(position) }
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
            guard let readers = state.graph.readers(of: slot, .validator) else { return }
            for reader in readers.sorted() {
                guard let dependent = state.checkTarget(at: reader)?.slot else { continue }
                if state.validation.validated.contains(dependent) && state.fields[dependent].isActive { add(reader) }
            }
        }

        /// The plan: the field checks, and the stale form-level validators if they are due.
        func plan(_ state: inout EngineState) -> Plan? {
            var plan = Plan()
            if definition != nil {
                for position in positions {
                    guard let (slot, field) = state.checkTarget(at: position) else { continue }
                    plan.fields.append(
                        FieldCheck(
                            slot: slot, position: position, value: state.fields[slot].value, field: field,
                            isRequired: state.fields.flags(at: slot).contains(.ruleRequired)))
                }
            }
            if isFormDue {
                // Validating the form drops the form-level errors a server set.
                state.validation.dropExternalFormErrors()
                plan.refreshesFormIssues = true
                if let validators = definition?.validators {
                    for position in state.validation.staleFormValidators.sorted() where position < validators.count {
                        plan.forms.append((position, validators[position]))
                    }
                }
            }
            return plan.fields.isEmpty && plan.forms.isEmpty && !plan.refreshesFormIssues ? nil : plan
        }
    }
}
