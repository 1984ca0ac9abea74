/// What a reset leaves as it is: the `keep…` options of react-hook-form's `reset` and `resetField`.
///
/// By default (`[]`) a reset returns everything it covers to how the form started. Each option keeps
/// one part:
///
/// ```swift
/// form.reset(keeping: [.submitCount])              // the values and state, but not how often it was submitted
/// form.reset("email", keeping: [.errors])           // one field's value and touched flag, not its errors
/// form.reset(to: serverValues, keeping: [.edits])   // new initial values, the user's edits kept
/// ```
public struct ResetOptions: OptionSet, Hashable, Sendable {
    /// The options' bits.
    public let rawValue: Int

    /// Creates a set of options from its bits.
    ///
    /// - Parameter rawValue: The bits.
    public init(rawValue: Int) {
        self.rawValue = rawValue
    }

    /// Fields the user has edited (dirty fields) keep their values and touched flags
    /// (react-hook-form's `keepDirtyValues`; `keepDirty` of `resetField`, since a field that keeps
    /// its value stays dirty). A reset keeping only this leaves every value as it is and resets the
    /// state around it (final-form's `resetFieldState`).
    public static let edits = ResetOptions(rawValue: 1 << 0)
    /// Fields keep their errors and warnings, and the form its form-level issues (`keepErrors`,
    /// `keepError`): the reset clears nothing and validates none of the fields it resets or that
    /// hold issues. ``FormContextObject/reset(_:keeping:origin:)`` keeps the one field's: a
    /// calculated field whose value it changes validates as any change does.
    public static let errors = ResetOptions(rawValue: 1 << 1)
    /// Fields keep their touched flags (`keepTouched`).
    public static let touched = ResetOptions(rawValue: 1 << 2)
    /// The form keeps its submit state: ``FormContextObject/submitPhase``, the values of the last
    /// successful submit (which ``FieldState/isDirtySinceLastSubmit`` compares with), and the
    /// re-validate mode that a submit puts in force (`keepIsSubmitted`, `keepIsSubmitSuccessful`).
    /// A reset of one field always keeps it.
    public static let submitState = ResetOptions(rawValue: 1 << 3)
    /// The form keeps its ``FormContextObject/submitCount`` (`keepSubmitCount`). A reset of one field
    /// always keeps it.
    public static let submitCount = ResetOptions(rawValue: 1 << 4)
}
