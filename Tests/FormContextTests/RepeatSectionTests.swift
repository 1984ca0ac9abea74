@_spi(Diagnostics) @testable import FormContextCore
import Testing
import TestSupport

/// Repeat sections on a live screen: a section per row, bound to the row's keys, kept current as
/// rows are added, removed, moved and edited, and the form's rules hiding a row's field hiding its cell.
@Suite("Repeat sections")
struct RepeatSectionTests {
    static let name = FormKey<String>("name")
    static let age = FormKey<Int>("age")
    static let isAdult = FormKey<Bool>("isAdult")

    /// Members with a name, an age and a guardian shown only for a child.
    static let members = RepeatGroup("members", maximum: 3, fields: [
        FieldDefinition(name, default: ""),
        FieldDefinition(age),
        FieldDefinition(FormKey<String>("guardian")).visible(when: { ($0[age] ?? 0) < 18 }),
    ])

    static let screen = Screen("Household") {
        FormSection("Address") { TextCell("Street", key: FormKey<String>("street")) }
        RepeatSection("Members", group: members.key) {
            TextCell("Name", key: name)
            NumberCell("Age", key: age)
            TextCell("Guardian", key: FormKey<String>("guardian"))
        }
        .addButton("Add member")
        .removeButton("Remove")
        FormSection { ButtonCell("Save", role: .submit) }
    }

    static func makeForm() throws -> FormContextObject {
        FormContextObject(definition: try FormDefinition([FieldDefinition(FormKey<String>("street")), FieldDefinition(members)]))
    }

    /// A household of Ada, 36, and Bo, 7 (who needs a guardian), on a live screen.
    static func adaAndBo() throws -> (form: FormContextObject, ada: RowID, bo: RowID, live: LiveScreen) {
        let form = try makeForm()
        let ada = try form.appendRow(to: "members", ["name": "Ada", "age": 36])
        let bo = try form.appendRow(to: "members", ["name": "Bo", "age": 7])
        return (form, ada, bo, LiveScreen(screen, form: form))
    }

