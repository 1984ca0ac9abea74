extension FieldDefinition: CustomReflectable {
    /// A mirror for `dump`, `print` and debuggers: the key, the value type, the default (masked for a
    /// secret field, shown as descriptions show values otherwise), secrecy, and the rules.
    public var customMirror: Mirror {
        let shownDefault: Any = SecretDisplay.text(ofPlain: defaultValue, isSecret: isSecure)
        return Mirror(
            self,
            children: [
                ("key", key as Any), ("valueTypeName", valueTypeName), ("defaultValue", shownDefault), ("isSecure", isSecure),
                ("rules", rules), ("asyncRules", asyncRules), ("dependencies", dependencies),
            ],
            displayStyle: .struct)
    }
}
