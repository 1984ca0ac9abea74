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
    public convenience init(definition: FormDefinition, values: FormContext = FormContext(), options: ValidationOptions = ValidationOptions()) {
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
    public func attach(_ definition: FormDefinition, options: ValidationOptions = ValidationOptions()) {
        update { state, notes in
            state.clearAllIssues(into: &notes)
            state.validation.definition = definition
            state.validation.options = options
            for key in definition.secureKeys where !state.values.secureKeys.contains(key) {
                state.values.setSecure(for: key)
                state.initial.setSecure(for: key)
                state.recordStateChange(of: key, into: &notes)
            }
        }
    }

    /// The definition the form validates with, if any.
    public var definition: FormDefinition? {
        state.withAnnotatedLock { $0.validation.definition }
    }

    /// When the form validates by itself.
    public var validationOptions: ValidationOptions {
        state.withAnnotatedLock { $0.validation.options }
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
        update { state, notes in
            state.validateAll(into: &notes)
            return state.currentReport()
        }
    }

    /// Validates one field now, whatever the mode.
    ///
    /// - Parameter key: The field.
    /// - Returns: The field's errors.
    @discardableResult
    public func validate(_ key: String) -> [ValidationIssue] {
        update { state, notes in
            if state.isActive(key), let position = state.validation.definition?.positions[key] {
                state.validateField(at: position, into: &notes)
                state.validateForm(into: &notes)
            }
            return state.validation.issues[key]?.allErrors ?? []
        }
    }

    /// Records that the field `key` lost focus: marks it touched and validates it, unless the mode
    /// is ``ValidationMode/onSubmit``.
    ///
    /// - Parameter key: The field.
    public func blur(_ key: String) {
        update { state, notes in state.blur(key, into: &notes) }
    }

    /// Sets errors on `key` from outside the definition, for example a server's answer.
    ///
    /// They count like any error until the field's value changes or the form is submitted or reset.
    /// A hidden or disabled field takes no part in validation, so errors set on it are ignored.
    ///
    /// - Parameters:
    ///   - messages: The messages; an empty array removes errors set before.
    ///   - key: The field.
    ///   - rule: The rule name the issues carry; `server` by default.
    public func setErrors(_ messages: [String], for key: String, rule: String = "server") {
        update { state, notes in
            guard state.isActive(key) else { return }
            var entry = state.validation.issues[key] ?? FieldIssues()
            entry.externalErrors = messages.map { ValidationIssue(key: key, rule: rule, message: $0) }
            state.setIssues(entry, for: key, into: &notes)
        }
    }

    /// Waits until every asynchronous validator the form started has finished, superseded runs included.
    public func waitForValidation() async {
        while true {
            let (tasks, isPending) = state.withAnnotatedLock { (Array($0.validation.tasks.values), !$0.validation.runs.isEmpty) }
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
            let (tasks, isPending) = state.withAnnotatedLock { ($0.validation.runs.values.compactMap(\.task), !$0.validation.runs.isEmpty) }
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
    public var isValid: Bool {
        registrar.access(self, keyPath: \.isValid)
        return state.withAnnotatedLock { state in
            state.validation.isSummaryTracked = true
            return state.validation.invalidKeys.isEmpty && state.validation.formErrors.isEmpty
        }
    }

    /// The number of errors on fields and on the form. Observable.
    public var errorCount: Int {
        registrar.access(self, keyPath: \.errorCount)
        return state.withAnnotatedLock { state in
            state.validation.isSummaryTracked = true
            return state.validation.errorCount + state.validation.formErrors.count
        }
    }

    /// Whether any asynchronous validator is checking a value. Observable.
    public var isValidating: Bool {
        registrar.access(self, keyPath: \.isValidating)
        return state.withAnnotatedLock { state in
            state.validation.isSummaryTracked = true
            return !state.validation.runs.isEmpty
        }
    }

    /// The form-level errors. Observable.
    public var formErrors: [ValidationIssue] {
        registrar.access(self, keyPath: \.formErrors)
        return state.withAnnotatedLock { state in
            state.validation.isSummaryTracked = true
            return state.validation.formErrors
        }
    }

    /// The form-level warnings. Observable.
    public var formWarnings: [ValidationIssue] {
        registrar.access(self, keyPath: \.formWarnings)
        return state.withAnnotatedLock { state in
            state.validation.isSummaryTracked = true
            return state.validation.formWarnings
        }
    }

    /// The keys of the fields with errors.
    public var invalidKeys: Set<String> {
        state.withAnnotatedLock { $0.validation.invalidKeys }
    }

    /// The errors of `key`; observation tracks that field's state.
    public func errors(for key: String) -> [ValidationIssue] {
        fieldState(for: key).errors
    }

    /// The warnings of `key`; observation tracks that field's state.
    public func warnings(for key: String) -> [ValidationIssue] {
        fieldState(for: key).warnings
    }

    /// Every current error and warning, in definition order, form-level last.
    ///
    /// - Complexity: O(*n*) for *n* fields.
    public var validationReport: ValidationReport {
        state.withAnnotatedLock { $0.currentReport() }
    }

    // MARK: Delivery

    /// Announces form-level changes and starts or cancels asynchronous runs, outside the lock.
    func deliver(_ notes: ValidationNotifications) {
        if notes.starts.isEmpty && notes.cancellations.isEmpty && notes.before == notes.after { return }
        let (before, after) = (notes.before, notes.after)
        if before != after {
            if before.isValid != after.isValid { announce(\.isValid) }
            if before.errorCount != after.errorCount { announce(\.errorCount) }
            if before.isValidating != after.isValidating { announce(\.isValidating) }
            if before.formIssuesVersion != after.formIssuesVersion {
                announce(\.formErrors)
                announce(\.formWarnings)
            }
            if before.phase != after.phase { announce(\.submitPhase) }
            if before.submitCount != after.submitCount { announce(\.submitCount) }
            if before.isDirtySinceLastSubmit != after.isDirtySinceLastSubmit { announce(\.isDirtySinceLastSubmit) }
        }
        for task in notes.cancellations { task.cancel() }
        for start in notes.starts { launch(start) }
    }

    func announce<Value>(_ keyPath: KeyPath<FormContextObject, Value>) {
        registrar.willSet(self, keyPath: keyPath)
        registrar.didSet(self, keyPath: keyPath)
    }

    /// Starts one asynchronous run: debounce, check, and land the result only if the run is still current.
    private func launch(_ start: FormValidationState.Start) {
        let task = Task { [weak self] in
            var issues: [ValidationIssue] = []
            var isAbandoned = false
            if start.debounce > .zero {
                do { try await start.sleep(start.debounce) } catch { isAbandoned = true }
            }
            if !isAbandoned && !Task.isCancelled { issues = await start.check(start.value) }
            self?.finish(start, issues: issues, isAbandoned: isAbandoned || Task.isCancelled)
        }
        let isLate = state.withAnnotatedLock { state in
            if state.validation.finishedEarly.remove(start.generation) != nil { return false }
            state.validation.tasks[start.generation] = task
            guard state.validation.runs[start.key]?.generation == start.generation else { return true }
            state.validation.runs[start.key]?.task = task
            return false
        }
        if isLate { task.cancel() }
    }

    private func finish(_ start: FormValidationState.Start, issues: [ValidationIssue], isAbandoned: Bool) {
        update { state, notes in
            if state.validation.tasks.removeValue(forKey: start.generation) == nil {
                state.validation.finishedEarly.insert(start.generation)
            }
            guard state.validation.runs[start.key]?.generation == start.generation else { return }
            state.validation.runs[start.key] = nil
            state.recordStateChange(of: start.key, into: &notes)
            guard !isAbandoned else { return }
            var entry = state.validation.issues[start.key] ?? FieldIssues()
            entry.asyncErrors = issues
            entry.asyncValue = start.value
            state.setIssues(entry, for: start.key, into: &notes)
        }
    }
}