    @Test("a section per row, after the section's own, bound to the row's keys")
    func sectionPerRow() throws {
        let (_, ada, bo, live) = try Self.adaAndBo()
        #expect(live.sections.map(\.description) == [
            "[title: Address | Street: \"\"]", "[title: Members | Add member]",
            "[Name: \"Ada\" | Age: \"36\" | Remove]", "[Name: \"Bo\" | Age: \"7\" | Guardian: \"\" | Remove]", "[Save]",
        ])
        #expect(live.sections[2].rowID == ada)
        #expect(live.sections[3].rows[0].cell.key == "members.\(bo).name")
        #expect(live.sectionCount == 5)
        #expect(live.section(at: 3)?.rowID == bo)
        #expect(live.section(at: 4)?.rows.first?.cell.title == "Save")
        #expect(live.rowPath(of: CellPath(section: 1, row: 2, rowID: bo)) == RowPath(section: 3, row: 2))
        #expect(live.rowPath(of: CellPath(section: 1, row: 2, rowID: ada)) == nil)
    }

    @Test("appending, inserting, moving and removing a row report one section each")
    func rowOperations() throws {
        let form = try Self.makeForm()
        let ada = try form.appendRow(to: "members", ["name": "Ada", "age": 36])
        let live = LiveScreen(Self.screen, form: form)
        let bo = try form.appendRow(to: "members", ["name": "Bo", "age": 40])
        #expect(live.lastDiff?.description == "version 1: insert sections [3]")
        try form.moveRow(bo, in: "members", to: 0)
        #expect(live.lastDiff?.description == "version 2: delete sections [2]; insert sections [3]")
        try form.removeRows([ada], from: "members")
        #expect(live.lastDiff?.description == "version 3: delete sections [3]")
        let diffs = Locked([String]())
        let subscription = live.observe { diff in diffs.withLock { $0.append(diff.description) } }
        // The age's value, then the guardian the rules show for a child: one diff each, in that order.
        form.set(12, for: "members.\(bo).age", origin: .user)
        #expect(diffs.withLock { $0 } == ["version 4: update rows [[2, 1]]", "version 5: insert rows [[2, 2]]"])
        subscription.cancel()
    }

    @Test("a row's cell is hidden while the rules hide its field in that row, and only there")
    func rulesHideRowCells() throws {
        let (form, ada, bo, live) = try Self.adaAndBo()
        let guardian = { (id: RowID) in CellPath(section: 1, row: 2, rowID: id) }
        #expect(live.rowPath(of: guardian(ada)) == nil)
        #expect(live.rowPath(of: guardian(bo)) == RowPath(section: 3, row: 2))
        form.set(40, for: "members.\(bo).age", origin: .user)
        #expect(live.rowPath(of: guardian(bo)) == nil)
        #expect(live.lastDiff?.description == "version 2: delete rows [[3, 2]]")
        form.set(9, for: "members.\(ada).age", origin: .user)
        #expect(live.rowPath(of: guardian(ada)) == RowPath(section: 2, row: 2))
        #expect(live.lastDiff?.description == "version 4: insert rows [[2, 2]]")
    }

    @Test("one row added or removed among hundreds computes that row's cells and nothing else")
    func costOfOneRow() throws {
        let group = RepeatGroup("items", fields: [FieldDefinition(Self.name, default: "")])
        let form = FormContextObject(definition: try FormDefinition([FieldDefinition(group)]))
        _ = try form.replaceRows(of: "items", with: (0..<300).map { ["name": "item \($0)"] })
        let screen = Screen("Items") {
            RepeatSection(group: "items") {
                TextCell("Name", key: Self.name)
                ValueCell("Long", value: { ($0[Self.name]?.count ?? 0) > 6 ? "yes" : nil }).visible(when: { $0[Self.name] != nil })
            }
            .removeButton("Remove")
        }
        let live = LiveScreen(screen, form: form)
        #expect(live.sectionCount == 300)
        let before = live.evaluationCount
        let id = try form.insertRows(into: "items", at: 150, [["name": "new"]])[0]
        // The new row's three values and one condition, once: the settle hands out the name's new
        // value with the derivations that read it then, and the row's were not yet in the graph (the
        // row, computed whole after the settle, read the new name already).
        #expect(live.evaluationCount == before + 4)
        #expect(live.lastDiff?.description == "version 1: insert sections [150]")
        try form.removeRows([id], from: "items")
        #expect(live.evaluationCount == before + 4)
        #expect(live.lastDiff?.description == "version 2: delete sections [150]")
        form.set("a longer name", for: "items.r7.name", origin: .user)
        #expect(live.evaluationCount == before + 7)
        #expect(live.lastDiff?.description == "version 3: update rows [[6, 0], [6, 1]]")
    }

    @Test("activating the add button adds a row with the defaults and focuses its first cell")
    func navigatorAdds() async throws {
        let form = try Self.makeForm()
        let navigator = FormNavigator(root: Self.screen, form: form)
        #expect(navigator.focus(on: CellPath(section: 1, row: 0)))
        guard case .addedRow(let id) = await navigator.activate() else {
            Issue.record("no row added")
            return
        }
        #expect(form.rows(of: "members") == [id])
        #expect(form["members.\(id).name"] == AnyHashable(""))
        #expect(navigator.focus == CellPath(section: 1, row: 0, rowID: id))
        #expect(Self.same(await navigator.activate(), .editing))
        navigator.insert("Cy")
        #expect(navigator.commitEditing())
        #expect(form["members.\(id).name"] == AnyHashable("Cy"))
        #expect(navigator.moveFocus(.previous))
        #expect(navigator.focus == CellPath(section: 1, row: 0))
        for _ in 0..<2 {
            navigator.focus(on: CellPath(section: 1, row: 0))
            _ = await navigator.activate()
        }
        navigator.focus(on: CellPath(section: 1, row: 0))
        #expect(Self.same(await navigator.activate(), .refused(.tooManyRows(group: "members", maximum: 3))))
        #expect(navigator.focus == CellPath(section: 1, row: 0))
    }

    @Test("removing the focused row hands the focus to the same cell of the next row, the one before, then the add button")
    func navigatorRemoves() async throws {
        let form = try Self.makeForm()
        let ids = try (0..<3).map { try form.appendRow(to: "members", ["name": "m\($0)", "age": 30]) }
        let navigator = FormNavigator(root: Self.screen, form: form)
        let remove = { (id: RowID) in CellPath(section: 1, row: 3, rowID: id) }
        #expect(navigator.focus(on: remove(ids[1])))
        #expect(Self.same(await navigator.activate(), .removedRow(ids[1])))
        #expect(form.rows(of: "members") == [ids[0], ids[2]])
        #expect(navigator.focus == remove(ids[2]))
        #expect(Self.same(await navigator.activate(), .removedRow(ids[2])))
        #expect(navigator.focus == remove(ids[0]))
        #expect(Self.same(await navigator.activate(), .removedRow(ids[0])))
        #expect(navigator.focus == CellPath(section: 1, row: 0))
        #expect(navigator.top.sections.map(\.description) == ["[title: Address | Street: \"\"]", "[title: Members | Add member]", "[Save]"])
    }

    @Test("a row removed elsewhere, or by a swipe, leaves the focus on a visible cell")
    func focusAfterRemovalElsewhere() throws {
        let form = try Self.makeForm()
        let ids = try (0..<2).map { try form.appendRow(to: "members", ["name": "m\($0)", "age": 30]) }
        let navigator = FormNavigator(root: Self.screen, form: form)
        #expect(navigator.focus(on: CellPath(section: 1, row: 0, rowID: ids[0])))
        #expect(Self.same(navigator.removeRow(at: CellPath(section: 1, row: 1, rowID: ids[0])), .removedRow(ids[0])))
        #expect(navigator.focus == CellPath(section: 1, row: 0, rowID: ids[1]))
        try form.removeRows([ids[1]], from: "members")
        let focus = try #require(navigator.focus)
        #expect(navigator.top.rowPath(of: focus) != nil)
        #expect(Self.same(navigator.removeRow(at: CellPath(section: 0, row: 0)), .none))
    }

    @Test("a submit that fails on a row's field focuses that row's cell and starts editing it")
    func submitRevealsRowField() async throws {
        let group = RepeatGroup("members", fields: [FieldDefinition(Self.name, validators: [.required()])])
        let form = FormContextObject(definition: try FormDefinition([FieldDefinition(group)]))
        let ada = try form.appendRow(to: "members", ["name": "Ada"])
        let blank = try form.appendRow(to: "members")
        let screen = Screen("Members") {
            RepeatSection("Members", group: group.key) { TextCell("Name", key: Self.name) }
            FormSection { ButtonCell("Save", role: .submit) }
        }
        let navigator = FormNavigator(root: screen, form: form)
        let result = await navigator.submit()
        #expect(result.firstInvalidKey == "members.\(blank).name")
        #expect(navigator.focus == CellPath(section: 0, row: 0, rowID: blank))
        #expect(navigator.editing?.path == CellPath(section: 0, row: 0, rowID: blank))
        navigator.insert("Bo")
        #expect(navigator.commitEditing())
        #expect(form.rows(of: "members") == [ada, blank])
        #expect(form["members.\(blank).name"] == AnyHashable("Bo"))
    }

    /// Whether two activations are the same, with the same rows or errors.
    static func same(_ a: Activation, _ b: Activation) -> Bool {
        switch (a, b) {
        case (.none, .none), (.editing, .editing), (.pressed, .pressed), (.committed, .committed): true
        case (.addedRow(let x), .addedRow(let y)), (.removedRow(let x), .removedRow(let y)): x == y
        case (.refused(let x), .refused(let y)): x == y
        default: false
        }
    }
}

