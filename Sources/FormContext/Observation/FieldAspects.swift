/// The parts of a field that can change, for subscribers that follow a field's state as well as its value.
///
/// ```swift
/// let subscription = form.observe("email", aspects: [.errors, .visibility]) { event in
///     print(event.key, event.aspects, event.state.errors)
/// }
/// ```
public struct FieldAspects: OptionSet, Hashable, Sendable, CustomStringConvertible {
    public let rawValue: UInt16

    /// Creates a set of aspects from its raw bits.
    public init(rawValue: UInt16) {
        self.rawValue = rawValue
    }

    /// The value.
    public static let value = FieldAspects(rawValue: 1 << 0)
    /// The initial value (and with it, perhaps, dirtiness).
    public static let initialValue = FieldAspects(rawValue: 1 << 1)
    /// Whether the value differs from the initial value.
    public static let dirty = FieldAspects(rawValue: 1 << 2)
    /// Whether the field has been touched.
    public static let touched = FieldAspects(rawValue: 1 << 3)
    /// Whether the field is shown.
    public static let visibility = FieldAspects(rawValue: 1 << 4)
    /// Whether the field can be edited.
    public static let enabled = FieldAspects(rawValue: 1 << 5)
    /// Whether the value is secret.
    public static let secrecy = FieldAspects(rawValue: 1 << 6)
    /// The field's errors.
    public static let errors = FieldAspects(rawValue: 1 << 7)
    /// The field's warnings.
    public static let warnings = FieldAspects(rawValue: 1 << 8)
    /// Whether an asynchronous validator is checking the value.
    public static let validating = FieldAspects(rawValue: 1 << 9)

    /// Everything but the value.
    public static let state: FieldAspects = [
        .initialValue, .dirty, .touched, .visibility, .enabled, .secrecy, .errors, .warnings, .validating,
    ]
    /// Every aspect.
    public static let all: FieldAspects = [.value, .state]

    private static let names: [(FieldAspects, String)] = [
        (.value, "value"), (.initialValue, "initialValue"), (.dirty, "dirty"), (.touched, "touched"),
        (.visibility, "visibility"), (.enabled, "enabled"), (.secrecy, "secrecy"), (.errors, "errors"),
        (.warnings, "warnings"), (.validating, "validating"),
    ]

    /// The aspects by name, for example `[value, dirty]`.
    public var description: String {
        "[" + Self.names.filter { contains($0.0) }.map(\.1).joined(separator: ", ") + "]"
    }
}
