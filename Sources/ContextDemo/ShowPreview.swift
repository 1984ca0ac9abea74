/// When the hotspot shows a notification preview.
enum ShowPreview: String, CaseIterable, Hashable, Sendable, Codable, CustomStringConvertible {
    case always = "Always"
    case whenUnlocked = "When Unlocked"
    case never = "Never"

    /// The text shown for the option ("When Unlocked").
    var text: String { rawValue }

    /// The same as ``text``.
    var description: String { text }

    /// The case that `text` names: its raw value (`When Unlocked`) or its case name (`whenUnlocked`),
    /// in any letter case.
    ///
    /// - Parameter text: The text to read.
    /// - Returns: The case, or `nil` if `text` names none.
    init?(text: String) {
        let wanted = text.lowercased()
        guard let match = Self.allCases.first(where: {
            $0.rawValue.lowercased() == wanted || String(caseName: $0).lowercased() == wanted
        }) else { return nil }
        self = match
    }
}

extension String {
    /// The Swift name of `option`'s case, such as `whenUnlocked`.
    fileprivate init(caseName option: ShowPreview) {
        switch option {
        case .always: self = "always"
        case .whenUnlocked: self = "whenUnlocked"
        case .never: self = "never"
        }
    }
}
