/// The model of a control that contributes one value to a form.
///
/// A control with a `nil` ``formKey`` belongs to no field and contributes nothing.
public protocol FormControl {
    /// The key the control's value is stored under, or `nil` for a control outside any field.
    var formKey: String? { get }
    /// The control's current value, or `nil` when it has none.
    var formValue: (any Hashable & Sendable)? { get }
}

/// A control that belongs to no field: the do-nothing default.
public struct NilFormControl: FormControl, Sendable {
    /// Creates the do-nothing control.
    public init() {}

    /// Always `nil`.
    public var formKey: String? { nil }
    /// Always `nil`.
    public var formValue: (any Hashable & Sendable)? { nil }
}
