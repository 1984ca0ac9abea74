/// When a live form runs its field validators by itself.
///
/// Whatever the mode, ``FormContextObject/validate()`` and a submit validate every field.
public enum ValidationMode: String, Hashable, Sendable, CaseIterable {
    /// After every change of a field's value, and when the field loses focus
    /// (``FormContextObject/blur(_:)``).
    case onChange
    /// When the field loses focus (``FormContextObject/blur(_:)``); edits alone do not validate.
    case onBlur
    /// Only when the form is submitted (or ``FormContextObject/validate()`` is called).
    case onSubmit

}
