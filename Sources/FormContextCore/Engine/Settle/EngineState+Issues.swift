/// The validation changes that run no user code: storing, dropping and moving issues, and starting
/// and cancelling asynchronous runs. Every path that changes a field's issues goes through these.
extension EngineState {
    /// Stores `entry` for `slot`, recording what changed.
    mutating func setIssues(_ entry: FieldIssues, at slot: Int, into changes: inout ChangeSet) {
        let aspects = validation.setIssues(entry, at: slot)
        if !aspects.isEmpty { note(aspects, of: slot, into: &changes) }
    }

    /// Removes every issue of `slot` and cancels its asynchronous run.
    mutating func clearIssues(at slot: Int, into changes: inout ChangeSet) {
        cancelRun(at: slot, into: &changes)
        guard validation.hasIssues(at: slot) else { return }
        setIssues(FieldIssues(), at: slot, into: &changes)
    }

    /// Drops the errors set on `slot` from outside (a server's). The outside-errors stage
    /// (``ExternalErrorStage``) calls it for every change of the field's value, with or without a
    /// definition, and a submit for every field as it starts: the one place that rule lives.
    mutating func dropExternalErrors(at slot: Int, into changes: inout ChangeSet) {
        guard var entry = validation.issues(at: slot), !entry.externalErrors.isEmpty else { return }
        entry.externalErrors = []
        setIssues(entry, at: slot, into: &changes)
    }

    /// Puts errors from outside (a server's answer) where they belong: on the field if it is active,
    /// otherwise on the form, as errors naming the key, so that none is lost.
    ///
    /// This is the one place that decides where an outside error lands.
    ///
    /// - Parameters:
    ///   - messages: The messages; an empty array removes the field's outside errors.
    ///   - key: The field.
    ///   - rule: The rule name the issues carry.
    mutating func landExternalErrors(_ messages: [String], on key: String, rule: String, into changes: inout ChangeSet) {
        // The value changes made so far drop the errors set before them, not these; the changes
        // made after these are recorded, to drop them.
        ExternalErrorStage.follow(&self, &changes)
        changes.recordValuesFromHere()
        let slot = fields.slot(creating: key)
        if fields[slot].isActive {
            var entry = validation.issues(at: slot) ?? FieldIssues()
            entry.externalErrors = messages.map { ValidationIssue(key: key, rule: rule, message: $0) }
            setIssues(entry, at: slot, into: &changes)
        } else if !messages.isEmpty {
            validation.addExternalFormErrors(messages.map { ValidationIssue(key: nil, rule: rule, message: "\(key): \($0)") })
            validation.refreshFormIssues()
        }
    }

    /// Removes every issue of every field and of the form, and cancels every run, in time
    /// proportional to the runs and the observed fields that held issues, not to the form.
    mutating func clearAllIssues(into changes: inout ChangeSet) {
        for slot in Array(validation.runs.keys) { cancelRun(at: slot, into: &changes) }
        if tracking.hasTrackedFields || observers.hasEventSubscribers {
            for slot in validation.holding.members where isObserved(fields[slot]) {
                guard let entry = validation.issues(at: slot) else { continue }
                var aspects: FieldAspects = []
                if !entry.allErrors.isEmpty { aspects.insert(.errors) }
                if !entry.warnings.isEmpty { aspects.insert(.warnings) }
                if !aspects.isEmpty { outgoing.note(aspects, of: slot) }
            }
        }
        validation.forgetAllFieldIssues()
        validation.validated.removeAll()
        validation.forgetFormIssues()
        validation.refreshFormIssues()
    }

    /// Starts an asynchronous run of `check` for the value in `slot`, superseding any run under way.
    mutating func startRun(
        at slot: Int, value: AnyHashable, debounce: Duration,
        check: @escaping @Sendable (AnyHashable) async -> [ValidationIssue], into changes: inout ChangeSet
    ) {
        if let old = validation.runs[slot]?.task { outgoing.cancellations.append(old) }
        validation.nextGeneration &+= 1
        let generation = validation.nextGeneration
        validation.runs[slot] = .init(generation: generation, value: value)
        outgoing.runStarts.append(
            .init(
                key: fields[slot].key, slot: slot, generation: generation, value: value, debounce: debounce,
                check: check, sleep: validation.options.sleep))
        note(.validating, of: slot, into: &changes)
    }

    /// Cancels the asynchronous run of `slot`, if one is under way.
    mutating func cancelRun(at slot: Int, into changes: inout ChangeSet) {
        guard !validation.runs.isEmpty, let run = validation.runs.removeValue(forKey: slot) else { return }
        if let task = run.task { outgoing.cancellations.append(task) }
        note(.validating, of: slot, into: &changes)
    }

    /// The current issues as a report: fields in definition order (then other keys, sorted),
    /// form-level last.
    ///
    /// - Complexity: O(*n*) for *n* fields of the definition, plus O(*k* log *k*) for *k* keys with
    ///   issues outside it.
    func currentReport() -> ValidationReport {
        var report = ValidationReport()
        let definition = validation.definition
        var listed = 0
        if let definition, !validation.holding.isEmpty {
            for field in definition.fields {
                guard let slot = fields.slot(of: field.key), let entry = validation.issues(at: slot) else { continue }
                listed += 1
                report.errors += entry.allErrors
                report.warnings += entry.warnings
            }
        }
        if listed < validation.holding.count {
            let others = validation.holding.members.filter { definition?.position(of: fields[$0].key) == nil }
            for slot in others.sorted(by: { fields[$0].key < fields[$1].key }) {
                guard let entry = validation.issues(at: slot) else { continue }
                report.errors += entry.allErrors
                report.warnings += entry.warnings
            }
        }
        report.errors += validation.formErrors
        report.warnings += validation.formWarnings
        return report
    }
}
