/// Why the values of a form could not be turned into a ``FormSubmission``.
public enum SubmissionError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The value under `key` has a type that has no JSON form.
    case unencodableValue(key: String, type: String)
    /// The number under `key` is infinite or not a number, which JSON cannot hold.
    case nonFiniteNumber(key: String, value: String)

    /// The key whose value could not be encoded.
    public var key: String {
        switch self {
        case .unencodableValue(let key, _), .nonFiniteNumber(let key, _): key
        }
    }

    /// A one-line message naming the key and the offending type or value.
    public var description: String {
        switch self {
        case .unencodableValue(let key, let type):
            "cannot encode the value of '\(key)' as JSON: \(type) is not supported"
        case .nonFiniteNumber(let key, let value):
            "cannot encode the value of '\(key)' as JSON: \(value) is not a finite number"
        }
    }
}
