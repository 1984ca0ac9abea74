/// Where a change to a field's value came from.
public enum FormChangeOrigin: String, Hashable, Sendable, CaseIterable {
    /// A person edited a control.
    case user
    /// Code set the value (the default for writes through the API).
    case program
    /// ``FormContextObject/reset(keeping:origin:)`` or ``FormContextObject/reset(to:keeping:origin:)`` restored it.
    case reset
    /// A calculated field was recomputed from the fields it reads.
    case calculation
    /// A model bound to the form was written into it.
    case bridge
    /// ``FormContextObject/restore(_:)`` brought back a saved draft.
    case restore

}

/// One change to one field's value.
///
/// A change is delivered to subscribers after the write has been applied and every lock released.
///
/// It is `Sendable` by construction: both values are `Hashable & Sendable`, because only the form
/// makes changes, out of its store, whose every door admits only such values. No code outside the
/// package can put a non-`Sendable` value into a change: it has no public initializer.
public struct FormChange: @unchecked Sendable, Equatable, CustomStringConvertible {
    // `@unchecked Sendable` is sound: `AnyHashable` is not `Sendable`, but both values are boxed
    // from `Hashable & Sendable` values: both initializers are the package's own, one takes only
    // such values and the other is given values out of a form's store, which admits only such
    // values (see the note on `FormContext`). The properties are `let`.

    /// The key of the field that changed.
    public let key: String
    /// The value before the change; `nil` if the key had none.
    public let oldValue: AnyHashable?
    /// The value after the change; `nil` if the key was removed.
    public let newValue: AnyHashable?
    /// Where the change came from.
    public let origin: FormChangeOrigin
    /// Whether the field is secret: its values are masked in ``description``.
    public let isSecure: Bool

    /// Creates a change record, boxing both values as a form stores them.
    ///
    /// ```swift
    /// let change = FormChange(key: "age", oldValue: 36, newValue: 37, origin: .user)
    /// print(change)   // age: 36 -> 37 (user)
    /// ```
    ///
    /// - Parameters:
    ///   - key: The key of the field that changed.
    ///   - oldValue: The value before the change; `nil` (or an optional holding `nil`) if there was none.
    ///   - newValue: The value after the change; `nil` (or an optional holding `nil`) if it was removed.
    ///   - origin: Where the change came from.
    ///   - isSecure: Whether the values are secret, and masked in ``description``.
    init(
        key: String, oldValue: (any Hashable & Sendable)?, newValue: (any Hashable & Sendable)?, origin: FormChangeOrigin,
        isSecure: Bool = false
    ) {
        self.init(key: key, boxedOld: boxed(oldValue), boxedNew: boxed(newValue), origin: origin, isSecure: isSecure)
    }

    /// Creates a change record from values already boxed by a form's store, which admits only
    /// `Hashable & Sendable` values; the package's own door, so that a write does not box again.
    init(key: String, boxedOld oldValue: AnyHashable?, boxedNew newValue: AnyHashable?, origin: FormChangeOrigin, isSecure: Bool) {
        self.key = key
        self.oldValue = oldValue
        self.newValue = newValue
        self.origin = origin
        self.isSecure = isSecure
    }

    /// The change as `key: old -> new (origin)`, secret values masked and absent ones shown as `nil`.
    public var description: String {
        func show(_ value: AnyHashable?) -> String { SecretDisplay.text(of: value, isSecret: isSecure) }
        return "\(key): \(show(oldValue)) -> \(show(newValue)) (\(origin))"
    }

    /// Two changes are equal when key, origin, secrecy and both values (including their types) match.
    public static func == (lhs: FormChange, rhs: FormChange) -> Bool {
        lhs.key == rhs.key && lhs.origin == rhs.origin && lhs.isSecure == rhs.isSecure
            && isSameValue(lhs.oldValue, rhs.oldValue) && isSameValue(lhs.newValue, rhs.newValue)
    }
}
