@testable import FormContextCore
import Foundation
import Testing
@testable import ContextDemo

@Suite("Hotspot model and the settings demo")
struct HotspotDemoTests {
    static func output(
        isEnabled: String = "true", networkName: String = "my network", password: String = "••••••",
        showPreview: String = "Always"
    ) -> String {
        """
        hotspot.isEnabled: \(isEnabled)
        hotspot.networkName: \(networkName)
        hotspot.password: \(password)
        hotspot.showPreview: \(showPreview)
        ==========

        """
    }

    @Test("the hotspot model's defaults and derived texts")
    func model() {
        let hotspot = Hotspot()
        #expect(hotspot == Hotspot(isEnabled: true, password: "hello", networkName: "my network", showPreview: .always))
        #expect(hotspot.enabledSectionTitle == "Personal Hotspot Enabled")
        #expect(Hotspot(isEnabled: false).enabledSectionTitle == nil)
        #expect(ShowPreview.allCases == [.always, .whenUnlocked, .never])
        #expect(ShowPreview.allCases.map(\.text) == ["Always", "When Unlocked", "Never"])
        #expect(Settings().hotspotEnabled == "On")
        #expect(Settings(hotspot: Hotspot(isEnabled: false)).hotspotEnabled == "Off")
    }

    @Test("preview options are read from their raw value or case name, in any case", arguments: [
        ("Always", ShowPreview.always), ("always", .always), ("When Unlocked", .whenUnlocked), ("whenUnlocked", .whenUnlocked),
        ("WHENUNLOCKED", .whenUnlocked), ("when unlocked", .whenUnlocked), ("never", .never), ("Never", .never),
    ])
    func previewText(text: String, option: ShowPreview) {
        #expect(ShowPreview(text: text) == option)
    }

    @Test("texts that name no preview option", arguments: ["", "sometimes", "when-unlocked", "Always "])
    func previewTextRejected(text: String) {
        #expect(ShowPreview(text: text) == nil)
    }

    @Test("the default run submits the default settings through the bridge")
    func defaultRun() throws {
        let result = try DemoProcess.run([])
        #expect(result == .init(status: 0, output: Self.output(), errorOutput: ""))
        #expect(try DemoProcess.run(["--form", "settings"]) == result)
    }

    @Test("--show-secrets reveals the password")
    func showSecrets() throws {
        let result = try DemoProcess.run(["--show-secrets"])
        #expect(result == .init(status: 0, output: Self.output(password: "hello"), errorOutput: ""))
    }

    @Test("--set cases", arguments: [
        (["--set", "hotspot.password=secret"], output()),
        (["--set", "hotspot.password=secret", "--show-secrets"], output(password: "secret")),
        (["--set", "hotspot.showPreview=never"], output(showPreview: "Never")),
        (["--set", "hotspot.showPreview=When Unlocked"], output(showPreview: "When Unlocked")),
        (["--set", "hotspot.showPreview=whenUnlocked"], output(showPreview: "When Unlocked")),
        (["--set", "hotspot.isEnabled=false"], output(isEnabled: "false")),
        (["--set", "hotspot.networkName=café 🛜", "--set", "hotspot.isEnabled=no"], output(isEnabled: "false", networkName: "café 🛜")),
    ])
    func setCases(arguments: [String], expected: String) throws {
        let result = try DemoProcess.run(arguments)
        #expect(result == .init(status: 0, output: expected, errorOutput: ""))
    }

    @Test("settings that fail the hotspot's definition exit 1 with each error as key: message", arguments: [
        (["--set", "hotspot.password=", "--show-secrets"], "hotspot.password: is required\n"),
        (["--set", "hotspot.networkName= ", "--set", "hotspot.password=" + String(repeating: "p", count: 64)],
         "hotspot.password: must be at most 63 characters\nhotspot.networkName: is required\n"),
        (["--set", "hotspot.networkName=" + String(repeating: "n", count: 33)], "hotspot.networkName: must be at most 32 characters\n"),
    ])
    func invalidSettings(arguments: [String], errors: String) throws {
        let result = try DemoProcess.run(arguments)
        #expect(result == .init(status: 1, output: "", errorOutput: errors))
    }

    @Test("bad settings input exits 2 with one line naming the key and what was expected", arguments: [
        (["--set", "hotspot.isEnabled=maybe"], "error: unreadable text for key 'hotspot.isEnabled': expected Bool (true or false), found \"maybe\"\n"),
        (["--set", "hotspot.showPreview=sometimes"],
         "error: unreadable text for key 'hotspot.showPreview': expected ShowPreview (one of Always, When Unlocked, Never), found \"sometimes\"\n"),
        (["--set", "hotspot.showPreview="],
         "error: unreadable text for key 'hotspot.showPreview': expected ShowPreview (one of Always, When Unlocked, Never), found \"\"\n"),
        (["--set", "password=x"],
         "error: unknown key 'password'; known keys: hotspot.isEnabled, hotspot.networkName, hotspot.password, hotspot.showPreview\n"),
    ])
    func badInput(arguments: [String], message: String) throws {
        let result = try DemoProcess.run(arguments)
        #expect(result == .init(status: 2, output: "", errorOutput: message))
    }

    @Test("submission goes through the bridge: a value the model cannot take fails with the bridge's message")
    func submitThroughBridge() throws {
        var values = Settings.bridge.context(from: Settings())
        values.set("secret", for: "hotspot.password")
        let submitted = try DemoForm.settings.submit(values)
        #expect(submitted.lines(revealingSecrets: true) == [
            "hotspot.isEnabled: true", "hotspot.networkName: my network", "hotspot.password: secret", "hotspot.showPreview: Always",
        ])
        #expect(submitted.secureKeys == ["hotspot.password"])
        values.set("Sometimes", for: "hotspot.showPreview")
        let error = try #require(throws: FormBridgeError.self) { try DemoForm.settings.submit(values) }
        #expect(error.description
            == "unknown value for key 'hotspot.showPreview': 'Sometimes' is not a raw value of ShowPreview")
    }

    @Test("the settings form's controls write the scoped keys the bridge reads")
    func controlsUseScopedKeys() throws {
        let (form, controls) = try DemoForm.settings.make(DemoForm.Setup(today: Date()))
        #expect(controls.map(\.key) == Settings.bridge.keys)
        #expect(form.fieldState(for: "hotspot.password").isSecure)
        controls[3].text = "never"
        #expect(try Settings.bridge.model(from: form.context, startingFrom: Settings()).hotspot.showPreview == .never)
    }
}
