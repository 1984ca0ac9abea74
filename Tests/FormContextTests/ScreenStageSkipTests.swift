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
}
