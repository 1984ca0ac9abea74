import FormContext
import Testing

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
        RepeatSection("Members", group: members) {
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

    @Test("a section per row, after the section's own, bound to the row's keys")
    func sectionPerRow() throws {
        let form = try Self.makeForm()
        let ada = try form.appendRow(to: "members", ["name": "Ada", "age": 36])
        let bo = try form.appendRow(to: "members", ["name": "Bo", "age": 7])
        let live = LiveScreen(Self.screen, form: form)
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
        try form.removeRow(ada, from: "members")
        #expect(live.lastDiff?.description == "version 3: delete sections [3]")
        let diffs = Locked([String]())
        let subscription = live.observe { diff in diffs.withLock { $0.append(diff.description) } }
        // The age's value, then the guardian the rules show for a child: one diff each, in that order.
        form.set(12, for: "members.\(bo).age", origin: .user)
        #expect(diffs.withLock { $0 } == ["version 4: update rows [[2, 1]]", "version 5: insert rows [[2, 2]]"])
        subscription.cancel()
    }
}
