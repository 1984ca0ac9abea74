import FormContext
import Synchronization
import Testing

// Every block of Docs/SwiftUI.md that is not SwiftUI's own view code, word for word. The blocks
// between the markers are checked against the guide by DocSnippetTests in FormContextTests.

// --- Docs/SwiftUI.md: The model
/// The personal-hotspot settings.
struct Hotspot: Hashable, Sendable {
    var isEnabled = true
    var password = "hello"
    var networkName = "my network"
    var showPreview = ShowPreview.always
}

/// When the hotspot shows a notification preview, in the order a picker lists them.
enum ShowPreview: String, CaseIterable, Hashable, Sendable, CustomStringConvertible {
    case always = "Always"
    case whenUnlocked = "When Unlocked"
    case never = "Never"

    /// The text a picker shows for the option.
    var description: String { rawValue }
}
// --- end

// --- Docs/SwiftUI.md: The form
/// The hotspot form: its keys, its fields, and how it maps to a `Hotspot`.
enum HotspotForm {
    static let isEnabled = FormKey<Bool>("isEnabled")
    static let networkName = FormKey<String>("networkName")
    static let password = FormKey<String>("password")
    static let showPreview = FormKey<ShowPreview>("showPreview")

    /// The fields in the order the screen shows them, which is where the focus goes first.
    static func definition() throws -> FormDefinition {
        try FormDefinition([
            FieldDefinition(isEnabled, default: true),
            FieldDefinition(showPreview, default: .always),
            FieldDefinition(networkName, validators: [.required(), .maxLength(32)]),
            FieldDefinition(password, isSecure: true, validators: [
                .required(),
                .minLength(8, message: "must be at least 8 characters for WPA2"),
            ]),
        ])
    }

    /// Which property of a `Hotspot` each key holds.
    static let bridge = FormBridge<Hotspot> { bridge in
        bridge.bind(isEnabled, to: \.isEnabled)
        bridge.bind(showPreview, to: \.showPreview)
        bridge.bind(networkName, to: \.networkName)
        bridge.bind(password, to: \.password, isSecure: true)
    }

    /// A live form editing `hotspot`: a field shows its errors once it has lost the focus.
    static func makeForm(editing hotspot: Hotspot) throws -> FormContextObject {
        let form = FormContextObject(
            definition: try definition(),
            values: bridge.context(from: hotspot),
            options: ValidationOptions(mode: .onBlur, revalidateMode: .onChange)
        )
        showSettings(of: form)
        return form
    }

    /// Shows the settings while the hotspot is on; hides them while it is off, which leaves them
    /// out of validation and submission (they keep their values).
    static func showSettings(of form: FormContextObject) {
        let isOn = form[edit: isEnabled, default: true]
        for key in [showPreview.name, networkName.name, password.name] {
            form.setVisible(isOn, for: key)
        }
    }
}
// --- end

// --- Docs/SwiftUI.md: Submitting
/// Saves a hotspot (to a server, a file, a test's record) and answers the errors it found, by key.
typealias SaveHotspot = @Sendable (Hotspot) async throws -> [String: [String]]

extension HotspotForm {
    /// Submits `form`: validates it, writes the submitted values into `original`, saves the result,
    /// and puts the errors the save answers on their fields.
    ///
    /// - Returns: The key of the first field with an error, to move the focus to; `nil` otherwise.
    static func submit(_ form: FormContextObject, editing original: Hotspot, save: SaveHotspot) async -> String? {
        let result = await form.submit { submission in
            var hotspot = original
            for key in submission.keys {
                try bridge.write(submission[key], for: key, into: &hotspot)
            }
            let errors = try await save(hotspot)
            return errors.isEmpty ? .accepted : .rejected(errors)
        }
        return result.firstInvalidKey
    }

    /// The messages to show under the field `key`.
    static func messages(for key: String, in form: FormContextObject) -> [String] {
        form.fieldState(for: key).errors.map(\.message)
    }
}
// --- end

