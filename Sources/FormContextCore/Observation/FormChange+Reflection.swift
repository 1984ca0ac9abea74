extension FormChange: CustomReflectable {
    /// A mirror for `dump` and debuggers: the key, both values (masked for a secret field) and the origin.
    public var customMirror: Mirror {
        func shown(_ value: AnyHashable?) -> Any { SecretDisplay.text(of: value, isSecret: isSecure) }
        return Mirror(
            self,
            children: [
                "key": key, "oldValue": shown(oldValue), "newValue": shown(newValue), "origin": origin,
                "isSecure": isSecure,
            ],
            displayStyle: .struct)
    }
}
