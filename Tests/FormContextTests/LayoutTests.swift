@_spi(Diagnostics) @testable import FormContextCore
import Foundation
import Observation
import Testing
import TestSupport

/// The layout builders, the live screen's visible state and diffs, scoping, and what each cell kind
/// does, on small screens of their own.
@Suite("Layout: builders, visible state and diffs")
struct LayoutTests {
    static let a = FormKey<Bool>("a")
    static let b = FormKey<Bool>("b")
    static let name = FormKey<String>("name")
    static let count = FormKey<Int>("count")

    @Test("cells outside any section go into untitled sections; if, else and for build as in SwiftUI")
    func builders() {
        let extra = true
        let screen = Screen("Builders") {
            ToggleCell("A", key: Self.a)
            ToggleCell("B", key: Self.b)
            FormSection("Named") {
                if extra { TextCell("Name", key: Self.name) } else { NumberCell("Count", key: Self.count) }
                for index in 0..<2 { ValueCell("Value \(index)", value: { _ in "\(index)" }) }
            }
            NumberCell("Count", key: Self.count)
            if !extra { FormSection { ToggleCell("Never", key: Self.a) } }
        }
        #expect(screen.sections.map(\.title) == [nil, "Named", nil])
        #expect(screen.sections.map { $0.cells.map(\.title) } == [["A", "B"], ["Name", "Value 0", "Value 1"], ["Count"]])
        #expect(screen.sections[1].cells.map(\.kind) == [.text, .value, .value])
        #expect(screen.cellCount == 6)
        #expect(screen.cell(at: CellPath(section: 1, row: 2))?.title == "Value 1")
        #expect(screen.cell(at: CellPath(section: 3, row: 0)) == nil)
    }

    @Test("an if #available builds in a screen and in a section, through the optional and either branches")
    func availabilityBranches() {
        let screen = Screen("Available") {
            if #available(macOS 10.15, iOS 13, *) { ToggleCell("A", key: Self.a) }
            FormSection("Named") {
                if #available(macOS 10.15, iOS 13, *) { TextCell("Name", key: Self.name) } else { NumberCell("Count", key: Self.count) }
            }
        }
        #expect(screen.sections.map { $0.cells.map(\.title) } == [["A"], ["Name"]])
    }

    @Test("a change re-runs only the conditions, footers and values that read the key")
    func incremental() {
        let form = FormContextObject(["a": true, "b": true])
        let runs = Locked([String: Int]())
        func counted(_ name: String, _ condition: @escaping @Sendable (FormValues) -> Bool) -> @Sendable (FormValues) -> Bool {
            { values in
                runs.withLock { $0[name, default: 0] += 1 }
                return condition(values)
            }
        }
        let screen = Screen("S") {
            FormSection { ValueCell("one", value: { _ in "1" }) }.visible(when: counted("a", { $0[Self.a] == true }))
            FormSection { ValueCell("two", value: { _ in "2" }) }.visible(when: counted("b", { $0[Self.b] == true }))
            // Reads b only while a holds.
            FormSection { ValueCell("three", value: { _ in "3" }) }.visible(when: counted("a and b", { $0[Self.a] == true && $0[Self.b] == true }))
        }
        let live = LiveScreen(screen, form: form)
        #expect(runs.withLock { $0 } == ["a": 1, "b": 1, "a and b": 1])
        #expect(live.keysRead(bySectionCondition: 2) == ["a", "b"])
        form.set(false, for: "b")
        #expect(runs.withLock { $0 } == ["a": 1, "b": 2, "a and b": 2])
        #expect(live.lastDiff?.description == "version 1: delete sections [1, 2]")
        form.set(false, for: "a")
        #expect(live.keysRead(bySectionCondition: 2) == ["a"])
        form.set(true, for: "b")
        // "a and b" no longer reads b: only "b" runs.
        #expect(runs.withLock { $0 } == ["a": 2, "b": 3, "a and b": 3])
        #expect(live.sections.map(\.index) == [1])
        form.set("x", for: "unrelated")
        #expect(runs.withLock { $0 } == ["a": 2, "b": 3, "a and b": 3])
        #expect(live.version == 3)
    }

