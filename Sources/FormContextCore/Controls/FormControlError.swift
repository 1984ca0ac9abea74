/// A control that could not be connected to a form, text that a control could not parse, or an
/// edit refused because the field is read-only.
public enum FormControlError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The control is already connected to a form; disconnect it first.
    case alreadyConnected(key: String)
    /// Another control connected to the same key stores a different type of value.
    case conflictingValueType(key: String, existing: String, new: String)
    /// The form's value under `key` has a type the control cannot show.
    case typeMismatch(key: String, expected: String, found: String)
    /// The text typed into the control does not parse as the control's value type.
    case unparsableText(key: String, text: String, expected: String)
    /// The field is read-only (``FieldState/isReadOnly``): the person filling in the form cannot
    /// change it, and the form was left as it was.
    case readOnly(key: String)

    /// The key the error is about.
    public var key: String {
        switch self {
        case .alreadyConnected(let key), .conflictingValueType(let key, _, _), .typeMismatch(let key, _, _),
            .unparsableText(let key, _, _), .readOnly(let key):
            key
        }
    }

    /// A one-line message naming the key and what was wrong.
    ///
    /// Unreadable text is shown quoted, with control characters escaped (`"a\u{1B}[2J"`), and cut
    /// after 80 characters with its full length: `found "xxxx…" (10485760 characters)`.
    public var description: String {
        switch self {
        case .alreadyConnected(let key):
            "control for key '\(key)' is already connected to a form"
        case .conflictingValueType(let key, let existing, let new):
            "key '\(key)' already has a control of type \(existing); cannot connect a control of type \(new)"
        case .typeMismatch(let key, let expected, let found):
            "wrong type for key '\(key)': expected \(expected), found \(found)"
        case .unparsableText(let key, let text, let expected):
            "unreadable text for key '\(key)': expected \(expected), found \(TextExcerpt.quoted(text))"
        case .readOnly(let key):
            "key '\(key)' is read-only: it cannot be edited"
        }
    }
}
