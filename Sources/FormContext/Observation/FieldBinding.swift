/// A two-way binding to one value without any user-interface framework: a getter and a setter.
///
/// `FieldBinding` is what SwiftUI's `Binding` is, for front ends that have none: a UIKit cell, an
/// AppKit control, a terminal prompt, a test. Get one for a form field from
/// ``FormContextObject/binding(for:default:)``, or make one from any pair of closures.
///
/// ```swift
/// let isEnabled = form.binding(for: FormKey<Bool>("isEnabled"), default: true)
/// toggle.isOn = isEnabled.wrappedValue                  // show the value
/// isEnabled.wrappedValue = toggle.isOn                  // write the person's edit
///
/// final class SwitchCell {
///     @FieldBinding var isOn: Bool                      // or as a property wrapper
///     init(isOn: FieldBinding<Bool>) { _isOn = isOn }
/// }
/// ```
///
/// It is `Sendable`: both closures are `@Sendable`, so a binding may be handed to any task or thread.
@propertyWrapper
public struct FieldBinding<Value: Sendable>: Sendable {
    private let read: @Sendable () -> Value
    private let write: @Sendable (Value) -> Void

    /// Creates a binding from a getter and a setter.
    ///
    /// - Parameters:
    ///   - get: Returns the current value.
    ///   - set: Stores a new value.
    public init(get: @escaping @Sendable () -> Value, set: @escaping @Sendable (Value) -> Void) {
        read = get
        write = set
    }

    /// The current value; setting it calls the setter.
    public var wrappedValue: Value {
        get { read() }
        nonmutating set { write(newValue) }
    }

    /// The binding itself, so that `$property` hands it on when it is used as a property wrapper.
    public var projectedValue: FieldBinding<Value> { self }

    /// A binding that always reads `value` and ignores writes, for previews and read-only displays.
    ///
    /// - Parameter value: The value to read.
    /// - Returns: The constant binding.
    public static func constant(_ value: Value) -> FieldBinding<Value> {
        FieldBinding(get: { value }, set: { _ in })
    }

    /// A binding to a value derived from this one, such as the text of a number.
    ///
    /// - Parameters:
    ///   - get: Derives the new binding's value from this binding's value.
    ///   - set: Turns a value of the new binding back into a value of this one.
    /// - Returns: The derived binding; reading it reads this binding, writing it writes this binding.
    public func map<Other>(
        get: @escaping @Sendable (Value) -> Other,
        set: @escaping @Sendable (Other) -> Value
    ) -> FieldBinding<Other> {
        let base = self
        return FieldBinding<Other>(get: { get(base.wrappedValue) }, set: { base.wrappedValue = set($0) })
    }
}
