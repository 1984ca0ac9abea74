import FormContext

/// The personal-hotspot settings, as the demo declares them.
///
/// The demo's `Hotspot` lives in its executable, which another executable cannot import; this is the
/// same model with the same bridge, so the benchmark measures the work the demo does.
struct Hotspot: Hashable, Sendable {
    var isEnabled = true
    var password = "hello"
    var networkName = "my network"
    var showPreview = ShowPreview.always

    /// Maps a hotspot form to the model: the password is secret, the preview stored as its raw value.
    static let bridge = FormBridge<Hotspot> { bridge in
        bridge.bind(FormKey<Bool>("isEnabled"), to: \.isEnabled)
        bridge.bind(FormKey<String>("password"), to: \.password, isSecure: true)
        bridge.bind(FormKey<String>("networkName"), to: \.networkName)
        bridge.bind(FormKey<String>("showPreview"), toRawValueOf: \.showPreview)
    }
}
