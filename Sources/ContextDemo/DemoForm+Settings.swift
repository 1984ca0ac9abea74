import FormContext
import Foundation

extension DemoForm {
    /// The personal-hotspot settings of the Swift Talk example, filled from a ``Settings`` model and
    /// submitted back through ``Settings/bridge``: the submission is the model the form produced.
    static let settings = DemoForm(
        name: "settings", summary: "the personal-hotspot settings, submitted through the model bridge", screen: Settings.screen,
        make: { _ in
            let form = FormContextObject(definition: Settings.definition, values: Settings.bridge.context(from: Settings()))
            let scope = Settings.hotspotScope
            let controls: [any DemoTextInput] = [
                FieldControl<Bool>(key: Hotspot.Keys.isEnabled.scoped(in: scope).name, title: "Personal Hotspot"),
                FieldControl<String>(key: Hotspot.Keys.password.scoped(in: scope).name, title: "Password", isSecure: true),
                FieldControl<String>(key: Hotspot.Keys.networkName.scoped(in: scope).name, title: "Network Name"),
                FieldControl(key: Hotspot.Keys.showPreview.scoped(in: scope).name, title: "Notification", format: .showPreview),
            ]
            for control in controls { try control.connect(to: form) }
            return (form, controls)
        },
        submit: { values throws(FormBridgeError) in
            let settings = try Settings.bridge.model(from: values, startingFrom: Settings())
            return Settings.bridge.context(from: settings)
        })
}

extension FieldFormat where Value == String {
    /// A ``ShowPreview`` option, stored as its raw value: accepts the raw value (`When Unlocked`)
    /// or the case name (`whenUnlocked`), in any letter case.
    static var showPreview: FieldFormat {
        FieldFormat(
            expected: "ShowPreview (one of " + ShowPreview.allCases.map(\.rawValue).joined(separator: ", ") + ")",
            emptyMeansNoValue: false, format: { $0 }
        ) { text in
            ShowPreview(text: text.trimmingCharacters(in: .whitespaces))?.rawValue
        }
    }
}
