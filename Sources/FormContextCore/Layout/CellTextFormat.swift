/// How a text-entry cell shows its field's value as text and writes typed text back, whatever the
/// field's type: a ``FieldFormat`` with its value type erased.
struct CellTextFormat: Sendable {
    /// The value type and the form of text it takes, as parse errors name it.
    let expected: String
    /// The text for a stored value; empty for none or for a value of another type.
    let format: @Sendable (AnyHashable?) -> String
    /// Parses `text` and writes it into `form` under `key` as a user edit; the error names the key
    /// and the text (masked when secret) when the text does not parse, or the key when the field is
    /// read-only.
    let write: @Sendable (_ text: String, _ form: FormContextObject, _ key: String, _ isSecure: Bool) -> FormControlError?

    /// The erased form of `format`.
    init<Value: Hashable & Sendable>(_ format: FieldFormat<Value>) {
        expected = format.expected
        self.format = { stored in format.format(stored?.base as? Value) }
        write = { text, form, key, isSecure in
            switch format.commit(text, for: key, isSecret: isSecure || form.isSecret(key)) {
            case .success(let parsed):
                return form.userEdit(parsed, for: key)?.error
            case .failure(let error):
                return error
            }
        }
    }
}
