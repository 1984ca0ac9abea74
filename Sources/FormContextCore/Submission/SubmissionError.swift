/// Why the values of a form could not be turned into a ``FormSubmission``.
public enum SubmissionError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The value under `key` has a type that has no JSON form.
    case unencodableValue(key: String, type: String)
    /// The number under `key` is infinite or not a number, which JSON cannot hold.
    case nonFiniteNumber(key: String, value: String)
    /// The date under `key` has no ISO 8601 text: its time interval is not finite, or its year is
    /// outside 0001 to 9999. `value` says what it is instead, such as `invalid date (nan)`.
    case invalidDate(key: String, value: String)

    /// The key whose value could not be encoded.
    public var key: String {
        switch self {
        case .unencodableValue(let key, _), .nonFiniteNumber(let key, _), .invalidDate(let key, _): key
        }
    }

    /// A one-line message naming the key and the offending type or value.
    public var description: String {
        switch self {
        case .unencodableValue(let key, let type):
            "cannot encode the value of '\(key)' as JSON: \(type) is not supported"
        case .nonFiniteNumber(let key, let value):
            "cannot encode the value of '\(key)' as JSON: \(value) is not a finite number"
        case .invalidDate(let key, let value):
            "cannot encode the value of '\(key)' as JSON: \(value) has no ISO 8601 text"
        }
    }
}
