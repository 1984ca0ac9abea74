/// How one call to ``FormContextObject/submit(_:)`` ended.
public enum SubmitResult: Sendable, CustomStringConvertible {
    /// The handler accepted the submission.
    case succeeded(FormSubmission)
    /// Validation found errors; the handler was not called.
    case invalid(ValidationReport)
    /// The handler returned errors; they are on their fields now.
    case rejected(ValidationReport)
    /// The handler threw, or a value could not be encoded (``SubmissionError``); the form is as it was.
    case failed(any Error)
    /// Another submit of the same form was under way; nothing was done.
    case alreadySubmitting

    /// Whether the handler accepted the submission.
    var isSuccess: Bool {
        if case .succeeded = self { return true }
        return false
    }

    /// The submission the handler accepted, if it did.
    var submission: FormSubmission? {
        if case .succeeded(let submission) = self { return submission }
        return nil
    }

    /// The errors that stopped the submit, for ``invalid(_:)`` and ``rejected(_:)``.
    var report: ValidationReport? {
        switch self {
        case .invalid(let report), .rejected(let report): report
        default: nil
        }
    }

    /// The first field with an error, in definition order: where to move the focus.
    public var firstInvalidKey: String? {
        report?.firstInvalidKey
    }

    /// A short account: `succeeded`, `invalid: 2 errors`, `failed: <error>`, `already submitting` …
    public var description: String {
        switch self {
        case .succeeded: "succeeded"
        case .invalid(let report): "invalid: " + report.lines.joined(separator: "; ")
        case .rejected(let report): "rejected: " + report.lines.joined(separator: "; ")
        case .failed(let error): "failed: \(error)"
        case .alreadySubmitting: "already submitting"
        }
    }
}
