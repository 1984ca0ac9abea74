@testable import FormContextCore
import Testing
import TestSupport
@testable import ContextDemo

/// The seed's hotspot screens, declared with the layout builders over the demo's settings form,
/// behave as the seed describes: which sections and rows show, footers, detail texts, checkmarks,
/// focus and the navigation between the screens.
@Suite("The hotspot screens")
struct HotspotScreenTests {
    /// A settings form with the default settings, and a navigator on the settings screen.
    static func navigator(submit: @escaping FormContextObject.SubmitHandler = { _ in .accepted }) -> FormNavigator {
        let form = FormContextObject(definition: Settings.definition, values: Settings.bridge.context(from: Settings()))
        return FormNavigator(root: Settings.screen, form: form, submit: submit)
    }

    static let onSections = [
        "[Personal Hotspot: on | footer: Personal Hotspot Enabled]",
        #"[Notification: "Always"]"#,
        #"[Password: •••••• | Network Name: "my network"]"#,
    ]

    @Test("the settings screen has one cell, Personal Hotspot, showing On, that opens the hotspot screen")
    func settingsScreen() {
        let navigator = Self.navigator()
        #expect(navigator.top.screen.title == "Settings")
        #expect(navigator.top.sections.map(\.description) == [#"[Personal Hotspot: "On"]"#])
        #expect(navigator.focus == CellPath(section: 0, row: 0))
        #expect(navigator.top.screen.cell(at: CellPath(section: 0, row: 0))?.kind == .detail)
        #expect(navigator.open(CellPath(section: 0, row: 0)))
        #expect(navigator.screens.map(\.screen.title) == ["Settings", "Personal Hotspot"])
        #expect(navigator.top.sections.map(\.description) == Self.onSections)
    }