    @Test("a cell bound to a field the form's rules hide is hidden, and so is a section whose every cell is")
    func rulesHideCells() throws {
        let definition = try FormDefinition([
            FieldDefinition(Self.a, default: true),
            FieldDefinition(Self.name).visible(when: { $0[Self.a] == true }),
            FieldDefinition(Self.count).visible(when: { $0[Self.a] == true }),
        ])
        let form = FormContextObject(definition: definition, values: ["a": true, "name": "Ada", "count": 3])
        let screen = Screen("Rules") {
            FormSection { ToggleCell("A", key: Self.a); TextCell("Name", key: Self.name) }
            FormSection(footer: { _ in "only count" }) { NumberCell("Count", key: Self.count) }
        }
        let live = LiveScreen(screen, form: form)
        let diffs = Locked([ScreenDiff]())
        let subscription = live.observe { diff in diffs.withLock { $0.append(diff) } }
        /// The diffs of one mutation without their versions, in order of their text: the form delivers
        /// the events of one mutation in no fixed order, so the diffs may come in either order.
        func changes(_ mutate: () -> Void) -> [String] {
            diffs.withLock { $0 = [] }
            mutate()
            return diffs.withLock { $0 }.map { String($0.description.drop { $0 != ":" }.dropFirst(2)) }.sorted()
        }
        #expect(live.sections.map(\.description) == [#"[A: on | Name: "Ada"]"#, #"[Count: "3" | footer: only count]"#])
        // One diff per field the mutation changed: the switch's value, and each field the rules hid.
        #expect(changes { form.set(false, for: "a") } == ["delete rows [[0, 1]]", "delete sections [1]", "update rows [[0, 0]]"])
        #expect(live.sections.map(\.description) == ["[A: off]"])
        #expect(changes { form.set(true, for: "a") } == ["insert rows [[0, 1]]", "insert sections [1]", "update rows [[0, 0]]"])
        #expect(changes { form.setVisible(false, for: "name") } == ["delete rows [[0, 1]]"])
        #expect(live.version == 7)
        subscription.cancel()
        #expect(live.rowPath(of: CellPath(section: 0, row: 1)) == nil)
        #expect(live.rowPath(of: CellPath(section: 1, row: 0)) == RowPath(section: 1, row: 0))
    }

    @Test("footers update in place at their new positions when sections before them go")
    func footersInNewPositions() {
        let form = FormContextObject(["a": true])
        let screen = Screen("Footers") {
            FormSection { ValueCell("first", value: { _ in "1" }) }.visible(when: { $0[Self.a] == true })
            FormSection { ValueCell("second", value: { _ in "2" }) }
            FormSection(footer: { $0[Self.a] == true ? "on" : "off" }) { ValueCell("third", value: { _ in "3" }) }
        }
        let live = LiveScreen(screen, form: form)
        form.set(false, for: "a")
        // The footer of the third declared section is now at visible position 1, not 2.
        #expect(live.lastDiff?.description == "version 1: delete sections [0]; update footers [1]")
        #expect(live.section(at: 1)?.footer == "off")
    }

    @Test("a cell's own condition shows and hides its row")
    func cellConditions() {
        let form = FormContextObject(["a": false])
        let screen = Screen("Cells") {
            FormSection {
                ValueCell("always", value: { _ in "x" })
                ValueCell("sometimes", value: { _ in "y" }).visible(when: { $0[Self.a] == true })
                ToggleCell("A", key: Self.a)
            }
        }
        let live = LiveScreen(screen, form: form)
        #expect(live.sections.map(\.description) == [#"[always: "x" | A: off]"#])
        form.set(true, for: "a")
        #expect(live.lastDiff?.description == "version 1: insert rows [[0, 1]]; update rows [[0, 2]]")
        #expect(live.row(at: RowPath(section: 0, row: 1))?.cell.title == "sometimes")
    }

    @Test("a screen scoped for a nested model reads and writes the keys under the prefix, its nested screens too")
    func scoped() async {
        let inner = Screen("Inner") {
            FormSection(footer: { $0[Self.a] == true ? "a is on" : nil }) {
                ToggleCell("A", key: Self.a)
                DetailCell("More", value: { $0[Self.name] }) { TextCell("Name", key: Self.name) }
                ButtonCell("Clear", role: .action { form, scope in form.set("", for: scope.key("name")) })
            }
            .visible(when: { $0[Self.b] != false })
        }
        let scoped = inner.scoped(in: FormScope("outer"))
        #expect(scoped.sections[0].cells.map(\.key) == ["outer.a", nil, nil])
        let form = FormContextObject(["outer.a": true, "outer.name": "Ada", "a": false])
        let navigator = FormNavigator(root: scoped, form: form)
        #expect(navigator.top.sections.map(\.description) == [#"[A: on | More: "Ada" | Clear | footer: a is on]"#])
        await navigator.activate()
        #expect(form["outer.a"] == AnyHashable(false))
        form.set(false, for: "outer.b")
        #expect(navigator.top.sectionCount == 0)
        form.set(true, for: "outer.b")
        navigator.focus(on: CellPath(section: 0, row: 2))
        guard case .pressed = await navigator.activate() else {
            Issue.record("the button was not pressed")
            return
        }
        #expect(form["outer.name"] == AnyHashable(""))
        navigator.open(CellPath(section: 0, row: 1))
        #expect(navigator.top.screen.sections[0].cells.map(\.key) == ["outer.name"])
    }

