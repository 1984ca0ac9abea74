extension FieldFormat {
    /// Reads text typed for the field `key`: the one rule every text entry commits by, a
    /// ``FieldControl`` and a screen's text cell alike.
    ///
    /// Text that parses gives the value to write (`nil` for empty text that means no value). Text that
    /// does not gives the error naming the key, the text and the type the format expects; the text is
    /// masked when the key is secret, so the error can go anywhere a message goes.
    ///
    /// - Parameters:
    ///   - text: The text typed.
    ///   - key: The field the text is for.
    ///   - isSecret: Whether the field is secret; asked only when the text does not parse.
    /// - Returns: The value to write, or the parse error.
    func commit(_ text: String, for key: String, isSecret: @autoclosure () -> Bool) -> Result<Value?, FormControlError> {
        if let parsed = parse(text) { return .success(parsed) }
        return .failure(.unparsableText(key: key, text: SecretDisplay.input(text, isSecret: isSecret()), expected: expected))
    }
}
