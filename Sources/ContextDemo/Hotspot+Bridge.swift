import FormContext

extension Hotspot {
    /// The form keys of a hotspot form.
    enum Keys {
        static let isEnabled: FormKey<Bool> = "isEnabled"
        static let password: FormKey<String> = "password"
        static let networkName: FormKey<String> = "networkName"
        /// The preview option, stored as its raw value ("When Unlocked").
        static let showPreview: FormKey<String> = "showPreview"
    }

    /// Maps a hotspot form to a ``Hotspot``; the password is secret, the preview option is stored
    /// as its raw value.
    static let bridge = FormBridge<Hotspot> { bridge in
        bridge.bind(Keys.isEnabled, to: \.isEnabled)
        bridge.bind(Keys.password, to: \.password, isSecure: true)
        bridge.bind(Keys.networkName, to: \.networkName)
        bridge.bind(Keys.showPreview, toRawValueOf: \.showPreview)
    }
}
