extension FormContextObject {
    /// Creates a form that validates with `definition`.
    ///
    /// The form starts from the definition's defaults with `values` on top; the definition's secret
    /// fields are secret.
    ///
    /// - Parameters:
    ///   - definition: The fields and their validators.
    ///   - values: Starting values that override the defaults.
    ///   - options: When to validate, and how asynchronous validators wait.
    public convenience init(definition: FormDefinition, values: FormContext = [:], options: ValidationOptions = ValidationOptions()) {
        var initial = definition.defaults
        for (key, value) in values.storage { initial.storage[key] = value }
        initial.secureKeys.formUnion(values.secureKeys)
        self.init(initial)
        attach(definition, options: options)
    }

    /// Makes `definition` the form's definition: its validators run from now on, in the way
    /// `options` says; its secret fields become secret. Values are left as they are.
    ///
    /// Issues found with a previous definition are dropped.
    ///
    /// - Parameters:
    ///   - definition: The fields and their validators.
    ///   - options: When to validate, and how asynchronous validators wait.
    func attach(_ definition: FormDefinition, options: ValidationOptions = ValidationOptions()) {
        mutate { state, changes in
            state.clearAllIssues(into: &changes)
            if !state.submit.phase.isInProgress { state.submit.phase = .idle }
            state.validation.use(definition, fields: &state.fields)
            state.validation.options = options
            state.graph.removeAll(.validator)
            state.graph.removeAll(.formValidator)
            state.validation.invalidateFormValidators()
            state.markSecret(definition.secureKeys, into: &changes)
            state.detachRules(into: &changes)
            state.graph.removeAll(.rule)
            state.rules.attach(definition, fields: &state.fields)
            state.attachRepeats(definition, into: &changes)
        }
        // Now that the form settles, run every rule once in dependency order: calculations give clean
        // fields their initial values.
        mutate { state, _ in state.rules.requestInitialValues() }
    }

    /// The definition the form validates with, if any.
    public var definition: FormDefinition? {
        read { $0.validation.definition }
    }

    /// When the form validates by itself.
    var validationOptions: ValidationOptions {
        read { $0.validation.options }
    }

    // MARK: Running

    /// Validates every visible, enabled field and the form now, whatever the mode.
    ///
    /// Asynchronous validators start for the fields that pass their synchronous ones; the report
    /// holds their results only once they are in (see ``waitForValidation()``).
    ///
    /// - Returns: Every current error and warning, in definition order, form-level last.
    /// - Complexity: O(*n*) for *n* fields, times the cost of their validators.
    @discardableResult
    public func validate() -> ValidationReport {
        mutate({ state, changes in state.validation.requestAll(settling: changes) }, settled: { state, _, _ in state.currentReport() })
    }

    /// Validates one field now, whatever the mode.
    ///
    /// - Parameter key: The field.
    /// - Returns: The field's errors.
    @discardableResult
    func validate(_ key: String) -> [ValidationIssue] {
        mutate(
            { state, changes in
                let slot = state.fields.slot(creating: key)
                state.validation.request(slot, settling: changes)
                return slot
            },
            settled: { state, _, slot in state.validation.issues(at: slot)?.allErrors ?? [] })
    }

    /// Records that the field `key` lost focus: marks it touched and validates it, unless the mode
    /// is ``ValidationMode/onSubmit``.
    ///
    /// - Parameter key: The field.
    public func blur(_ key: String) {
        mutate { state, changes in
            let slot = state.fields.slot(creating: key)
            state.setTouched(true, at: slot, into: &changes)
            if changes.isSettling { changes.blurred.append(slot) }
        }
    }

    /// Sets errors on `key` from outside the definition, for example a server's answer.
    ///
    /// They count like any error until the field's value changes (to a different value, by any
    /// write) or the form is submitted or reset; the rule is the same whether or not the form has a
    /// definition. Validating the form keeps them: its validators cannot tell whether the outside
    /// check still holds. A hidden or disabled field takes no part in validation, so errors set on it
    /// land on the form instead, as errors naming the key (`coupon: has expired`): none is lost.
    ///
    /// - Parameters:
    ///   - messages: The messages; an empty array removes errors set before.
    ///   - key: The field.
    ///   - rule: The rule name the issues carry; `server` by default.
    public func setErrors(_ messages: [String], for key: String, rule: String = "server") {
        mutate { state, changes in
            state.landExternalErrors(messages, on: key, rule: rule, into: &changes)
        }
    }

    /// Sets errors on the form as a whole, not on any field: a server's "try again later", or a
    /// check of the app's own (react-hook-form's `setError("root.…")`, final-form's `FORM_ERROR`).
    ///
    /// They replace the form-level errors set from outside before (by this call, by a submit
    /// handler's ``SubmitResponse/rejected(_:formErrors:)``, or landed from a hidden field by
    /// ``setErrors(_:for:rule:)``), and count like any error, in ``formErrors``, ``errorCount`` and
    /// ``isValid``, until the next submit starts or the form is reset (unless the reset keeps
    /// ``ResetOptions/errors``). Editing values and validating keep them: nothing the form checks
    /// can tell whether they still hold.
    ///
    /// ```swift
    /// form.setFormErrors(["The server is busy: try again in a minute"])
    /// ```
    ///
    /// - Parameters:
    ///   - messages: The messages; an empty array removes the form-level errors set from outside.
    ///   - rule: The rule name the issues carry; `server` by default.
    public func setFormErrors(_ messages: [String], rule: String = "server") {
        mutate { state, _ in
            state.validation.dropExternalFormErrors()
            state.validation.addExternalFormErrors(messages.map { ValidationIssue(key: nil, rule: rule, message: $0) })
            state.validation.refreshFormIssues()
        }
    }

