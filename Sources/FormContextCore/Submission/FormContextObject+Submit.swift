extension FormContextObject {
    /// Receives the values of a valid form and answers whether they were accepted.
    public typealias SubmitHandler = @Sendable (FormSubmission) async throws -> SubmitResponse

    /// Submits the form: validates it, then hands its values to `handler`.
    ///
    /// Anything holding the form can call this: a submit button (which reads ``submitPhase`` for its
    /// state), a toolbar button, a keyboard shortcut, a test or a command line. In order:
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
    ///     try await api.send(Data(submission.json(pretty: false).utf8))
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
        let isStarted = mutate { state, changes in
            guard !state.submit.phase.isInProgress else { return false }
            state.submit.phase = .validating
            state.submit.count += 1
            state.submit.isSubmitted = true
            var keys = Set(state.fields.records.lazy.filter { $0.value != nil }.map(\.key))
            if let definition = state.validation.definition { keys.formUnion(definition.keys) }
            for key in keys.sorted() {
                state.setTouched(true, at: state.fields.slot(creating: key), into: &changes)
            }
            for slot in Array(state.validation.holding.members) {
                state.dropExternalErrors(at: slot, into: &changes)
            }
            state.validation.dropExternalFormErrors()
            state.validation.refreshFormIssues()
            state.validation.requestAll(settling: changes)
            return true
        }
        guard isStarted else { return .alreadySubmitting }

        // Validate again after every wait: values may have changed, been reset, or fields been shown
        // while asynchronous checks ran. Only a report with nothing pending is acted on.
        var prepared: (submission: FormSubmission, snapshot: FormContext)?
        while prepared == nil {
            guard await waitForCurrentRuns() else { return failSubmit(CancellationError()) }
            let step: SubmitStep = await suspendingMutate(
                { state, changes in state.validation.requestAll(settling: changes) },
                settled: { state, _, _ in
                    guard state.validation.runs.isEmpty else { return .waitAgain }
                    let report = state.currentReport()
                    guard report.isValid else {
                        state.submit.phase = .failed
                        return .finished(.invalid(report))
                    }
                    do {
                        let submission = try FormSubmission(
                            state.activeContext, number: state.submit.count, definition: state.validation.definition)
                        state.submit.phase = .submitting
                        return .ready(submission, state.fields.context)
                    } catch {
                        state.submit.phase = .failed
                        return .finished(.failed(error))
                    }
                })
            switch step {
            case .waitAgain: continue
            case .finished(let result): return result
            case .ready(let submission, let snapshot): prepared = (submission, snapshot)
            }
        }
        guard let (submission, snapshot) = prepared, !Task.isCancelled else { return failSubmit(CancellationError()) }

        let response: SubmitResponse
        do {
            response = try await handler(submission)
        } catch {
            return failSubmit(error)
        }
        if response.isAccepted {
            mutate { state, _ in
                let current = state.fields.context
                state.updateSubmitted { $0.didSucceed(with: snapshot, current: current) }
            }
            return .succeeded(submission)
        }
        let report = mutate { state, changes in
            for (key, messages) in response.fieldErrors.sorted(by: { $0.key < $1.key }) where !messages.isEmpty {
                state.landExternalErrors(messages, on: key, rule: "server", into: &changes)
            }
            if !response.formErrors.isEmpty {
                state.validation.addExternalFormErrors(response.formErrors.map { ValidationIssue(key: nil, rule: "server", message: $0) })
                state.validation.refreshFormIssues()
            }
            state.submit.phase = .failed
            return state.currentReport()
        }
        return .rejected(report)
    }

    /// Ends the submit under way as failed with `error`.
    private func failSubmit(_ error: any Error) -> SubmitResult {
        mutate { state, _ in state.submit.phase = .failed }
        return .failed(error)
    }

    /// Where the form is in its submit pipeline. Observable.
    public var submitPhase: SubmitPhase { observed(\.submitPhase) { $0.submit.phase } }

    /// How many times a submit has started (refused second submits not counted) since the form was
    /// made or last reset (a reset keeping ``ResetOptions/submitCount`` keeps it). Observable.
    public var submitCount: Int { observed(\.submitCount) { $0.submit.count } }

    /// Whether any value differs from the values of the last successful submit (from the initial
    /// values before the first, and after a reset that forgets it): whether any field's
    /// ``FieldState/isDirtySinceLastSubmit`` holds. Observable.
    ///
    /// - Complexity: O(1): the form keeps the set of changed keys as values change.
    public var isDirtySinceLastSubmit: Bool { observed(\.isDirtySinceLastSubmit) { $0.isDirtySinceLastSubmit } }
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
