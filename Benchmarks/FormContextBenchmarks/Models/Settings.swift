import FormContext

/// The settings screen's model: the hotspot, bound under the prefix `hotspot`, as in the demo.
struct Settings: Hashable, Sendable {
    var hotspot = Hotspot()

    /// The hotspot's bridge reused under `hotspot.` (`hotspot.password`).
    static let bridge = FormBridge<Settings> { bridge in
        bridge.bind(Hotspot.bridge, to: \.hotspot, under: "hotspot")
    }
}
