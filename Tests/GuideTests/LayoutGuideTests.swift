import FormContext
import Synchronization
import Testing

// Every block of Docs/Layout.md that is not SwiftUI's or UIKit's own code, word for word. The blocks
// between the markers are checked against the guide by DocSnippetTests in FormContextTests.

// --- Docs/Layout.md: Declaring a screen
/// The personal-hotspot screens of the Swift Talk example, as data.
enum HotspotLayout {
    static let isEnabled = FormKey<Bool>("isEnabled")
    static let showPreview = FormKey<String>("showPreview")
    static let password = FormKey<String>("password")
    static let networkName = FormKey<String>("networkName")

    /// When the notification shows a preview; the form keeps the raw value.
    enum Preview: String, CaseIterable, Sendable, CustomStringConvertible {
        case always = "Always", whenUnlocked = "When Unlocked", never = "Never"
        var description: String { rawValue }
    }

    /// A switch with a footer, then two sections shown only while it is on.
    static let screen = Screen("Personal Hotspot") {
        FormSection(footer: { $0[isEnabled] == true ? "Personal Hotspot Enabled" : nil }) {
            ToggleCell("Personal Hotspot", key: isEnabled)
        }
        FormSection {
            DetailCell("Notification", value: { $0[showPreview] }) {
                OptionList(key: showPreview, options: Preview.allCases.map { CellOption("\($0)", value: $0.rawValue) })
            }
        }
        .visible(when: { $0[isEnabled] == true })
        FormSection {
            NestedTextCell("Password", key: password, secure: true)
            NestedTextCell("Network Name", key: networkName)
        }
        .visible(when: { $0[isEnabled] == true })
    }
}
// --- end

// --- Docs/Layout.md: Screens for nested models
extension HotspotLayout {
    /// The settings screen of a form that keeps the hotspot under `hotspot.`: one cell that shows
    /// On or Off and opens the hotspot's own screen, bound under the prefix and built when opened.
    static let settings = Screen("Settings") {
        DetailCell(
            "Personal Hotspot", value: { $0[isEnabled.scoped(in: FormScope("hotspot"))] == true ? "On" : "Off" },
            screen: screen.scoped(in: FormScope("hotspot")))
    }
}
// --- end

/// Collects what the layout guide's examples print.
// --- Docs/Layout.md: Repeat sections
/// A household's members: a section each, with a button that adds one and a button in each that
/// removes it. A guardian is asked for a child only.
enum MembersLayout {
    static let name = FormKey<String>("name")
    static let age = FormKey<Int>("age")
    static let guardian = FormKey<String>("guardian")

    static let members = RepeatGroup("members", maximum: 12, fields: [
        FieldDefinition(name, default: ""),
        FieldDefinition(age),
        FieldDefinition(guardian).visible(when: { ($0[age] ?? 18) < 18 }),
    ])

    static let screen = Screen("Household") {
        RepeatSection("Members", group: members.key) {
            TextCell("Name", key: name)                     // members.r1.name in row r1
            NumberCell("Age", key: age)
            TextCell("Guardian", key: guardian)
        }
        .addButton("Add member")
        .removeButton("Remove member")
        FormSection { ButtonCell("Save", role: .submit) }
    }
}
// --- end

// --- Docs/Layout.md: Rows inside rows
/// A survey's households, each opening a screen of its own members.
enum SurveyLayout {
    static let village = FormKey<String>("village")
    static let name = FormKey<String>("name")
    static let memberCount = FormKey<Int>("memberCount")

    static let members = RepeatGroup("members", fields: [FieldDefinition(name, default: "")])
        .summary(memberCount, .count)                             // households.r1.memberCount
    static let households = RepeatGroup("households", fields: [FieldDefinition(village), FieldDefinition(members)])

    /// One household's members: opened from the household's row, so `members` is that household's.
    static let membersScreen = Screen("Members") {
        RepeatSection("Members", group: members.key) {
            TextCell("Name", key: name)                           // households.r1.members.r2.name
            ValueCell("Village", value: { $0.outer[village] })    // the household's village
        }
        .addButton("Add member")
    }

    static let screen = Screen("Survey") {
        RepeatSection("Households", group: households.key) {
            TextCell("Village", key: village)
            DetailCell("Members", value: { $0[memberCount].map(String.init) }, screen: membersScreen)
        }
        .addButton("Add household")
    }
}
// --- end

