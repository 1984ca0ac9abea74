/// The one rule for "not filled in", used by `required`, by the rules' `required(when:)`, by
/// every other validator (which passes a blank value and leaves it to `required`), by asynchronous
/// validators (which do not run on one) and by row summaries that count filled-in fields: blank text
/// (empty, or white space only) or an empty collection. A value of any other type is filled in.

/// Whether `value` counts as not filled in: blank text (empty, or white space only) or an empty
/// collection.
@inlinable
func isBlankValue(_ value: some Any) -> Bool {
    if let text = value as? String { return isBlankText(text) }
    if let collection = value as? any Collection { return collection.isEmpty }
    return false
}

/// Whether `text` is empty or white space only.
///
/// Text that starts with a printable ASCII character other than a space is settled by its first
/// byte, without walking its characters.
@inlinable
func isBlankText(_ text: String) -> Bool {
    guard let first = text.utf8.first else { return true }
    if first > 0x20 && first < 0x7F { return false }
    return text.allSatisfy(\.isWhitespace)
}

/// ``isBlankValue(_:)`` for values of type `Value`, with the type's case chosen once rather than on
/// every call: what a field's check runs for each of its values.
///
/// - Parameter type: The field's value type.
/// - Returns: Whether a value of that type is blank.
@inlinable
func blankTest<Value>(for type: Value.Type) -> @Sendable (Value) -> Bool {
    if Value.self == String.self {
        return { ($0 as? String).map(isBlankText) ?? false }
    } else if Value.self is any Collection.Type {
        return { ($0 as? any Collection)?.isEmpty ?? false }
    } else {
        return { _ in false }
    }
}

/// The error of a field that must be filled in, when its value is absent or blank; `nil` when it is
/// filled in.
///
/// - Parameters:
///   - key: The field's key.
///   - value: Its value, or `nil` when absent.
///   - message: The message of the error.
/// - Returns: The `required` error, or `nil`.
func requiredIssue(key: String, value: AnyHashable?, message: String) -> ValidationIssue? {
    guard value.map({ isBlankValue($0.base) }) ?? true else { return nil }
    return ValidationIssue(key: key, rule: "required", message: message)
}
