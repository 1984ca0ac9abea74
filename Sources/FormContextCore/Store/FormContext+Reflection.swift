extension FormContext: CustomReflectable {
    /// A mirror for `dump` and debuggers: one child per key, sorted, secret values masked.
    public var customMirror: Mirror {
        Mirror(
            self,
            children: sortedKeys.map { key in (key, displayValue(for: key, revealingSecrets: false, quoted: true) as Any) },
            displayStyle: .dictionary)
    }
}
