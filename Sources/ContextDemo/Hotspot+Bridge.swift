import FormContext

extension Hotspot {
    /// The form keys of a hotspot form.
    enum Keys {
        static let isEnabled = FormKey<Bool>("isEnabled")
        static let password = FormKey<String>("password")
        static let networkName = FormKey<String>("networkName")
        /// The preview option, stored as its raw value ("When Unlocked").
        static let showPreview = FormKey<String>("showPreview")
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

extension Hotspot {
    /// How a hotspot form is validated: the switch must be set, a network name of 1 to 32 characters,
    /// a password of at most 63, and a preview option that is one of ``ShowPreview``'s raw values.
    static let definition: FormDefinition = {
        do {
            return try FormDefinition([
                FieldDefinition(Keys.isEnabled, default: true, validators: [.required()]),
                FieldDefinition(Keys.password, isSecure: true, validators: [.required(), .maxLength(63)]),
                FieldDefinition(Keys.networkName, validators: [.required(), .maxLength(32)]),
                FieldDefinition(Keys.showPreview, validators: [.oneOf(ShowPreview.allCases.map(\.rawValue))]),
            ])
        } catch {
            preconditionFailure("the hotspot definition is inconsistent: \(error)")
        }
    }()
}