extension RepeatSectionTests {
    /// Members whose rows say who comes before them, from the previous row.
    static let queueScreen = Screen("Queue") {
        RepeatSection("Members", group: members.key) {
            TextCell("Name", key: name)
            DetailCell("After", value: { row in row.previousRow.map { "after \($0[name] ?? "")" } }, screen: Screen("None", sections: []))
                .visible(when: { $0.previousRow != nil })
        }
    }

    @Test("a row's cell that reads the previous row runs again when a row is inserted, moved or removed next to it")
    func cellsFollowTheirNeighbours() throws {
        let (form, ada, bo, _) = try Self.adaAndBo()
        let live = LiveScreen(Self.queueScreen, form: form)
        let heard = Locked([String]())
        let subscription = form.observeAll(aspects: .all) { event in heard.withLock { $0.append(event.key) } }
        #expect(live.sections.map(\.description) == [
            "[title: Members]", "[Name: \"Ada\"]", "[Name: \"Bo\" | After: \"after Ada\"]",
        ])
        let cy = try form.insertRows(into: "members", at: 0, [["name": "Cy"]])[0]
        #expect(live.sections.map(\.description) == [
            "[title: Members]", "[Name: \"Cy\"]", "[Name: \"Ada\" | After: \"after Cy\"]", "[Name: \"Bo\" | After: \"after Ada\"]",
        ])
        try form.moveRow(bo, in: "members", to: 1)
        #expect(live.sections.map(\.description) == [
            "[title: Members]", "[Name: \"Cy\"]", "[Name: \"Bo\" | After: \"after Cy\"]", "[Name: \"Ada\" | After: \"after Bo\"]",
        ])
        try form.removeRows([cy], from: "members")
        #expect(live.sections.map(\.description) == [
            "[title: Members]", "[Name: \"Bo\"]", "[Name: \"Ada\" | After: \"after Bo\"]",
        ])
        // What a screen built now shows.
        #expect(live.sections.map(\.description) == LiveScreen(Self.queueScreen, form: form).sections.map(\.description))
        // What tells the screen that a row's neighbour changed is for it alone: a subscriber hears fields.
        subscription.cancel()
        #expect(!heard.withLock { $0 }.isEmpty)
        #expect(heard.withLock { $0 }.allSatisfy { $0 == "members" || $0.hasPrefix("members.") })
        _ = ada
    }
}
