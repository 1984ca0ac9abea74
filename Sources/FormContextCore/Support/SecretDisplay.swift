/// How a value is shown to a person, and the one place that decides between a value and the mask of a
/// secret: every description, mirror, explanation, error message and masked JSON that may show a
/// value asks here, so a secret cannot leak through a route that forgot the rule.
///
/// Whether a key is secret belongs to the key (the form, a context's `secureKeys`, a definition, a
/// binding or a control says so); this type only says what is shown once that is known.
enum SecretDisplay {
    /// The mask shown in place of a secret value.
    static let mask = "••••••"

    /// A stored value as descriptions show it (``FormContext/display(_:quoted:)``), or the mask.
    ///
    /// - Parameters:
    ///   - value: The value, or `nil` (shown as `nil`).
    ///   - isSecret: Whether the value's key is secret.
    ///   - quoted: Whether strings are shown in quotes.
    /// - Returns: The text.
    static func text(of value: AnyHashable?, isSecret: Bool, quoted: Bool = true) -> String {
        text(ofPlain: value?.base, isSecret: isSecret, quoted: quoted)
    }

    /// A value that is not boxed (a definition's default) as descriptions show it, or the mask.
    ///
    /// - Parameters:
    ///   - value: The value, or `nil` (shown as `nil`).
    ///   - isSecret: Whether the value's key is secret.
    ///   - quoted: Whether strings are shown in quotes.
    /// - Returns: The text.
    static func text(ofPlain value: Any?, isSecret: Bool, quoted: Bool = true) -> String {
        guard let value else { return "nil" }
        return isSecret ? mask : FormContext.display(value, quoted: quoted)
    }

    /// A stored value as a mirror shows it (``FormContext/mirrored(_:)``), or the mask.
    ///
    /// - Parameters:
    ///   - value: The value, or `nil` (shown as `nil`).
    ///   - isSecret: Whether the value's key is secret.
    /// - Returns: What the mirror's child holds.
    static func mirrored(_ value: AnyHashable?, isSecret: Bool) -> Any {
        guard let value else { return "nil" }
        return isSecret ? mask : FormContext.mirrored(value.base)
    }

    /// Text from outside (typed text that did not parse, a raw value no case has) as an error shows
    /// it: the text itself, or the mask.
    ///
    /// - Parameters:
    ///   - text: The text.
    ///   - isSecret: Whether the key it was meant for is secret.
    /// - Returns: The text to put in the message.
    static func input(_ text: String, isSecret: Bool) -> String {
        isSecret ? mask : text
    }
}
