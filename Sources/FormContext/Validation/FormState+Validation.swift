extension FormState {
    /// Whether `key` takes part in validation and submission (visible and enabled).
    func isActive(_ key: String) -> Bool {
        !hidden.contains(key) && !disabled.contains(key)
    }

    /// Keeps the validation state in step with a value that just changed.
    mutating func valueDidChange(_ key: String, origin: FormChangeOrigin, into notes: inout FormNotifications) {
        guard validation.isInUse else { return }
        if let submitted = validation.submitted {
            if isSameValue(values.storage[key], submitted.storage[key]) {
                validation.changedSinceSubmit.remove(key)
            } else {
                validation.changedSinceSubmit.insert(key)
            }
        }
        if origin == .reset {
            clearIssues(for: key, into: &notes)
            return
        }
        if var entry = validation.issues[key], !entry.externalErrors.isEmpty {
            entry.externalErrors = []
            setIssues(entry, for: key, into: &notes)
        }
        guard let definition = validation.definition, let position = definition.positions[key], isActive(key) else { return }
        if validation.effectiveMode == .onChange {
            validateField(at: position, into: &notes)
            validateDependents(of: key, into: &notes)
            validateForm(into: &notes)
        } else if let run = validation.runs[key], !isSameValue(run.value, values.storage[key]) {
            cancelRun(for: key, into: &notes)
        }
    }

    /// Validates `key` as losing focus does: marks it touched, then validates it unless the mode is `onSubmit`.
    mutating func blur(_ key: String, into notes: inout FormNotifications) {
        if touched.insert(key).inserted { recordStateChange(of: key, into: &notes) }
        guard validation.effectiveMode != .onSubmit, let definition = validation.definition,
            let position = definition.positions[key], isActive(key)
        else { return }
        validateField(at: position, into: &notes)
        validateDependents(of: key, into: &notes)
        validateForm(into: &notes)
    }

    /// Drops the issues of a field that was hidden or disabled; re-validates one shown or enabled again.
    mutating func activityDidChange(_ key: String, into notes: inout FormNotifications) {
        guard validation.isInUse else { return }
        if !isActive(key) {
            clearIssues(for: key, into: &notes)
        } else if validation.validated.contains(key), let position = validation.definition?.positions[key] {
            validateField(at: position, into: &notes)
        }
        if validation.definition?.validators.isEmpty == false, !validation.validated.isEmpty {
            validateForm(into: &notes)
        }
    }

    /// Runs every validator of every active field and of the form; inactive fields lose their issues.
    ///
    /// - Complexity: O(*n*) for *n* fields, times the cost of their validators.
    mutating func validateAll(into notes: inout FormNotifications) {
        guard let definition = validation.definition else { return }
        for position in definition.fields.indices {
            let key = definition.fields[position].key
            if isActive(key) {
                validateField(at: position, into: &notes)
            } else {
                clearIssues(for: key, into: &notes)
            }
        }
        validateForm(into: &notes)
    }

    /// Runs the synchronous validators of the field at `position` and starts its asynchronous ones if due.
    mutating func validateField(at position: Int, into notes: inout FormNotifications) {
        guard let field = validation.definition?.fields[position] else { return }
        let key = field.key
        let value = values.storage[key]
        var report = ValidationReport()
        field.check(value, values, &report)
        validation.validated.insert(key)
        var entry = validation.issues[key] ?? FieldIssues()
        entry.errors = report.errors
        entry.warnings = report.warnings
        if let check = field.asyncCheck {
            if report.errors.isEmpty, let value, !isEmptyValue(value.base) {
                if let run = validation.runs[key], isSameValue(run.value, value) {
                    // A run for this very value is under way: let it finish.
                } else if validation.runs[key] == nil, isSameValue(entry.asyncValue, value) {
                    // Already checked: keep its result.
                } else {
                    entry.asyncErrors = []
                    entry.asyncValue = nil
                    startRun(for: key, value: value, debounce: field.debounce, check: check, into: &notes)
                }
            } else {
                cancelRun(for: key, into: &notes)
                entry.asyncErrors = []
                entry.asyncValue = nil
            }
        }
        setIssues(entry, for: key, into: &notes)
    }

    /// Re-validates the fields whose validators read `key` and that have been validated before.
    mutating func validateDependents(of key: String, into notes: inout FormNotifications) {
        guard let definition = validation.definition, let positions = definition.dependents[key] else { return }
        for position in positions {
            let dependent = definition.fields[position].key
            if validation.validated.contains(dependent) && isActive(dependent) {
                validateField(at: position, into: &notes)
            }
        }
    }

    /// Runs the form-level validators on the active values; form-level errors set from outside go.
    ///
    /// - Complexity: O(*v*) for *v* form validators; O(*n*) more to leave out inactive fields, if any.
    mutating func validateForm(into notes: inout FormNotifications) {
        guard let validators = validation.definition?.validators else { return }
        var report = ValidationReport()
        if !validators.isEmpty {
            var active = values
            for key in hidden.union(disabled) { active.removeValue(for: key) }
            for validator in validators {
                if let issue = validator.issue(for: active) { report.append(issue) }
            }
        }
        setFormIssues(report)
    }

    mutating func setFormIssues(_ report: ValidationReport) {
        guard report.errors != validation.formErrors || report.warnings != validation.formWarnings else { return }
        validation.formErrors = report.errors
        validation.formWarnings = report.warnings
        validation.formIssuesVersion &+= 1
    }

    /// Stores `entry` for `key`, keeping the running error count and invalid-key set exact.
    mutating func setIssues(_ entry: FieldIssues, for key: String, into notes: inout FormNotifications) {
        let old = validation.issues[key] ?? FieldIssues()
        guard old != entry else { return }
        validation.errorCount += entry.errorCount - old.errorCount
        if entry.errorCount > 0 {
            validation.invalidKeys.insert(key)
        } else {
            validation.invalidKeys.remove(key)
        }
        validation.issues[key] = entry.isEmpty ? nil : entry
        recordStateChange(of: key, into: &notes)
    }

    /// Removes every issue of `key` and cancels its asynchronous run.
    mutating func clearIssues(for key: String, into notes: inout FormNotifications) {
        cancelRun(for: key, into: &notes)
        setIssues(FieldIssues(), for: key, into: &notes)
    }

    /// Removes every issue of every field and of the form, and cancels every run.
    mutating func clearAllIssues(into notes: inout FormNotifications) {
        for key in Array(validation.runs.keys) { cancelRun(for: key, into: &notes) }
        for key in Array(validation.issues.keys) { setIssues(FieldIssues(), for: key, into: &notes) }
        validation.validated = []
        setFormIssues(ValidationReport())
        if !validation.phase.isInProgress { validation.phase = .idle }
    }

    mutating func startRun(
        for key: String, value: AnyHashable, debounce: Duration,
        check: @escaping @Sendable (AnyHashable) async -> [ValidationIssue], into notes: inout FormNotifications
    ) {
        if let old = validation.runs[key]?.task { notes.validation.cancellations.append(old) }
        validation.nextGeneration &+= 1
        let generation = validation.nextGeneration
        validation.runs[key] = .init(generation: generation, value: value)
        notes.validation.starts.append(
            .init(key: key, generation: generation, value: value, debounce: debounce, check: check, sleep: validation.options.sleep))
        recordStateChange(of: key, into: &notes)
    }

    mutating func cancelRun(for key: String, into notes: inout FormNotifications) {
        guard let run = validation.runs.removeValue(forKey: key) else { return }
        if let task = run.task { notes.validation.cancellations.append(task) }
        recordStateChange(of: key, into: &notes)
    }

    /// The current issues as a report: fields in definition order (then other keys, sorted), form-level last.
    ///
    /// - Complexity: O(*n*) for *n* fields, plus O(*k* log *k*) for *k* keys with issues outside the definition.
    func currentReport() -> ValidationReport {
        var report = ValidationReport()
        guard !validation.issues.isEmpty || !validation.formErrors.isEmpty || !validation.formWarnings.isEmpty else {
            return report
        }
        var listed = 0
        if let definition = validation.definition {
            for field in definition.fields {
                guard let entry = validation.issues[field.key] else { continue }
                listed += 1
                report.errors += entry.allErrors
                report.warnings += entry.warnings
            }
        }
        if listed < validation.issues.count {
            for key in validation.issues.keys.sorted() where validation.definition?.positions[key] == nil {
                let entry = validation.issues[key]!
                report.errors += entry.allErrors
                report.warnings += entry.warnings
            }
        }
        report.errors += validation.formErrors
        report.warnings += validation.formWarnings
        return report
    }

    /// What is wrong with the running counts, if anything: they must match the stored issues exactly.
    ///
    /// - Complexity: O(*k*) for *k* keys with issues; for tests and debugging.
    func validationInvariantViolations() -> [String] {
        var violations: [String] = []
        var count = 0
        var invalid: Set<String> = []
        for (key, entry) in validation.issues {
            count += entry.errorCount
            if entry.errorCount > 0 { invalid.insert(key) }
            if entry.isEmpty { violations.append("empty entry kept for '\(key)'") }
            if !isActive(key) && !(entry.errors.isEmpty && entry.asyncErrors.isEmpty) {
                violations.append("inactive '\(key)' has validator errors")
            }
        }
        if count != validation.errorCount { violations.append("error count \(validation.errorCount), issues hold \(count)") }
        if invalid != validation.invalidKeys { violations.append("invalid keys \(validation.invalidKeys.sorted()), issues say \(invalid.sorted())") }
        for (key, run) in validation.runs where validation.definition?.field(key)?.hasAsyncValidators != true {
            violations.append("run \(run.generation) for '\(key)', which has no asynchronous validators")
        }
        return violations
    }
}
