import FormContext

/// The settings screen's state: the hotspot, and what its cell shows.
struct Settings: Hashable, Sendable, Codable {
    /// The personal hotspot.
    var hotspot = Hotspot()

    /// What the "Personal Hotspot" cell shows: "On" or "Off".
    var hotspotEnabled: String {
        hotspot.isEnabled ? "On" : "Off"
    }
}
