import FormContext

extension Settings {
    /// The key prefix of the hotspot's fields in the settings form.
    static let hotspotScope = FormScope("hotspot")

    /// Maps a settings form to ``Settings``: the hotspot's fields live under `hotspot.`
    /// (`hotspot.password`), through the hotspot's own bridge.
    static let bridge = FormBridge<Settings> { bridge in
        bridge.bind(Hotspot.bridge, to: \.hotspot, under: hotspotScope.prefix)
    }
}

extension Settings {
    /// How a settings form is validated: the hotspot's own definition, under `hotspot.`.
    static let definition = Hotspot.definition.scoped(in: hotspotScope)
}