    @Test("switching the hotspot off deletes the two sections and the footer, and the settings cell says Off")
    func switchOff() async {
        let navigator = Self.navigator()
        navigator.open(CellPath(section: 0, row: 0))
        let hotspot = navigator.top
        let settings = navigator.screens[0]
        let diffs = Locked<[String]>([])
        let subscription = hotspot.observe { diff in diffs.withLock { $0.append(diff.description) } }
        #expect(navigator.focus == CellPath(section: 0, row: 0))

        guard case .toggled = await navigator.activate() else {
            Issue.record("the switch did not toggle")
            return
        }
        #expect(hotspot.sections.map(\.description) == ["[Personal Hotspot: off]"])
        #expect(settings.sections.map(\.description) == [#"[Personal Hotspot: "Off"]"#])
        #expect(navigator.form[FormKey<Bool>("hotspot.isEnabled")] == false)

        guard case .toggled = await navigator.activate() else {
            Issue.record("the switch did not toggle back")
            return
        }
        #expect(hotspot.sections.map(\.description) == Self.onSections)
        #expect(settings.sections.map(\.description) == [#"[Personal Hotspot: "On"]"#])
        #expect(diffs.withLock { $0 } == [
            "version 1: delete sections [1, 2]; update footers [0]; update rows [[0, 0]]",
            "version 2: insert sections [1, 2]; update footers [0]; update rows [[0, 0]]",
        ])
        subscription.cancel()
    }

    @Test("the notification list checkmarks the selected option; selecting When Unlocked sets it and the detail says so")
    func notificationOptions() async {
        let navigator = Self.navigator()
        navigator.open(CellPath(section: 0, row: 0))
        #expect(navigator.moveFocus(.next))
        #expect(navigator.focus == CellPath(section: 1, row: 0))
        guard case .opened = await navigator.activate() else {
            Issue.record("the notification list did not open")
            return
        }
        #expect(navigator.top.screen.title == "Notification")
        #expect(navigator.top.sections.map(\.description) == ["[Always: ✓ | When Unlocked | Never]"])
        #expect(navigator.top.screen.sections[0].cells.map(\.kind) == [.option, .option, .option])
        navigator.moveFocus(.next)
        guard case .selected = await navigator.activate() else {
            Issue.record("the option was not selected")
            return
        }
        #expect(navigator.top.sections.map(\.description) == ["[Always | When Unlocked: ✓ | Never]"])
        #expect(navigator.top.lastDiff?.description == "version 1: update rows [[0, 0], [0, 1]]")
        #expect(navigator.form["hotspot.showPreview"] == AnyHashable("When Unlocked"))
        #expect(navigator.pop())
        #expect(navigator.top.sections[1].description == #"[Notification: "When Unlocked"]"#)
        #expect(navigator.focus == CellPath(section: 1, row: 0))
    }

    @Test("a nested text field takes the focus and the text, commits on Return and goes back")
    func nestedTextField() async {
        let navigator = Self.navigator()
        navigator.open(CellPath(section: 0, row: 0))
        #expect(navigator.focus(on: CellPath(section: 2, row: 1)))
        guard case .opened = await navigator.activate() else {
            Issue.record("the network name did not open")
            return
        }
        #expect(navigator.top.screen.title == "Network Name")
        #expect(navigator.top.screen.popsOnCommit)
        #expect(navigator.editing?.description == #"editing cell 0.0: "my network""#)
        for _ in 0..<"network".count { navigator.deleteBackward() }
        navigator.insert("office")
        #expect(navigator.form["hotspot.networkName"] == AnyHashable("my network"))
        guard case .committed = await navigator.activate() else {
            Issue.record("the text was not committed")
            return
        }
        #expect(navigator.screens.map(\.screen.title) == ["Settings", "Personal Hotspot"])
        #expect(navigator.editing == nil)
        #expect(navigator.form["hotspot.networkName"] == AnyHashable("my office"))
        #expect(navigator.form.isTouched("hotspot.networkName"))
        #expect(navigator.top.sections[2].description == #"[Password: •••••• | Network Name: "my office"]"#)
    }

    @Test("the password's screen masks its text; going back drops what was typed")
    func passwordIsMasked() async {
        let navigator = Self.navigator()
        navigator.open(CellPath(section: 0, row: 0))
        navigator.open(CellPath(section: 2, row: 0))
        #expect(navigator.editing?.description == "editing cell 0.0: •••••")
        navigator.insert("!")
        #expect(navigator.pop())
        #expect(navigator.form["hotspot.password"] == AnyHashable("hello"))
    }

    @Test("the focus moves over the visible rows and skips to a visible one when its row is hidden")
    func focus() async {
        let navigator = Self.navigator()
        navigator.open(CellPath(section: 0, row: 0))
        var visited = [navigator.focus]
        while navigator.moveFocus(.next) { visited.append(navigator.focus) }
        #expect(visited == [
            CellPath(section: 0, row: 0), CellPath(section: 1, row: 0), CellPath(section: 2, row: 0), CellPath(section: 2, row: 1),
        ])
        #expect(navigator.moveFocus(.previous))
        #expect(navigator.focus == CellPath(section: 2, row: 0))
        navigator.form.set(false, for: "hotspot.isEnabled")
        #expect(navigator.focus == CellPath(section: 0, row: 0))
    }

    @Test("a failed submit opens the screen of the first invalid field and starts editing it")
    func failedSubmitFocusesFirstInvalidField() async {
        let navigator = Self.navigator()
        navigator.form.set("", for: "hotspot.networkName")
        let result = await navigator.submit()
        #expect(result.firstInvalidKey == "hotspot.networkName")
        #expect(navigator.screens.map(\.screen.title) == ["Settings", "Personal Hotspot", "Network Name"])
        #expect(navigator.editing?.path == CellPath(section: 0, row: 0))
        navigator.insert("office")
        navigator.commitEditing()
        #expect(navigator.screens.map(\.screen.title) == ["Settings", "Personal Hotspot"])
        #expect(navigator.focus == CellPath(section: 2, row: 1))
        let second = await navigator.submit()
        #expect(second.submission?.values.lines() == [
            "hotspot.isEnabled: true", "hotspot.networkName: office", "hotspot.password: ••••••", "hotspot.showPreview: Always",
        ])
    }
}
