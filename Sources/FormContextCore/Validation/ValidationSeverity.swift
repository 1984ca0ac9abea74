/// How much a failed validator matters.
public enum ValidationSeverity: String, Hashable, Sendable, CaseIterable {
    /// The value is wrong: the form is invalid and cannot be submitted.
    case error
    /// The value is allowed but worth a remark: shown to the user, never blocks submission.
    case warning

}