    @Test("a detail cell's screen is built each time it is opened, never before")
    func builtWhenOpened() {
        let built = Locked(0)
        let screen = Screen("Lazy") {
            DetailCell("Open") {
                let _ = built.withLock { $0 += 1 }
                ValueCell("inside", value: { _ in nil })
            }
        }
        let navigator = FormNavigator(root: screen, form: FormContextObject())
        #expect(built.withLock { $0 } == 0)
        #expect(navigator.open(CellPath(section: 0, row: 0)))
        #expect(built.withLock { $0 } == 1)
        navigator.pop()
        navigator.open(CellPath(section: 0, row: 0))
        #expect(built.withLock { $0 } == 2)
    }

    @Test("diffs reach subscribers and streams in version order; the screen is Observable")
    func subscriptions() async {
        let form = FormContextObject(["a": true])
        let screen = Screen("S") { FormSection { ToggleCell("A", key: Self.a) }.visible(when: { $0[Self.b] != true }) }
        let live = LiveScreen(screen, form: form)
        let seen = Locked([Int]())
        let described = Locked([String]())
        let subscription = live.observe { diff in
            seen.withLock { $0.append(diff.version) }
            described.withLock { $0.append(diff.description) }
        }
        let invalidated = Locked(false)
        withObservationTracking { _ = live.sections } onChange: { invalidated.withLock { $0 = true } }
        form.set(false, for: "a")
        #expect(invalidated.withLock { $0 })
        form.set(true, for: "b")
        form.set(true, for: "a")  // hidden section: nothing visible changes
        form.set(false, for: "b")
        #expect(seen.withLock { $0 } == [1, 2, 3])
        #expect(described.withLock { $0 } == ["version 1: update rows [[0, 0]]", "version 2: delete sections [0]", "version 3: insert sections [0]"])
        subscription.cancel()
        form.set(false, for: "a")
        #expect(seen.withLock { $0 } == [1, 2, 3])
    }

    @Test("text, number, date and choice cells read and write their fields as user edits; bad text names the key")
    func cellKinds() throws {
        enum Plan: String, CaseIterable, Hashable, Sendable { case free, pro }
        let plan = FormKey<Plan>("plan")
        let when = FormKey<Date>("when")
        let form = FormContextObject(["count": 3, "plan": Plan.free])
        let screen = Screen("Kinds") {
            NumberCell("Count", key: Self.count)
            DateCell("When", key: when)
            ChoiceCell("Plan", key: plan, options: Plan.allCases.map { CellOption("\($0)", value: $0) })
            TextCell("Secret", key: Self.name, secure: true)
        }
        let cells = screen.sections[0].cells
        #expect(cells[0].editableText(in: form) == "3")
        try cells[0].commit(text: " 42 ", to: form)
        #expect(form[Self.count] == 42)
        #expect(throws: FormControlError.unparsableText(key: "count", text: "4x", expected: "Int")) {
            try cells[0].commit(text: "4x", to: form)
        }
        form.setSecure(for: "count")
        #expect(throws: FormControlError.unparsableText(key: "count", text: "••••••", expected: "Int")) {
            try cells[0].commit(text: "4x", to: form)
        }
        try cells[1].commit(text: "2024-05-01", to: form)
        #expect(cells[1].value(in: FormValues(form.context)) == .text("2024-05-01T00:00:00Z"))
        #expect(cells[2].options.map(\.title) == ["free", "pro"])
        cells[2].selectNextOption(in: form)
        #expect(form[plan] == .pro)
        cells[2].selectNextOption(in: form)
        #expect(form[plan] == .free)
        cells[2].choose(cells[2].options[1], in: form)
        #expect(form[plan] == .pro)
        #expect(form.fieldState(for: "plan").isDirty)
        let live = LiveScreen(screen, form: form)
        #expect(live.sections[0].rows.map(\.description) == [
            #"Count: "42""#, #"When: "2024-05-01T00:00:00Z""#, #"Plan: "pro""#, #"Secret: """#,
        ])
    }

    @Test("a live screen is Sendable: built and read from a detached task while the form changes")
    func sendable() async {
        let form = FormContextObject(["a": true])
        let screen = Screen("S") { FormSection { ToggleCell("A", key: Self.a) }.visible(when: { $0[Self.a] == true }) }
        let live = await Task.detached { LiveScreen(screen, form: form) }.value
        await withTaskGroup(of: Void.self) { group in
            for index in 0..<8 {
                group.addTask { form.set(index.isMultiple(of: 2), for: "a") }
                group.addTask { _ = live.sections }
            }
        }
        form.set(true, for: "a")
        #expect(live.sections.map(\.description) == ["[A: on]"])
    }
}
