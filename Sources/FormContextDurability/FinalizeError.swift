public import FormContextCore

/// Why a form could not be finalized.
public enum FinalizeError: Error, Sendable, CustomStringConvertible {
    /// The form has errors; they are on their fields.
    case invalid(ValidationReport)
    /// A submit of the form was under way.
    case alreadySubmitting
    /// The values could not be frozen (a value JSON cannot hold, or the finalizing task was cancelled).
    case failed(String)

    /// A one-line message.
    public var description: String {
        switch self {
        case .invalid(let report): "cannot finalize the form: " + report.errors.map(\.description).joined(separator: "; ")
        case .alreadySubmitting: "cannot finalize the form: a submit is under way"
        case .failed(let reason): "cannot finalize the form: \(reason)"
        }
    }
}
