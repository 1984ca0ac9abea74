extension FormContextObject {
    /// Whether the form holds `key` secret, however it became so: ``setSecure(_:for:)``, a secure
    /// field of the attached definition, a secure bridge binding, a secure control, or a context
    /// whose key was secret.
    ///
    /// Unlike ``fieldState(for:)`` this registers no Observation access and marks no key tracked: it
    /// is for deciding what a message may show, not for views.
    ///
    /// - Parameter key: The field key.
    /// - Returns: `true` if the key's values are masked in every description.
    func isSecretKey(_ key: String) -> Bool {
        state.withAnnotatedLock { $0.values.secureKeys.contains(key) }
    }
}
