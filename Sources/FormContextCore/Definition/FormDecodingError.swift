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
    /// The JSON object gives `key` twice, under keys that differ only in their Unicode scalars (JSON
    /// keeps them apart, a form's keys do not): `written` holds both as written.
    case repeatedKey(key: String, written: [String])

    /// The key the error is about, if it is about one.
    public var key: String? {
        switch self {
        case .invalidJSON, .notAnObject: nil
        case .typeMismatch(let key, _, _), .unknownKey(let key, _), .unsupportedType(let key, _), .repeatedKey(let key, _): key
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
        case .repeatedKey(let key, let written):
            "cannot read '\(key)': the JSON gives it twice, as "
                + written.map(Self.scalars).joined(separator: " and ") + " (the same text, its characters composed differently)"
        }
    }

    /// `text` in quotes, every scalar outside printable ASCII written as `\u{…}`, so that two
    /// spellings of the same text can be told apart.
    static func scalars(_ text: String) -> String {
        var result = "\""
        for scalar in text.unicodeScalars {
            if (0x20...0x7E).contains(scalar.value) && scalar != "\\" && scalar != "\"" {
                result.unicodeScalars.append(scalar)
            } else {
                result += "\\u{" + String(scalar.value, radix: 16, uppercase: true) + "}"
            }
        }
        return result + "\""
    }
}