final class LayoutPrinter: Sendable {
    private let lines = Mutex<[String]>([])
    func print(_ items: Any...) { lines.withLock { $0.append(items.map { "\($0)" }.joined(separator: " ")) } }
    var output: [String] { lines.withLock { $0 } }
}

@Suite("Layout guide examples")
struct LayoutGuideTests {
    @Test("a live screen of the hotspot form, and the diff of switching the hotspot off")
    func liveScreen() {
        let printer = LayoutPrinter()
        let print = printer.print
        // --- Docs/Layout.md: Live screens and diffs
        let form = FormContextObject(["isEnabled": true, "showPreview": "Always", "password": "hello", "networkName": "my network"])
        let live = LiveScreen(HotspotLayout.screen, form: form)
        for section in live.sections { print(section) }

        let subscription = live.observe { diff in print(diff) }
        form.set(false, for: "isEnabled", origin: .user)
        for section in live.sections { print(section) }
        form.set(true, for: "isEnabled", origin: .user)
        subscription.cancel()
        // --- end
        #expect(printer.output == [
            "[Personal Hotspot: on | footer: Personal Hotspot Enabled]",
            #"[Notification: "Always"]"#,
            #"[Password: •••••• | Network Name: "my network"]"#,
            "version 1: delete sections [1, 2]; update footers [0]; update rows [[0, 0]]",
            "[Personal Hotspot: off]",
            "version 2: insert sections [1, 2]; update footers [0]; update rows [[0, 0]]",
        ])
    }

    @Test("a multiple-choice cell stored as text: the values in the order chosen, the titles in the options' order")
    func multipleChoice() {
        let printer = LayoutPrinter()
        let print = printer.print
        // --- Docs/Layout.md: Declaring a screen
        let toppings = FormKey<String>("toppings")
        let order = Screen("Order") {
            MultipleChoiceCell("Toppings", key: toppings, options: [
                CellOption("Cheese", value: "cheese"), CellOption("Olives", value: "olives"), CellOption("Ham", value: "ham"),
            ])
        }
        let form = FormContextObject()
        let cell = order.cell(at: CellPath(section: 0, row: 0))!
        cell.toggle(cell.options[2], in: form)                 // Ham
        cell.toggle(cell.options[0], in: form)                 // Cheese
        print(form[toppings] ?? "none", cell.selectedOptions(in: form).map(\.title))
        print(LiveScreen(order, form: form).sections[0])
        // In SwiftUI, one checkbox per option:
        // Toggle(option.title, isOn: Binding(get: { cell.selectedOptions(in: form).contains(option) },
        //                                    set: { _ in cell.toggle(option, in: form) }))
        // --- end
        #expect(printer.output == [#"ham cheese ["Cheese", "Ham"]"#, #"[Toppings: "Cheese, Ham"]"#])
    }

    @Test("the navigator opens screens when asked, moves the focus, and a failed submit opens the invalid field")
    func navigation() async throws {
        let printer = LayoutPrinter()
        let print = printer.print
        // --- Docs/Layout.md: Navigation and focus
        let definition = try FormDefinition([
            FieldDefinition(HotspotLayout.networkName.scoped(in: FormScope("hotspot")), validators: [.required()]),
        ])
        let form = FormContextObject(definition: definition, values: [
            "hotspot.isEnabled": true, "hotspot.showPreview": "Always", "hotspot.password": "hello", "hotspot.networkName": "",
        ])
        let navigator = FormNavigator(root: HotspotLayout.settings, form: form) { submission in
            print("saved", submission.values.lines())
            return .accepted
        }
        navigator.open(CellPath(section: 0, row: 0))          // the hotspot screen, built now
        navigator.moveFocus(.next)                            // from the switch to Notification
        print(navigator.screens.map(\.screen.title), navigator.focus.map { "\($0)" } ?? "none")

        let result = await navigator.submit()                 // the network name is empty
        print(result.firstInvalidKey ?? "none", navigator.screens.map(\.screen.title))
        print(navigator.editing.map { "\($0)" } ?? "not editing")

        navigator.insert("office")
        navigator.commitEditing()                             // writes the name, and goes back
        print(navigator.top.sections[2], navigator.focus.map { "\($0)" } ?? "none")
        print(await navigator.submit())
        // --- end
        #expect(printer.output == [
            #"["Settings", "Personal Hotspot"] cell 1.0"#,
            #"hotspot.networkName ["Settings", "Personal Hotspot", "Network Name"]"#,
            #"editing cell 0.0: """#,
            #"[Password: •••••• | Network Name: "office"] cell 2.1"#,
            #"saved ["hotspot.isEnabled: true", "hotspot.networkName: office", "hotspot.password: hello", "hotspot.showPreview: Always"]"#,
            "succeeded",
        ])
    }

    @Test("the settings screen shows the hotspot's state through the scope; the screen it opens has the keys under the prefix")
    func settingsScreen() {
        let form = FormContextObject(["hotspot.isEnabled": false])
        let live = LiveScreen(HotspotLayout.settings, form: form)
        #expect(live.sections.map(\.description) == [#"[Personal Hotspot: "Off"]"#])
        let opened = HotspotLayout.settings.sections[0].cells[0].makeDestination()
        #expect(opened?.sections.flatMap(\.cells).compactMap(\.key) == ["hotspot.isEnabled", "hotspot.password", "hotspot.networkName"])
    }

    @Test("a repeat section: a section per row, added and focused from the add button, edited, moved and removed")
    func repeatSection() async throws {
        let printer = LayoutPrinter()
        let print = printer.print
        // --- Docs/Layout.md: Rows on a live screen
        let form = FormContextObject(definition: try FormDefinition([FieldDefinition(MembersLayout.members)]))
        let ada = try form.appendRow(to: "members", ["name": "Ada", "age": 36])
        let navigator = FormNavigator(root: MembersLayout.screen, form: form)
        let subscription = navigator.top.observe { diff in print(diff) }

        navigator.focus(on: CellPath(section: 0, row: 0))          // Add member
        print(await navigator.activate(), navigator.focus.map { "\($0)" } ?? "none")
        await navigator.activate()                                // edit the new row's name
        navigator.insert("Bo")
        navigator.moveFocus(.next)                                // commits it; on to the age
        await navigator.activate()
        navigator.insert("7")
        navigator.commitEditing()                                 // a child: the guardian shows
        try form.moveRow(ada, in: "members", to: 1)
        navigator.removeRow(at: CellPath(section: 0, row: 3, rowID: ada))
        for section in navigator.top.sections { print(section) }
        subscription.cancel()
        // --- end
        #expect(printer.output == [
            "version 1: insert sections [2]",
            "addedRow(r2) cell 0.r2.0",
            "version 2: update rows [[2, 0]]",
            "version 3: update rows [[2, 1]]",
            "version 4: insert rows [[2, 2]]",
            "version 5: delete sections [1]; insert sections [2]",
            "version 6: delete sections [2]",
            "[title: Members | Add member]",
            #"[Name: "Bo" | Age: "7" | Guardian: "" | Remove member]"#,
            "[Save]",
        ])
    }

    @Test("a household's row opens a screen of its own members, whose cells read the household through outer")
    func rowsInsideRows() async throws {
        let printer = LayoutPrinter()
        let print = printer.print
        // --- Docs/Layout.md: Rows inside rows on a live screen
        let form = FormContextObject(definition: try FormDefinition([FieldDefinition(SurveyLayout.households)]))
        let ouro = try form.appendRow(to: "households", ["village": "Ouro"])
        try form.appendRow(to: "households", ["village": "Tema"])
        let navigator = FormNavigator(root: SurveyLayout.screen, form: form)
        navigator.open(CellPath(section: 0, row: 1, rowID: ouro))     // Ouro's members, built now
        navigator.focus(on: CellPath(section: 0, row: 0))             // Add member
        await navigator.activate()
        await navigator.activate()                                    // edit the new member's name
        navigator.insert("Ama")
        navigator.commitEditing()
        for section in navigator.top.sections { print(section) }
        navigator.pop()
        for section in navigator.top.sections { print(section) }
        // --- end
        #expect(printer.output == [
            "[title: Members | Add member]",
            #"[Name: "Ama" | Village: "Ouro"]"#,
            "[title: Households | Add household]",
            #"[Village: "Ouro" | Members: "1"]"#,
            #"[Village: "Tema" | Members: "0"]"#,
        ])
    }
}
