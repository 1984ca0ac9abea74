extension FormTransaction: CustomReflectable {
    /// A mirror for `dump` and debuggers: the batch's writes in the order of their first write, each
    /// shown as descriptions show values, the values of secret keys masked. A removal shows as `nil`.
    public var customMirror: Mirror {
        let children = zip(order, values).map { key, stored -> (String, Any) in
            guard let value = StoredValue(stored).value else { return (key, "nil") }
            return (key, SecretDisplay.text(of: value, isSecret: form.isSecret(key)))
        }
        return Mirror(self, children: children.map { (label: Optional($0.0), value: $0.1) }, displayStyle: .dictionary)
    }
}
