extension FormSubmission: CustomReflectable {
    /// A mirror for `dump` and debuggers that shows each value as its description does: secrets masked.
    public var customMirror: Mirror {
        Mirror(
            self,
            children: [("number", number as Any)] + keys.map { key in
                (key, values.displayValue(for: key, revealingSecrets: false, quoted: true) as Any)
            },
            displayStyle: .struct)
    }
}
