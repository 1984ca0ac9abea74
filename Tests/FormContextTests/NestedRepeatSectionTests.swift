@testable import FormContextCore
import Testing
import TestSupport

/// Rows inside rows on screens: a detail cell in a row of a repeat section opens a screen of that
/// row, whose repeat sections show the groups inside the row, reading as the row's own cells and
/// the engine's rules do (the row's fields by name, `outer` one level up each time).
@Suite("Repeat sections inside rows")
struct NestedRepeatSectionTests {
    static let survey = FormKey<String>("survey")
    static let village = FormKey<String>("village")
    static let name = FormKey<String>("name")
    static let day = FormKey<Int>("day")
    static let memberCount = FormKey<Int>("memberCount")
    static let visitCount = FormKey<Int>("visitCount")

    static let visits = RepeatGroup("visits", fields: [FieldDefinition(day, validators: [.required()])]).summary(visitCount, .count)
    static let members = RepeatGroup("members", maximum: 3, fields: [FieldDefinition(name, default: ""), FieldDefinition(visits)])
        .summary(memberCount, .count)
    static let households = RepeatGroup("households", fields: [FieldDefinition(village), FieldDefinition(members)])

    /// A member's visits, opened from the member's row.
    static let visitsScreen = Screen("Visits") {
        FormSection {
            ValueCell("Member", value: { $0[name] })
            ValueCell("Village", value: { $0.outer[village] })
        }
        RepeatSection("Visits", group: visits.key) {
            NumberCell("Day", key: day)
            ValueCell("Survey", value: { $0.outer.outer.outer[survey] })
        }
        .addButton("Add visit")
    }

    /// A household's members, opened from the household's row.
    static let membersScreen = Screen("Members") {
        FormSection(footer: { $0.previousRow.map { "after \($0[village] ?? "")" } }) {
            ValueCell("Village", value: { $0[village] })
            ValueCell("Survey", value: { $0.outer[survey] })
        }
        RepeatSection("Members", group: members.key) {
            TextCell("Name", key: name)
            ValueCell("Lives in", value: { $0.outer[village] })
            ValueCell("Survey", value: { $0.outer.outer[survey] })
            DetailCell("Visits", value: { $0[visitCount].map(String.init) }, screen: visitsScreen)
        }
        .addButton("Add member")
        .removeButton("Remove member")
    }

    static let screen = Screen("Survey") {
        FormSection { TextCell("Survey", key: survey) }
        RepeatSection("Households", group: households.key) {
            TextCell("Village", key: village)
            DetailCell("Members", value: { $0[memberCount].map(String.init) }, screen: membersScreen)
        }
        .addButton("Add household")
    }

    /// A survey of two households, Ouro (member r1 holding the default, then Ama) and Kpalime (its member r1).
    static func twoHouseholds() throws -> (form: FormContextObject, ouro: RowID, kpalime: RowID) {
        let form = FormContextObject(definition: try FormDefinition([FieldDefinition(survey), FieldDefinition(households)]))
        form.set("census", for: survey.name)
        let ouro = try form.appendRow(to: "households", ["village": "Ouro"])
        let kpalime = try form.appendRow(to: "households", ["village": "Kpalime"])
        try form.appendRow(to: "households.\(ouro).members")
        try form.appendRow(to: "households.\(ouro).members", ["name": "Ama"])
        try form.appendRow(to: "households.\(kpalime).members")
        return (form, ouro, kpalime)
    }

