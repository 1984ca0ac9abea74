extension FieldState: CustomStringConvertible, CustomReflectable {
    /// The key, the value (masked if secret) and the flags and issues that are set:
    /// `password: •••••• (dirty, touched, errors: [must be at least 8 characters])`.
    public var description: String {
        var flags: [String] = []
        if isDirty { flags.append("dirty") }
        if isTouched { flags.append("touched") }
        if !isVisible { flags.append("hidden") }
        if !isEnabled { flags.append("disabled") }
        if isReadOnly { flags.append("read-only") }
        if isValidating { flags.append("validating") }
        if !errors.isEmpty { flags.append("errors: [" + errors.map(\.message).joined(separator: "; ") + "]") }
        if !warnings.isEmpty { flags.append("warnings: [" + warnings.map(\.message).joined(separator: "; ") + "]") }
        let shown = SecretDisplay.text(of: value, isSecret: isSecure)
        return "\(key): \(shown)" + (flags.isEmpty ? "" : " (" + flags.joined(separator: ", ") + ")")
    }

    /// A mirror for `dump` and debuggers in which secret values are masked.
    public var customMirror: Mirror {
        func shown(_ value: AnyHashable?) -> Any { SecretDisplay.mirrored(value, isSecret: isSecure) }
        return Mirror(
            self,
            children: [
                ("key", key), ("value", shown(value)), ("initialValue", shown(initialValue)), ("isDirty", isDirty),
                ("isTouched", isTouched), ("isVisible", isVisible), ("isEnabled", isEnabled), ("isReadOnly", isReadOnly),
                ("isSecure", isSecure),
                ("errors", errors), ("warnings", warnings), ("isValidating", isValidating), ("isRequired", isRequired),
                ("isDirtySinceLastSubmit", isDirtySinceLastSubmit),
            ],
            displayStyle: .struct)
    }
}
