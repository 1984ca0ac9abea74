/// Where a change to a field's value came from.
public enum FormChangeOrigin: String, Hashable, Sendable, CaseIterable, CustomStringConvertible {
    /// A person edited a control.
    case user
    /// Code set the value (the default for writes through the API).
    case program
    /// ``FormContextObject/reset(origin:)`` or ``FormContextObject/reset(to:keepingEdits:origin:)`` restored it.
    case reset
    /// A calculated field was recomputed from the fields it reads.
    case calculation
    /// A model bound to the form was written into it.
    case bridge
    /// ``FormContextObject/restore(_:)`` brought back a saved draft.
    case restore

    /// The raw name, for example `user`.
    public var description: String { rawValue }
}

/// One change to one field's value.
///
/// A change is delivered to subscribers after the write has been applied and every lock released.
public struct FormChange: @unchecked Sendable, Equatable, CustomStringConvertible {
    // `@unchecked Sendable` is sound: both values come out of a `FormContext`, which admits only
    // `Hashable & Sendable` values (see the note on `FormContext`).

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

    /// Creates a change record.
    public init(key: String, oldValue: AnyHashable?, newValue: AnyHashable?, origin: FormChangeOrigin, isSecure: Bool = false) {
        self.key = key
        self.oldValue = oldValue
        self.newValue = newValue
        self.origin = origin
        self.isSecure = isSecure
    }

    /// The change as `key: old -> new (origin)`, secret values masked and absent ones shown as `nil`.
    public var description: String {
        func show(_ value: AnyHashable?) -> String {
            guard let value else { return "nil" }
            return isSecure ? FormContext.secretMask : FormContext.display(value.base, quoted: true)
        }
        return "\(key): \(show(oldValue)) -> \(show(newValue)) (\(origin))"
    }

    /// Two changes are equal when key, origin, secrecy and both values (including their types) match.
    public static func == (lhs: FormChange, rhs: FormChange) -> Bool {
        lhs.key == rhs.key && lhs.origin == rhs.origin && lhs.isSecure == rhs.isSecure
            && isSameValue(lhs.oldValue, rhs.oldValue) && isSameValue(lhs.newValue, rhs.newValue)
    }
}
