/// When the hotspot notification shows a preview, as the demo's `ShowPreview`.
enum ShowPreview: String, CaseIterable, Hashable, Sendable {
    case always = "Always"
    case whenUnlocked = "When Unlocked"
    case never = "Never"
}
