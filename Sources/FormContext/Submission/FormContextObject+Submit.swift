extension FormContextObject {
    /// Receives the values of a valid form and answers whether they were accepted.
    public typealias SubmitHandler = @Sendable (FormSubmission) async throws -> SubmitResponse

    /// Submits the form: validates it, then hands its values to `handler`.
    ///
    /// Anything holding the form can call this: a ``SubmitControl`` inside it, a toolbar button, a
    /// keyboard shortcut, a test or a command line. In order:
    ///
    /// 1. If a submit is already under way, returns ``SubmitResult/alreadySubmitting`` and does nothing.
    /// 2. Marks every field touched, drops errors set from outside, runs every synchronous validator
    ///    and waits for pending asynchronous ones (phase ``SubmitPhase/validating``).
    /// 3. On any error, returns ``SubmitResult/invalid(_:)`` without calling `handler`.
    /// 4. Otherwise calls `handler` (phase ``SubmitPhase/submitting``) with the values of the visible,
    ///    enabled fields. If it throws, returns ``SubmitResult/failed(_:)`` and the form stays as it was;
    ///    if it returns errors, they land on their fields and the result is ``SubmitResult/rejected(_:)``.
    ///
    /// ```swift
    /// let result = await form.submit { submission in
    ///     try await api.send(submission.jsonData())
    ///     return .accepted
    /// }
    /// if let key = result.firstInvalidKey { focus(key) }
    /// ```
    ///
    /// - Parameter handler: Receives the submission.
    /// - Returns: How the submit ended.
    /// - Complexity: O(*n*) for *n* fields, plus the validators and the handler.
    @discardableResult
    public func submit(_ handler: SubmitHandler) async -> SubmitResult {
        let isStarted = update { state, notes in
            guard !state.validation.phase.isInProgress else { return false }
            state.validation.phase = .validating
            state.validation.submitCount += 1
            var keys = Set(state.values.keys)
            if let definition = state.validation.definition { keys.formUnion(definition.keys) }
            for key in keys.sorted() where state.touched.insert(key).inserted {
                state.recordStateChange(of: key, into: &notes)
            }
            for (key, entry) in state.validation.issues where !entry.externalErrors.isEmpty {
                var cleared = entry
                cleared.externalErrors = []
                state.setIssues(cleared, for: key, into: &notes)
            }
            if state.validation.definition == nil { state.setFormIssues(ValidationReport()) }
            state.validateAll(into: &notes)
            return true
        }
        guard isStarted else { return .alreadySubmitting }

        // Validate again after every wait: values may have changed, been reset, or fields been shown
        // while asynchronous checks ran. Only a report with nothing pending is acted on.
        var prepared: (submission: FormSubmission, snapshot: FormContext)?
        while prepared == nil {
            guard await waitForCurrentRuns() else {
                update { state, _ in state.validation.phase = .failed }
                return .failed(CancellationError())
            }
            let step: SubmitStep = update { state, notes in
                state.validateAll(into: &notes)
                guard state.validation.runs.isEmpty else { return .waitAgain }
                let report = state.currentReport()
                guard report.isValid else {
                    state.validation.phase = .failed
                    return .finished(.invalid(report))
                }
                var active = state.values
                for key in state.hidden.union(state.disabled) { active.removeValue(for: key) }
                do {
                    let submission = try FormSubmission(active, number: state.validation.submitCount)
                    state.validation.phase = .submitting
                    return .ready(submission, state.values)
                } catch {
                    state.validation.phase = .failed
                    return .finished(.failed(error))
                }
            }
            switch step {
            case .waitAgain: continue
            case .finished(let result): return result
            case .ready(let submission, let snapshot): prepared = (submission, snapshot)
            }
        }
        guard let (submission, snapshot) = prepared, !Task.isCancelled else {
            update { state, _ in state.validation.phase = .failed }
            return .failed(CancellationError())
        }

        let response: SubmitResponse
        do {
            response = try await handler(submission)
        } catch {
            update { state, _ in state.validation.phase = .failed }
            return .failed(error)
        }
        if response.isAccepted {
            update { state, _ in
                state.validation.phase = .succeeded
                state.validation.submitted = snapshot
                var changed: Set<String> = []
                for key in Set(state.values.keys).union(snapshot.keys)
                where !isSameValue(state.values.storage[key], snapshot.storage[key]) {
                    changed.insert(key)
                }
                state.validation.changedSinceSubmit = changed
            }
            return .succeeded(submission)
        }
        let report = update { state, notes in
            for (key, messages) in response.fieldErrors where !messages.isEmpty && state.isActive(key) {
                var entry = state.validation.issues[key] ?? FieldIssues()
                entry.externalErrors = messages.map { ValidationIssue(key: key, rule: "server", message: $0) }
                state.setIssues(entry, for: key, into: &notes)
            }
            if !response.formErrors.isEmpty {
                var formIssues = ValidationReport(errors: state.validation.formErrors, warnings: state.validation.formWarnings)
                formIssues.errors += response.formErrors.map { ValidationIssue(key: nil, rule: "server", message: $0) }
                state.setFormIssues(formIssues)
            }
            state.validation.phase = .failed
            return state.currentReport()
        }
        return .rejected(report)
    }

    /// Where the form is in its submit pipeline. Observable.
    public var submitPhase: SubmitPhase {
        registrar.access(self, keyPath: \.submitPhase)
        return state.withAnnotatedLock { state in
            state.validation.isSummaryTracked = true
            return state.validation.phase
        }
    }

    /// How many times a submit has started (refused second submits not counted). Observable.
    public var submitCount: Int {
        registrar.access(self, keyPath: \.submitCount)
        return state.withAnnotatedLock { state in
            state.validation.isSummaryTracked = true
            return state.validation.submitCount
        }
    }

    /// Whether any value differs from the values of the last successful submit (from the initial
    /// values before the first). Observable.
    ///
    /// - Complexity: O(1): the form keeps the set of changed keys as values change.
    public var isDirtySinceLastSubmit: Bool {
        registrar.access(self, keyPath: \.isDirtySinceLastSubmit)
        return state.withAnnotatedLock { state in
            state.validation.isSummaryTracked = true
            return state.validation.submitted == nil ? !state.dirty.isEmpty : !state.validation.changedSinceSubmit.isEmpty
        }
    }
}

/// What one validation pass of a submit concluded.
private enum SubmitStep {
    /// Asynchronous checks are still running: wait for them and validate again.
    case waitAgain
    /// The submit ends here, without calling the handler.
    case finished(SubmitResult)
    /// The values are valid: hand this submission to the handler.
    case ready(FormSubmission, FormContext)
}
