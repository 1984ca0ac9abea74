/// Where a form is in its submit pipeline.
public enum SubmitPhase: String, Hashable, Sendable, CaseIterable {
    /// Not submitted yet, or reset since.
    case idle
    /// Validating: synchronous validators ran, pending asynchronous ones are awaited.
    case validating
    /// The handler is running.
    case submitting
    /// The last submit reached the handler, which accepted it.
    case succeeded
    /// The last submit failed: invalid values, a handler error, or errors returned by the handler.
    case failed

    /// Whether a submit is under way (``validating`` or ``submitting``).
    public var isInProgress: Bool { self == .validating || self == .submitting }

}
