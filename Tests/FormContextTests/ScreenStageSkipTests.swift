@testable import FormContextCore
import Synchronization
import Testing

/// The screen stage leaves out a change that no screen read and that shows or hides nothing, when
/// no screen has repeat sections: what the screens report must be what they reported when every
/// change was planned.
@Suite("Live screen: changes no screen reads")
struct ScreenStageSkipTests {
    static let note = FormKey<String>("note")
    static let characters = FormKey<Int>("characters")
    static let village = FormKey<String>("village")
    static let homeCount = FormKey<Int>("homeCount")
    static let homes = FormKey<String>("homes")

    /// Collects the diffs `live` reports while `body` runs.
    static func diffs(of live: LiveScreen, during body: () throws -> Void) rethrows -> [String] {
        let diffs = Mutex<[String]>([])
        let subscription = live.observe { diff in diffs.withLock { $0.append(diff.description) } }
        defer { subscription.cancel() }
        try body()
        return diffs.withLock { $0 }
    }

    @Test("an edit whose calculation no cell shows is one diff of the edited cell, and the calculation follows it")
    func calculationNoCellShows() throws {
        let form = FormContextObject(
            definition: try FormDefinition([
                FieldDefinition(Self.note, default: ""),
                FieldDefinition(Self.characters).calculated { $0[Self.note]?.count },
            ]))
        let live = LiveScreen(Screen("Notes") { FormSection { TextCell("Note", key: Self.note) } }, form: form)
        let diffs = Self.diffs(of: live) {
            form[edit: Self.note, default: ""] = "Ada"
            form[edit: Self.note, default: ""] = "Grace"
        }
        #expect(diffs == ["version 1: update rows [[0, 0]]", "version 2: update rows [[0, 0]]"])
        #expect(form[Self.characters] == 5)
        #expect(live.sections.first?.rows.first?.value == .text("Grace"))
    }

    @Test("a row operation on a screen without repeat sections is one diff, whatever of it the screen reads")
    func rowOperationWithoutRepeatSections() throws {
        // Nothing on the screen reads the group or its rows: only the summary, through a footer and
        // through a rule that writes the field a cell shows.
        let form = FormContextObject(
            definition: try FormDefinition([
                FieldDefinition(RepeatGroup("households", fields: [FieldDefinition(Self.village)]).summary(Self.homeCount, .count)),
                FieldDefinition(Self.homes).calculated { "\($0[Self.homeCount] ?? 0) homes" },
            ]))
        let screen = Screen("Totals") {
            FormSection(footer: { "\($0[Self.homeCount] ?? 0) counted" }) { TextCell("Homes", key: Self.homes) }
        }
        let live = LiveScreen(screen, form: form)
        var ids: [RowID] = []
        let diffs = try Self.diffs(of: live) {
            ids = try form.insertRows(into: "households", at: 0, (0..<3).map { ["village": "v\($0)"] })
            try form.removeRows([ids[0]], from: "households")
            form[edit: FormKey<String>("households.\(ids[1]).village"), default: ""] = "w"
        }
        #expect(diffs == [
            "version 1: update footers [0]; update rows [[0, 0]]",
            "version 2: update footers [0]; update rows [[0, 0]]",
        ])
        #expect(live.sections.first?.footer == "2 counted")
        #expect(live.sections.first?.rows.first?.value == .text("2 homes"))
    }

    /// A form with rows, a summary and a calculation, and the two screens of it: one with a
    /// repeat section, one without.
    static func rowsForm() throws -> (FormContextObject, Screen, Screen) {
        let form = FormContextObject(
            definition: try FormDefinition([
                FieldDefinition(Self.note, default: ""),
                FieldDefinition(Self.characters).calculated { $0[Self.note]?.count },
                FieldDefinition(RepeatGroup("households", fields: [FieldDefinition(Self.village)]).summary(Self.homeCount, .count)),
                FieldDefinition(Self.homes).calculated { "\($0[Self.homeCount] ?? 0) homes" },
            ]))
        let plain = Screen("Totals") {
            FormSection(footer: { "\($0[Self.homeCount] ?? 0) counted" }) {
                TextCell("Note", key: Self.note)
                TextCell("Homes", key: Self.homes)
            }
        }
        let rows = Screen("Homes") {
            FormSection { TextCell("Note", key: Self.note) }
            RepeatSection("Homes", group: "households", footer: { "\($0[Self.homeCount] ?? 0) homes" }) {
                TextCell("Village", key: Self.village)
            }
        }
        return (form, plain, rows)
    }

    /// Edits `form`: notes, rows added, one removed, one row's village changed.
    static func edit(_ form: FormContextObject) throws {
        form[edit: Self.note, default: ""] = "Ada"
        let ids = try form.insertRows(into: "households", at: 0, (0..<3).map { ["village": "v\($0)"] })
        form[edit: Self.note, default: ""] = "Grace"
        try form.removeRows([ids[0]], from: "households")
        form[edit: FormKey<String>("households.\(ids[1]).village"), default: ""] = "w"
        try form.appendRow(to: "households", ["village": "x"])
    }

    @Test("each screen reports the same diffs whether or not another screen of the form has repeat sections")
    func screensAloneAndTogether() throws {
        let (together, plain, rows) = try Self.rowsForm()
        let plainTogether = LiveScreen(plain, form: together)
        let rowsTogether = LiveScreen(rows, form: together)
        let (plainForm, _, _) = try Self.rowsForm()
        let plainAlone = LiveScreen(plain, form: plainForm)
        let (rowsForm, _, _) = try Self.rowsForm()
        let rowsAlone = LiveScreen(rows, form: rowsForm)
        let diffsTogether = Mutex<[String: [String]]>([:])
        let subscriptions = [("plain", plainTogether), ("rows", rowsTogether)].map { name, live in
            live.observe { diff in diffsTogether.withLock { $0[name, default: []].append(diff.description) } }
        }
        try Self.edit(together)
        for subscription in subscriptions { subscription.cancel() }
        let plainDiffs = try Self.diffs(of: plainAlone) { try Self.edit(plainForm) }
        let rowsDiffs = try Self.diffs(of: rowsAlone) { try Self.edit(rowsForm) }
        #expect(diffsTogether.withLock { $0["plain"] } == plainDiffs)
        #expect(diffsTogether.withLock { $0["rows"] } == rowsDiffs)
        #expect(plainDiffs.count == 5)
        #expect(plainTogether.sections.map(\.footer) == plainAlone.sections.map(\.footer))
        #expect(rowsTogether.sections.count == rowsAlone.sections.count)
        #expect(plainAlone.sections.first?.footer == "3 counted")
    }
}
