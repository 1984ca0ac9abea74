@testable import FormContextCore
import Foundation
import Synchronization
import Testing

/// A live screen of a group inside a row, when that row goes: its rows go in one diff, before any
/// of their fields' values is heard of.
@Suite("Screens of rows inside a row that goes")
struct InnerRowsScreenTests {
    static let name = FormKey<String>("name")
    static let day = FormKey<Int>("day")

    static func form() throws -> FormContextObject {
        let visits = RepeatGroup("visits", fields: [FieldDefinition(day)])
        let members = RepeatGroup("members", fields: [FieldDefinition(name), FieldDefinition(visits)])
        let form = FormContextObject(definition: try FormDefinition([FieldDefinition(RepeatGroup("households", fields: [FieldDefinition(members)]))]))
        for _ in 0..<2 { try form.appendRow(to: "households") }
        for member in ["Ada", "Bo", "Cy"] { try form.appendRow(to: "households.r1.members", ["name": member]) }
        for day in 1...2 { try form.appendRow(to: "households.r1.members.r1.visits", ["day": day]) }
        return form
    }

    /// The diffs `screen` delivers while `change` runs.
    static func diffs(of screen: Screen, on form: FormContextObject, during change: () throws -> Void) rethrows -> [String] {
        let live = LiveScreen(screen, form: form)
        let diffs = Mutex<[String]>([])
        let subscription = live.observe { diff in diffs.withLock { $0.append("\(diff)") } }
        try change()
        subscription.cancel()
        return diffs.withLock { $0 }
    }

    @Test("removing the row takes the rows inside it off the screen in one diff, at every depth")
    func oneDiff() throws {
        let members = Screen("Members") { RepeatSection(group: "households.r1.members") { TextCell("Name", key: Self.name) } }
        let visits = Screen("Visits") { RepeatSection(group: "households.r1.members.r1.visits") { NumberCell("Day", key: Self.day) } }
        var form = try Self.form()
        #expect(try Self.diffs(of: members, on: form) { try form.removeRows([RowID(1)], from: "households") } == ["version 1: delete sections [0, 1, 2]"])
        form = try Self.form()
        #expect(try Self.diffs(of: visits, on: form) { try form.removeRows([RowID(1)], from: "households") } == ["version 1: delete sections [0, 1]"])
        form = try Self.form()
        #expect(try Self.diffs(of: visits, on: form) { try form.removeRows([RowID(1)], from: "households.r1.members") } == ["version 1: delete sections [0, 1]"])
    }
}
