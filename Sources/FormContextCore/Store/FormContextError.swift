/// A typed read from a context that could not be satisfied.
///
/// Every case names the key and the type that was asked for; a mismatch also names the type
/// that was found, so the message can be shown to a developer as it is.
public enum FormContextError: Error, Hashable, Sendable, CustomStringConvertible {
    /// No value is stored under `key`, and one of type `expected` was required.
    case missingValue(key: String, expected: String)
    /// The value under `key` has type `found`, not the `expected` one.
    case typeMismatch(key: String, expected: String, found: String)

    /// The key the error is about.
    public var key: String {
        switch self {
        case .missingValue(let key, _), .typeMismatch(let key, _, _): key
        }
    }

    /// A one-line message naming the key and the types involved.
    public var description: String {
        switch self {
        case .missingValue(let key, let expected):
            "missing value for key '\(key)': expected \(expected)"
        case .typeMismatch(let key, let expected, let found):
            "wrong type for key '\(key)': expected \(expected), found \(found)"
        }
    }
}
