/// A snapshot of everything a form knows about one field.
public struct FieldState: @unchecked Sendable, Equatable {
    // `@unchecked Sendable` is sound for the same reason as `FormChange`: the values come from a
    // `FormContext`, which admits only `Hashable & Sendable` values.

    /// The field's key.
    public let key: String
    /// The current value, or `nil` if the field has none.
    public var value: AnyHashable?
    /// The value the form started from (or was last reset to).
    public var initialValue: AnyHashable?
    /// Whether the value differs from ``initialValue`` (in value or in type).
    public var isDirty: Bool
    /// Whether the field has been visited (a control lost focus, or a submit was attempted).
    public var isTouched: Bool
    /// Whether the field is shown; a hidden field is left out of validation and submission.
    public var isVisible: Bool
    /// Whether the field can be edited; a disabled field is left out of validation and submission.
    public var isEnabled: Bool
    /// Whether the value is secret (masked in descriptions and output).
    public var isSecure: Bool
    /// The field's errors: synchronous validators in the order they are listed, then asynchronous
    /// ones, then errors set from outside (a server's answer to a submit).
    public var errors: [ValidationIssue]
    /// The field's warnings: issues that do not block submission.
    public var warnings: [ValidationIssue]
    /// Whether an asynchronous validator is checking the value.
    public var isValidating: Bool

    /// Whether the field has no error (warnings do not count).
    public var isValid: Bool { errors.isEmpty }

    /// Whether the field takes part in validation and submission: visible and enabled.
    public var isActive: Bool { isVisible && isEnabled }

    /// Creates a field state; every flag but visibility and enabled-ness starts `false`, with no issues.
    public init(
        key: String, value: AnyHashable? = nil, initialValue: AnyHashable? = nil, isDirty: Bool = false,
        isTouched: Bool = false, isVisible: Bool = true, isEnabled: Bool = true, isSecure: Bool = false,
        errors: [ValidationIssue] = [], warnings: [ValidationIssue] = [], isValidating: Bool = false
    ) {
        self.key = key
        self.value = value
        self.initialValue = initialValue
        self.isDirty = isDirty
        self.isTouched = isTouched
        self.isVisible = isVisible
        self.isEnabled = isEnabled
        self.isSecure = isSecure
        self.errors = errors
        self.warnings = warnings
        self.isValidating = isValidating
    }

    /// Two states are equal when every property matches, values compared with their types.
    public static func == (lhs: FieldState, rhs: FieldState) -> Bool {
        lhs.key == rhs.key && isSameValue(lhs.value, rhs.value) && isSameValue(lhs.initialValue, rhs.initialValue)
            && lhs.isDirty == rhs.isDirty && lhs.isTouched == rhs.isTouched && lhs.isVisible == rhs.isVisible
            && lhs.isEnabled == rhs.isEnabled && lhs.isSecure == rhs.isSecure && lhs.errors == rhs.errors
            && lhs.warnings == rhs.warnings && lhs.isValidating == rhs.isValidating
    }
}