/// Collects what the guide's walkthrough prints.
final class GuidePrinter: Sendable {
    private let lines = Mutex<[String]>([])
    func print(_ items: Any...) { lines.withLock { $0.append(items.map { "\($0)" }.joined(separator: " ")) } }
    var output: [String] { lines.withLock { $0 } }
}

@Suite("Docs/SwiftUI.md: the hotspot form without SwiftUI")
struct SwiftUIGuideTests {
    @Test("the walkthrough does what a person does on the screen, with the output the guide shows")
    func walkthrough() async throws {
        let printer = GuidePrinter()
        let print = printer.print
        // --- Docs/SwiftUI.md: The same steps without SwiftUI
        let form = try HotspotForm.makeForm(editing: Hotspot())
        let networkName: ReferenceWritableKeyPath<FormContextObject, String> =
            \.[edit: HotspotForm.networkName, default: ""]   // what $form[edit: …] binds a TextField to

        form[keyPath: networkName] = ""                       // the person clears the name …
        form.blur(HotspotForm.networkName.name)               // … and leaves the field
        print(HotspotForm.messages(for: "networkName", in: form))

        form[keyPath: networkName] = "office"
        var focus = await HotspotForm.submit(form, editing: Hotspot()) { _ in [:] }
        print(focus ?? "none", HotspotForm.messages(for: "password", in: form))

        form[edit: HotspotForm.password, default: ""] = "correct horse"
        focus = await HotspotForm.submit(form, editing: Hotspot()) { hotspot in
            print(form.submitPhase, form.submitPhase.isInProgress, hotspot.networkName)
            return ["networkName": ["is in use nearby"]]
        }
        print(focus ?? "none", form.submitPhase, HotspotForm.messages(for: "networkName", in: form))

        form[edit: HotspotForm.isEnabled, default: true] = false   // the switch, turned off
        HotspotForm.showSettings(of: form)
        focus = await HotspotForm.submit(form, editing: Hotspot()) { hotspot in
            print(hotspot.isEnabled, hotspot.networkName)
            return [:]
        }
        print(focus ?? "none", form.submitPhase)
        // --- end
        #expect(printer.output == [
            #"["is required"]"#,
            #"password ["must be at least 8 characters for WPA2"]"#,
            "submitting true office",
            #"networkName failed ["is in use nearby"]"#,
            "false my network",
            "none succeeded",
        ])
    }

    @Test("the definition builds, and the bridge carries every property of a hotspot there and back")
    func definitionAndBridge() throws {
        let definition = try HotspotForm.definition()
        #expect(definition.keys == ["isEnabled", "showPreview", "networkName", "password"])
        #expect(Set(HotspotForm.bridge.keys) == Set(definition.keys))
        for option in ShowPreview.allCases {
            let hotspot = Hotspot(isEnabled: false, password: "p", networkName: "n", showPreview: option)
            var back = Hotspot()
            try HotspotForm.bridge.write(HotspotForm.bridge.context(from: hotspot), into: &back)
            #expect(back == hotspot)
        }
    }

    @Test("the views' bindings: each control's key path writes user edits of its own type")
    func controlBindings() throws {
        let form = try HotspotForm.makeForm(editing: Hotspot())
        let recorder = Mutex<[String]>([])
        let subscription = form.observeAll { change in recorder.withLock { $0.append(change.description) } }
        let isOn: ReferenceWritableKeyPath<FormContextObject, Bool> = \.[edit: HotspotForm.isEnabled, default: true]
        let preview: ReferenceWritableKeyPath<FormContextObject, ShowPreview> = \.[edit: HotspotForm.showPreview, default: .always]
        let password: ReferenceWritableKeyPath<FormContextObject, String> = \.[edit: HotspotForm.password, default: ""]
        form[keyPath: preview] = .never
        form[keyPath: password] = "secret words"
        form[keyPath: isOn] = false
        HotspotForm.showSettings(of: form)
        #expect(recorder.withLock { $0 } == [
            "showPreview: Always -> Never (user)",
            "password: •••••• -> •••••• (user)",
            "isEnabled: true -> false (user)",
        ])
        #expect(!form.fieldState(for: "password").isVisible && form.fieldState(for: "isEnabled").isVisible)
        subscription.cancel()
    }
}
