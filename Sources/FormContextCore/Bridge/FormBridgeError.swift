/// A value that could not be carried between a context and a model.
///
/// Every case names the key, so the
/// message can be shown to a developer as it is.
public enum FormBridgeError: Error, Hashable, Sendable, CustomStringConvertible {
    /// No value is stored under `key`, and one of type `expected` was required.
    case missingValue(key: String, expected: String)
    /// The value under `key` has type `found`, not the `expected` one.
    case typeMismatch(key: String, expected: String, found: String)
    /// The value under `key` is not the raw value of any case of the enum `type`.
    case unknownRawValue(key: String, type: String, text: String)

    /// The same error with any offending text masked, for a key whose values are secret.
    var masked: FormBridgeError {
        switch self {
        case .unknownRawValue(let key, let type, _): .unknownRawValue(key: key, type: type, text: SecretDisplay.mask)
        default: self
        }
    }

    /// The key the error is about.
    public var key: String {
        switch self {
        case .missingValue(let key, _), .typeMismatch(let key, _, _), .unknownRawValue(let key, _, _):
            key
        }
    }

    /// A one-line message naming the key, the types involved and any offending text (control
    /// characters escaped, cut after 80 characters with its full length).
    public var description: String {
        switch self {
        case .missingValue(let key, let expected):
            FormContextError.missingValue(key: key, expected: expected).description
        case .typeMismatch(let key, let expected, let found):
            FormContextError.typeMismatch(key: key, expected: expected, found: found).description
        case .unknownRawValue(let key, let type, let text):
            "unknown value for key '\(key)': \(TextExcerpt.quoted(text, in: "'")) is not a raw value of \(type)"
        }
    }
}
