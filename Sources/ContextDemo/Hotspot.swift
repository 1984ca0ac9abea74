import FormContext

/// The personal-hotspot settings.
struct Hotspot: Hashable, Sendable, Codable {
    /// Whether the hotspot is on.
    var isEnabled: Bool = true
    /// The network password; a secret.
    var password: String = "hello"
    /// The network name other devices see.
    var networkName: String = "my network"
    /// When the notification shows a preview.
    var showPreview: ShowPreview = .always

    /// The footer of the first section: "Personal Hotspot Enabled" when enabled, otherwise `nil`.
    var enabledSectionTitle: String? {
        isEnabled ? "Personal Hotspot Enabled" : nil
    }
}
