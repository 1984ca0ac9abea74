/// A snapshot of everything a form knows about one field.
///
/// It is `Sendable` by construction: ``value`` and ``initialValue`` are `Hashable & Sendable`, because
/// only the form makes a field state, out of its store, whose every door admits only such values;
/// it has no public initializer, and outside the package the two values can be read, not set.
public struct FieldState: @unchecked Sendable, Equatable {
    // `@unchecked Sendable` is sound: `AnyHashable` is not `Sendable`, but both values are boxed from
    // `Hashable & Sendable` values: both initializers are the package's own, one takes only such
    // values and the other is given values out of a form's store, which admits only such values, and
    // the two properties can be set only inside the package. Everything else is `Sendable`.

    /// The field's key.
    public let key: String
    /// The current value, or `nil` if the field has none.
    public internal(set) var value: AnyHashable?
    /// The value the form started from (or was last reset to).
    public internal(set) var initialValue: AnyHashable?
    /// Whether the value differs from ``initialValue`` (in value or in type).
    public var isDirty: Bool
    /// Whether the field has been visited (a control lost focus, or a submit was attempted).
    public var isTouched: Bool
    /// Whether the field is shown; a hidden field is left out of validation and submission.
    public var isVisible: Bool
    /// Whether the field can be edited; a disabled field is left out of validation and submission.
    public var isEnabled: Bool
    /// Whether the field is read-only (ODK's `readonly`): its read-only rule, or one of a group, a
    /// row or a repeat group it lies in, holds. The person filling in the form cannot edit it (a
    /// ``FieldControl`` and a screen's cells refuse), but it stays in validation and submission, and
    /// the program and calculations still write it.
    public var isReadOnly: Bool
    /// Whether the value is secret (masked in descriptions and output).
    public var isSecure: Bool
    /// The field's errors: synchronous validators in the order they are listed, then asynchronous
    /// ones, then errors set from outside (a server's answer to a submit).
    public var errors: [ValidationIssue]
    /// The field's warnings: issues that do not block submission.
    public var warnings: [ValidationIssue]
    /// Whether an asynchronous validator is checking the value.
    public var isValidating: Bool
    /// Whether a value is required: the field's required-when rule holds, or its definition lists
    /// `.required()` as an error (for a repeat group's key, the group's minimum is at least 1). A
    /// hidden or disabled field is not validated, required or not.
    public var isRequired: Bool
    /// Whether the value differs from the value of the last successful submit (from the initial
    /// value before the first, and after a reset that forgets the submit): final-form's
    /// `dirtySinceLastSubmit`, per field.
    public var isDirtySinceLastSubmit: Bool

    /// Whether the field has no error (warnings do not count).
    var isValid: Bool { errors.isEmpty }

    /// Whether the field takes part in validation and submission: visible and enabled.
    var isActive: Bool { isVisible && isEnabled }

    /// Creates a field state, boxing the values as a form stores them; every flag but visibility and
    /// enabled-ness starts `false`, with no issues.
    ///
    /// - Parameters:
    ///   - key: The field's key.
    ///   - value: The current value; `nil` (or an optional holding `nil`) for none.
    ///   - initialValue: The value the form started from; `nil` for none.
    ///   - isDirty: Whether the value differs from the initial value.
    ///   - isTouched: Whether the field has been visited.
    ///   - isVisible: Whether the field is shown.
    ///   - isEnabled: Whether the field can be edited.
    ///   - isReadOnly: Whether the field is read-only.
    ///   - isSecure: Whether the value is secret.
    ///   - errors: The field's errors.
    ///   - warnings: The field's warnings.
    ///   - isValidating: Whether an asynchronous validator is checking the value.
    ///   - isRequired: Whether a value is required.
    ///   - isDirtySinceLastSubmit: Whether the value differs from the last successful submit.
    init(
        key: String, value: (any Hashable & Sendable)? = nil, initialValue: (any Hashable & Sendable)? = nil,
        isDirty: Bool = false, isTouched: Bool = false, isVisible: Bool = true, isEnabled: Bool = true,
        isReadOnly: Bool = false, isSecure: Bool = false, errors: [ValidationIssue] = [], warnings: [ValidationIssue] = [], isValidating: Bool = false,
        isRequired: Bool = false, isDirtySinceLastSubmit: Bool? = nil
    ) {
        self.init(
            key: key, boxedValue: boxed(value), boxedInitial: boxed(initialValue), isDirty: isDirty, isTouched: isTouched,
            isVisible: isVisible, isEnabled: isEnabled, isReadOnly: isReadOnly, isSecure: isSecure, errors: errors, warnings: warnings,
            isValidating: isValidating, isRequired: isRequired, isDirtySinceLastSubmit: isDirtySinceLastSubmit ?? isDirty)
    }

    /// The state of a key that holds nothing of its own (a key with no slot, a group's prefix): shown,
    /// enabled and read-only as `flags` say, and nothing else.
    init(key: String, holdingNothingUnder flags: FieldFlags) {
        self.init(
            key: key, isVisible: flags.isDisjoint(with: .concealed), isEnabled: flags.isDisjoint(with: .locked),
            isReadOnly: flags.contains(.ruleReadOnly))
    }

    /// Creates a field state from values already boxed by a form's store, which admits only
    /// `Hashable & Sendable` values; the package's own door.
    init(
        key: String, boxedValue value: AnyHashable?, boxedInitial initialValue: AnyHashable?, isDirty: Bool,
        isTouched: Bool, isVisible: Bool, isEnabled: Bool, isReadOnly: Bool = false, isSecure: Bool, errors: [ValidationIssue],
        warnings: [ValidationIssue], isValidating: Bool, isRequired: Bool = false, isDirtySinceLastSubmit: Bool? = nil
    ) {
        self.key = key
        self.value = value
        self.initialValue = initialValue
        self.isDirty = isDirty
        self.isTouched = isTouched
        self.isVisible = isVisible
        self.isEnabled = isEnabled
        self.isReadOnly = isReadOnly
        self.isSecure = isSecure
        self.errors = errors
        self.warnings = warnings
        self.isValidating = isValidating
        self.isRequired = isRequired
        self.isDirtySinceLastSubmit = isDirtySinceLastSubmit ?? isDirty
    }

    /// Two states are equal when every property matches, values compared with their types.
    public static func == (lhs: FieldState, rhs: FieldState) -> Bool {
        lhs.key == rhs.key && isSameValue(lhs.value, rhs.value) && isSameValue(lhs.initialValue, rhs.initialValue)
            && lhs.isDirty == rhs.isDirty && lhs.isTouched == rhs.isTouched && lhs.isVisible == rhs.isVisible
            && lhs.isEnabled == rhs.isEnabled && lhs.isReadOnly == rhs.isReadOnly && lhs.isSecure == rhs.isSecure && lhs.errors == rhs.errors
            && lhs.warnings == rhs.warnings && lhs.isValidating == rhs.isValidating && lhs.isRequired == rhs.isRequired
            && lhs.isDirtySinceLastSubmit == rhs.isDirtySinceLastSubmit
    }
}