    /// Waits until every asynchronous validator the form started has finished, superseded runs included.
    public func waitForValidation() async {
        while true {
            let (tasks, isPending) = read { (Array($0.validation.tasks.values), !$0.validation.runs.isEmpty) }
            if tasks.isEmpty {
                guard isPending else { return }
                await Task.yield()
                continue
            }
            for task in tasks { await task.value }
        }
    }

    /// Waits until the current asynchronous run of every field has finished (not superseded ones),
    /// or until the calling task is cancelled.
    ///
    /// - Returns: `false` if the calling task was cancelled before the runs finished.
    func waitForCurrentRuns() async -> Bool {
        while true {
            guard !Task.isCancelled else { return false }
            let (tasks, isPending) = read { ($0.validation.runs.values.compactMap(\.task), !$0.validation.runs.isEmpty) }
            guard isPending else { return true }
            if tasks.isEmpty {
                await Task.yield()
                continue
            }
            guard await WaitOrCancel.wait(for: tasks) else { return false }
        }
    }

    // MARK: Reading

    /// Whether no visible, enabled field and no form-level validator has an error, as of the
    /// validation that has run (in mode ``ValidationMode/onSubmit`` nothing runs before a submit or
    /// ``validate()``). Observable.
    ///
    /// - Complexity: O(1): the form keeps a running count of errors.
    public var isValid: Bool { observed(\.isValid) { $0.validation.isValid } }

    /// The number of errors on fields and on the form. Observable.
    public var errorCount: Int { observed(\.errorCount) { $0.validation.errorCount + $0.validation.formErrors.count } }

    /// Whether any asynchronous validator is checking a value. Observable.
    public var isValidating: Bool { observed(\.isValidating) { !$0.validation.runs.isEmpty } }

    /// The form-level errors. Observable.
    public var formErrors: [ValidationIssue] { observed(\.formErrors) { $0.validation.formErrors } }

    /// The form-level warnings. Observable.
    public var formWarnings: [ValidationIssue] { observed(\.formWarnings) { $0.validation.formWarnings } }

    /// The keys of the fields with errors.
    ///
    /// - Complexity: O(*k*) for *k* fields with errors.
    var invalidKeys: Set<String> {
        read { $0.fields.keys(of: $0.validation.invalid) }
    }

    /// The errors of `key`; observation tracks that field's state.
    func errors(for key: String) -> [ValidationIssue] {
        fieldState(for: key).errors
    }

    /// The warnings of `key`; observation tracks that field's state.
    func warnings(for key: String) -> [ValidationIssue] {
        fieldState(for: key).warnings
    }

    /// Every current error and warning, in definition order, form-level last.
    ///
    /// - Complexity: O(*n*) for *n* fields.
    var validationReport: ValidationReport {
        read { $0.currentReport() }
    }

    // MARK: Asynchronous runs

    /// Starts one asynchronous run: debounce, check, and land the result only if the run is still current.
    func launch(_ start: ValidationState.Start) {
        let task = Task { [weak self] in
            var issues: [ValidationIssue] = []
            var isAbandoned = false
            if start.debounce > .zero {
                do { try await start.sleep(start.debounce) } catch { isAbandoned = true }
            }
            if !isAbandoned && !Task.isCancelled { issues = await start.check(start.value) }
            self?.finish(start, issues: issues, isAbandoned: isAbandoned || Task.isCancelled)
        }
        let isLate = bookkeep { state in
            if state.validation.finishedEarly.remove(start.generation) != nil { return false }
            state.validation.tasks[start.generation] = task
            guard state.validation.runs[start.slot]?.generation == start.generation else { return true }
            state.validation.runs[start.slot]?.task = task
            return false
        }
        if isLate { task.cancel() }
    }

    /// Lands the result of a finished run, if it is still the field's current one.
    private func finish(_ start: ValidationState.Start, issues: [ValidationIssue], isAbandoned: Bool) {
        mutate { state, changes in
            if state.validation.tasks.removeValue(forKey: start.generation) == nil {
                state.validation.finishedEarly.insert(start.generation)
            }
            guard state.validation.runs[start.slot]?.generation == start.generation else { return }
            state.validation.runs[start.slot] = nil
            state.note(.validating, of: start.slot, into: &changes)
            guard !isAbandoned else { return }
            var entry = state.validation.issues(at: start.slot) ?? FieldIssues()
            entry.asyncErrors = issues
            entry.asyncValue = start.value
            state.setIssues(entry, at: start.slot, into: &changes)
        }
    }
}
