import FormContext

extension Hotspot {
    /// The seed's "Personal Hotspot" screen over a hotspot form (keys of ``Hotspot/Keys``):
    ///
    /// 1. the switch, with the footer "Personal Hotspot Enabled" while it is on
    ///    (``enabledSectionTitle``);
    /// 2. "Notification", showing the preview option and opening the list of options, a checkmark on
    ///    the selected one;
    /// 3. "Password" and "Network Name", each showing its value and opening a screen of one text field
    ///    that commits on Return and goes back.
    ///
    /// The last two sections show only while the hotspot is on.
    static let screen = Screen("Personal Hotspot") {
        FormSection(footer: { values in Hotspot(isEnabled: values[Keys.isEnabled] == true).enabledSectionTitle }) {
            ToggleCell("Personal Hotspot", key: Keys.isEnabled)
        }
        FormSection {
            DetailCell("Notification", value: { values in ShowPreview(rawValue: values[Keys.showPreview] ?? "")?.text }) {
                OptionList(key: Keys.showPreview, options: ShowPreview.allCases.map { CellOption("\($0)", value: $0.rawValue) })
            }
        }
        .visible(when: isEnabled)
        FormSection {
            NestedTextCell("Password", key: Keys.password, secure: true)
            NestedTextCell("Network Name", key: Keys.networkName)
        }
        .visible(when: isEnabled)
    }

    /// Whether the hotspot is on.
    @Sendable private static func isEnabled(_ values: FormValues) -> Bool {
        values[Keys.isEnabled] == true
    }
}
