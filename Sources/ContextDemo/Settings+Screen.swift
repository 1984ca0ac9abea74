import FormContext

extension Settings {
    /// The seed's "Settings" screen over a settings form: one cell, "Personal Hotspot", showing On or
    /// Off (``hotspotEnabled``) and opening the hotspot's own screen bound under `hotspot.`
    /// (``Hotspot/screen`` scoped in ``hotspotScope``), built when it is opened.
    static let screen = Screen("Settings") {
        FormSection {
            DetailCell(
                "Personal Hotspot",
                value: { values in
                    Settings(hotspot: Hotspot(isEnabled: values[Hotspot.Keys.isEnabled.scoped(in: hotspotScope)] == true)).hotspotEnabled
                },
                screen: Hotspot.screen.scoped(in: hotspotScope))
        }
    }
}
