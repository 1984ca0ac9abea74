/// The parts of a field that can change, for subscribers that follow a field's state as well as its value.
///
/// ```swift
/// let subscription = form.observe("email", aspects: [.errors, .visibility]) { event in
///     print(event.key, event.aspects, event.state.errors)
/// }
/// ```
struct FieldAspects: OptionSet, Hashable, Sendable, CustomStringConvertible {
    let rawValue: UInt16

    /// Creates a set of aspects from its raw bits.
    init(rawValue: UInt16) {
        self.rawValue = rawValue
    }

    /// The value.
    static let value = FieldAspects(rawValue: 1 << 0)
    /// The initial value (and with it, perhaps, dirtiness).
    static let initialValue = FieldAspects(rawValue: 1 << 1)
    /// Whether the value differs from the initial value.
    static let dirty = FieldAspects(rawValue: 1 << 2)
    /// Whether the field has been touched.
    static let touched = FieldAspects(rawValue: 1 << 3)
    /// Whether the field is shown.
    static let visibility = FieldAspects(rawValue: 1 << 4)
    /// Whether the field can be edited.
    static let enabled = FieldAspects(rawValue: 1 << 5)
    /// Whether the value is secret.
    static let secrecy = FieldAspects(rawValue: 1 << 6)
    /// The field's errors.
    static let errors = FieldAspects(rawValue: 1 << 7)
    /// The field's warnings.
    static let warnings = FieldAspects(rawValue: 1 << 8)
    /// Whether an asynchronous validator is checking the value.
    static let validating = FieldAspects(rawValue: 1 << 9)
    /// Whether a value is required.
    static let required = FieldAspects(rawValue: 1 << 10)
    /// Whether the value differs from the last successful submit.
    static let dirtySinceSubmit = FieldAspects(rawValue: 1 << 11)
    /// Whether the field is read-only.
    static let readOnly = FieldAspects(rawValue: 1 << 12)

    /// Everything but the value.
    static let state: FieldAspects = [
        .initialValue, .dirty, .touched, .visibility, .enabled, .secrecy, .errors, .warnings, .validating, .required,
        .dirtySinceSubmit, .readOnly,
    ]
    /// Every aspect.
    static let all: FieldAspects = [.value, .state]

    private static let names: [(FieldAspects, String)] = [
        (.value, "value"), (.initialValue, "initialValue"), (.dirty, "dirty"), (.touched, "touched"),
        (.visibility, "visibility"), (.enabled, "enabled"), (.secrecy, "secrecy"), (.errors, "errors"),
        (.warnings, "warnings"), (.validating, "validating"), (.required, "required"),
        (.dirtySinceSubmit, "dirtySinceSubmit"), (.readOnly, "readOnly"),
    ]

    /// The aspects by name, for example `[value, dirty]`.
    var description: String {
        "[" + Self.names.filter { contains($0.0) }.map(\.1).joined(separator: ", ") + "]"
    }
}
