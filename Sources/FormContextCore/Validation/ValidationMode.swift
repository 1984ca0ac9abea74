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
    /// From the field's first loss of focus (``FormContextObject/blur(_:)``) on: when it loses focus,
    /// and after every change of its value once it has been touched (react-hook-form's `onTouched`).
    /// A field not touched yet is not validated by its edits.
    case onTouched
}