    @Test("a detail cell in a row opens a screen of that row's inner rows, bound to their keys")
    func screenOfInnerRows() throws {
        let (form, ouro, kpalime) = try Self.twoHouseholds()
        let navigator = FormNavigator(root: Self.screen, form: form)
        #expect(navigator.top.sections.map(\.description) == [
            "[Survey: \"census\"]", "[title: Households | Add household]",
            "[Village: \"Ouro\" | Members: \"2\"]", "[Village: \"Kpalime\" | Members: \"1\"]",
        ])
        #expect(navigator.open(CellPath(section: 1, row: 1, rowID: kpalime)))
        let kpalimeMembers = navigator.top
        #expect(kpalimeMembers.sections.map(\.description) == [
            "[Village: \"Kpalime\" | Survey: \"census\" | footer: after Ouro]", "[title: Members | Add member]",
            "[Name: \"\" | Lives in: \"Kpalime\" | Survey: \"census\" | Visits: \"0\" | Remove member]",
        ])
        #expect(kpalimeMembers.sections[2].rows[0].cell.key == "households.\(kpalime).members.r1.name")
        #expect(navigator.pop())
        #expect(navigator.open(CellPath(section: 1, row: 1, rowID: ouro)))
        #expect(navigator.top.sections.map(\.description) == [
            "[Village: \"Ouro\" | Survey: \"census\"]", "[title: Members | Add member]",
            "[Name: \"\" | Lives in: \"Ouro\" | Survey: \"census\" | Visits: \"0\" | Remove member]",
            "[Name: \"Ama\" | Lives in: \"Ouro\" | Survey: \"census\" | Visits: \"0\" | Remove member]",
        ])
    }

    @Test("the screen of a row follows that row's inner rows, and no other row's")
    func followsItsRowOnly() throws {
        let (form, ouro, kpalime) = try Self.twoHouseholds()
        let live = LiveScreen(try #require(Self.screen.cell(at: CellPath(section: 1, row: 1, rowID: ouro))?.makeDestination()), form: form)
        let diffs = Locked([String]())
        let subscription = live.observe { diff in diffs.withLock { $0.append(diff.description) } }
        try form.appendRow(to: "households.\(kpalime).members", ["name": "Kofi"])
        form.set("Abla", for: "households.\(kpalime).members.r1.name", origin: .user)
        #expect(diffs.withLock { $0 }.isEmpty)
        let efua = try form.appendRow(to: "households.\(ouro).members", ["name": "Efua"])
        form.set("Yaw", for: "households.\(ouro).members.r1.name", origin: .user)
        form.set("Tema", for: "households.\(ouro).village", origin: .user)
        try form.removeRows([efua], from: "households.\(ouro).members")
        #expect(diffs.withLock { $0 } == [
            "version 1: insert sections [4]", "version 2: update rows [[2, 0]]",
            "version 3: update rows [[0, 0], [2, 1], [3, 1], [4, 1]]", "version 4: delete sections [4]",
        ])
        #expect(live.sections.map(\.description) == [
            "[Village: \"Tema\" | Survey: \"census\"]", "[title: Members | Add member]",
            "[Name: \"Yaw\" | Lives in: \"Tema\" | Survey: \"census\" | Visits: \"0\" | Remove member]",
            "[Name: \"Ama\" | Lives in: \"Tema\" | Survey: \"census\" | Visits: \"0\" | Remove member]",
        ])
        subscription.cancel()
    }

    @Test("the add and remove buttons of a row's screen act on the group inside that row")
    func buttonsActOnTheInnerGroup() async throws {
        let (form, ouro, kpalime) = try Self.twoHouseholds()
        let navigator = FormNavigator(root: Self.screen, form: form)
        #expect(navigator.open(CellPath(section: 1, row: 1, rowID: kpalime)))
        #expect(navigator.focus(on: CellPath(section: 1, row: 0)))
        let added = await navigator.activate()
        #expect("\(added)".hasPrefix("addedRow(r2)"))
        #expect(form.rows(of: "households.\(kpalime).members") == [RowID(1), RowID(2)])
        #expect(form.rows(of: "households.\(ouro).members") == [RowID(1), RowID(2)])
        #expect(navigator.focus == CellPath(section: 1, row: 0, rowID: RowID(2)))
        await navigator.activate()
        navigator.insert("Kofi")
        navigator.commitEditing()
        #expect(form[FormKey<String>("households.\(kpalime).members.r2.name")] == "Kofi")
        navigator.removeRow(at: CellPath(section: 1, row: 4, rowID: RowID(1)))
        #expect(form.rows(of: "households.\(kpalime).members") == [RowID(2)])
        #expect(form.rows(of: "households.\(ouro).members") == [RowID(1), RowID(2)])
    }

    @Test("two levels down, a visit's cells read the member, the household and the form through outer")
    func twoLevelsDown() async throws {
        let (form, ouro, _) = try Self.twoHouseholds()
        let navigator = FormNavigator(root: Self.screen, form: form)
        #expect(navigator.open(CellPath(section: 1, row: 1, rowID: ouro)))
        #expect(navigator.open(CellPath(section: 1, row: 3, rowID: RowID(2))))
        #expect(navigator.screens.map(\.screen.title) == ["Survey", "Members", "Visits"])
        #expect(navigator.focus(on: CellPath(section: 1, row: 0)))
        #expect("\(await navigator.activate())".hasPrefix("addedRow(r1)"))
        await navigator.activate()
        navigator.insert("12")
        navigator.commitEditing()
        #expect(form[FormKey<Int>("households.\(ouro).members.r2.visits.r1.day")] == 12)
        #expect(navigator.top.sections.map(\.description) == [
            "[Member: \"Ama\" | Village: \"Ouro\"]", "[title: Visits | Add visit]", "[Day: \"12\" | Survey: \"census\"]",
        ])
        #expect(navigator.pop())
        #expect(navigator.top.sections[3].description == "[Name: \"Ama\" | Lives in: \"Ouro\" | Survey: \"census\" | Visits: \"1\" | Remove member]")
    }

    @Test("a submit that fails on an inner row's field opens the screens that lead to it")
    func submitRevealsInnerField() async throws {
        let (form, ouro, _) = try Self.twoHouseholds()
        try form.appendRow(to: "households.\(ouro).members.r2.visits")
        let navigator = FormNavigator(root: Self.screen, form: form)
        let result = await navigator.submit()
        #expect(result.firstInvalidKey == "households.\(ouro).members.r2.visits.r1.day")
        #expect(navigator.screens.map(\.screen.title) == ["Survey", "Members", "Visits"])
        #expect(navigator.focus?.description == "cell 1.r1.0")
        #expect(navigator.editing?.description == "editing cell 1.r1.0: \"\"")
    }

    @Test("a row's screen whose row is removed shows none of its rows, and its add button refuses")
    func rowRemovedUnderItsScreen() async throws {
        let (form, ouro, _) = try Self.twoHouseholds()
        let navigator = FormNavigator(root: Self.screen, form: form)
        #expect(navigator.open(CellPath(section: 1, row: 1, rowID: ouro)))
        try form.removeRows([ouro], from: "households")
        #expect(navigator.top.sections.map(\.description) == ["[Village | Survey: \"census\"]", "[title: Members | Add member]"])
        #expect(navigator.focus(on: CellPath(section: 1, row: 0)))
        let refused = await navigator.activate()
        #expect("\(refused)".hasPrefix("refused("))
        #expect(form.rows(of: "households.\(ouro).members").isEmpty)
    }
}
