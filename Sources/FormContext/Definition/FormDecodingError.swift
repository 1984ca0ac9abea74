/// Why JSON could not be read back into the typed values of a form.
///
/// Messages name the key, the expected type and the JSON found (cut to 40 characters); the JSON of a
/// secret field is never shown, only its kind.
public enum FormDecodingError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The text is not valid JSON.
    case invalidJSON(JSONParseError)
    /// The JSON is valid but not an object of field values; `found` is an excerpt of it.
    case notAnObject(found: String)
    /// The value under `key` does not fit the field's type.
    case typeMismatch(key: String, expected: String, found: String)
    /// The definition has no field `key` (with ``UnknownKeyPolicy/reject``).
    case unknownKey(key: String, found: String)
    /// The field `key` has a type that has no JSON form.
    case unsupportedType(key: String, type: String)

    /// The key the error is about, if it is about one.
    public var key: String? {
        switch self {
        case .invalidJSON, .notAnObject: nil
        case .typeMismatch(let key, _, _), .unknownKey(let key, _), .unsupportedType(let key, _): key
        }
    }

    /// A one-line message naming the key, the expected type and what was found.
    public var description: String {
        switch self {
        case .invalidJSON(let error):
            "cannot read the form's values: \(error)"
        case .notAnObject(let found):
            "cannot read the form's values: expected a JSON object, found \(found)"
        case .typeMismatch(let key, let expected, let found):
            "cannot read '\(key)': expected \(expected), found \(found)"
        case .unknownKey(let key, let found):
            "cannot read '\(key)': the form has no such field (found \(found))"
        case .unsupportedType(let key, let type):
            "cannot read '\(key)': \(type) has no JSON form"
        }
    }
}
