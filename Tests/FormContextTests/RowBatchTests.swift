@testable import FormContextCore
import Foundation
import Synchronization
import Testing

/// Several rows inserted or removed, two rows swapped, and a row appended with the rows inside it:
/// each one mutation, at any depth, reported to a live screen as one diff.
@Suite("Batch row operations")
struct RowBatchTests {
    static let name = FormKey<String>("name")
    static let day = FormKey<Int>("day")
    static let visitCount = FormKey<Int>("visitCount")
    static let allVisits = FormKey<Int>("allVisits")
    static let memberCount = FormKey<Int>("memberCount")

    /// households → members (at most 3) → visits, with counts kept at each level.
    static func definition(minimumMembers: Int = 0) throws -> FormDefinition {
        let visits = RepeatGroup("visits", fields: [FieldDefinition(day)])
            .summary(visitCount, .count)
        let members = RepeatGroup("members", minimum: minimumMembers, maximum: 3, fields: [FieldDefinition(name), FieldDefinition(visits)])
            .summary(FormKey<Int>("homeVisits"), .sum(visitCount))
        return try FormDefinition([FieldDefinition(
            RepeatGroup("households", fields: [FieldDefinition(FormKey<String>("village")), FieldDefinition(members)])
                .summary(allVisits, .sum(FormKey<Int>("homeVisits")))
                .summary(memberCount, .count))])
    }

    static func names(_ form: FormContextObject, _ group: String) -> [String] {
        form.rows(of: group).map { form["\(group).\($0).name"]?.base as? String ?? "-" }
    }

    @Test("insertRows puts the rows at the position, in order, in one mutation")
    func insertSeveral() throws {
        let form = FormContextObject(definition: try Self.definition())
        let home = try form.appendRow(to: "households")
        let members = home.scope(in: "households").key("members")
        try form.appendRow(to: members, ["name": "Ada"])
        let recorder = ChangeRecorder()
        let subscription = form.observeAll(recorder.record)
        let ids = try form.insertRows(into: members, at: 0, [["name": "Bo"], ["name": "Cy"]])
        subscription.cancel()
        #expect(ids == [RowID(2), RowID(3)])
        #expect(Self.names(form, members) == ["Bo", "Cy", "Ada"])
        let keys = recorder.changes.map(\.key)
        #expect(keys.filter { $0 == members }.count == 1)
        #expect(Set(keys).count == keys.count, "each key heard of once: \(keys)")
        // Past the end is the end; no rows is no change.
        #expect(try form.insertRows(into: members, at: 9, []) == [])
        #expect(form.rows(of: members).count == 3)
    }

    @Test("insertRows refuses rows past the maximum, changing nothing")
    func insertRefusals() throws {
        let form = FormContextObject(definition: try Self.definition())
        let home = try form.appendRow(to: "households")
        let members = home.scope(in: "households").key("members")
        try form.appendRow(to: members, ["name": "Ada"])
        let before = form.context
        #expect(throws: RepeatGroupError.tooManyRows(group: members, maximum: 3)) {
            try form.insertRows(into: members, at: 1, [["name": "Bo"], ["name": "Cy"], ["name": "Di"]])
        }
        #expect(throws: RepeatGroupError.unknownGroup("households.r9.members")) {
            try form.insertRows(into: "households.r9.members", at: 0, [[:]])
        }
        #expect(form.context == before)
    }

    @Test("removeRows takes several rows and what is inside them, in one mutation")
    func removeSeveral() throws {
        let form = FormContextObject(definition: try Self.definition())
        let homes = try form.insertRows(into: "households", at: 0, [
            ["members": [["name": "Ada", "visits": [["day": 1], ["day": 2]] as [FormContext]]] as [FormContext]],
            ["members": [["name": "Bo", "visits": [["day": 3]] as [FormContext]]] as [FormContext]],
            ["members": [["name": "Cy"]] as [FormContext]],
        ])
        #expect(form[Self.allVisits] == 3)
        let recorder = ChangeRecorder()
        let subscription = form.observeAll(recorder.record)
        try form.removeRows([homes[2], homes[0], homes[2]], from: "households")
        subscription.cancel()
        #expect(form.rows(of: "households") == [homes[1]])
        #expect(form[Self.allVisits] == 1)
        #expect(form[Self.memberCount] == 1)
        #expect(form.context.values.keys.filter { $0.hasPrefix("households.r1.") || $0.hasPrefix("households.r3.") }.isEmpty)
        #expect(recorder.changes.filter { $0.key == "households" }.count == 1)
        #expect(recorder.changes.filter { $0.key == Self.allVisits.name }.count == 1)
    }

    @Test("removeRows names the first unknown row and changes nothing")
    func removeRefusals() throws {
        let form = FormContextObject(definition: try Self.definition())
        let ids = try form.insertRows(into: "households", at: 0, [[:], [:]])
        let before = form.context
        #expect(throws: RepeatGroupError.unknownRow(group: "households", id: RowID(7))) {
            try form.removeRows([ids[0], RowID(7), RowID(8)], from: "households")
        }
        #expect(form.context == before)
        try form.removeRows([], from: "households")
        #expect(form.context == before)
    }

    @Test("swapRows exchanges two rows at any depth, in chunks near and far")
    func swap() throws {
        let form = FormContextObject(definition: try Self.definition())
        let home = try form.appendRow(to: "households")
        let members = home.scope(in: "households").key("members")
        let ids = try form.insertRows(into: members, at: 0, [["name": "Ada"], ["name": "Bo"], ["name": "Cy"]])
        try form.swapRows(ids[2], ids[0], in: members)
        #expect(Self.names(form, members) == ["Cy", "Bo", "Ada"])
        try form.swapRows(ids[1], ids[1], in: members)
        #expect(Self.names(form, members) == ["Cy", "Bo", "Ada"])
        #expect(throws: RepeatGroupError.unknownRow(group: members, id: RowID(9))) { try form.swapRows(ids[0], RowID(9), in: members) }
        // Rows in different chunks of a long order, and a row's neighbours after the swap.
        let many = try form.insertRows(into: "households", at: 1, Array(repeating: [:], count: 1_200))
        try form.swapRows(many[3], many[1_100], in: "households")
        var expected = [home] + many
        expected.swapAt(4, 1_101)
        #expect(Array(form.rows(of: "households")) == expected)
        try form.removeRows([many[1_100]], from: "households")
        expected.remove(at: 4)
        #expect(Array(form.rows(of: "households")) == expected)
    }

    @Test("a row appended with the rows inside it, to any depth, in one mutation")
    func appendWithInnerRows() throws {
        let form = FormContextObject(definition: try Self.definition(minimumMembers: 1))
        let recorder = ChangeRecorder()
        let subscription = form.observeAll(recorder.record)
        let home = try form.appendRow(to: "households", [
            "village": "Ouro",
            "members": [["name": "Yaw", "visits": [["day": 4], ["day": 5]] as [FormContext]], ["name": "Ama"]] as [FormContext],
        ])
        subscription.cancel()
        let members = home.scope(in: "households").key("members")
        #expect(Self.names(form, members) == ["Yaw", "Ama"])
        #expect(form["\(members).r1.visits.r2.day"] == AnyHashable(5))
        #expect(form["\(members).r1.visitCount"] == AnyHashable(2))
        #expect(form["\(members).r2.visitCount"] == AnyHashable(0))
        #expect(form[Self.allVisits] == 2)
        let keys = recorder.changes.map(\.key)
        #expect(Set(keys).count == keys.count, "each key heard of once: \(keys)")
        let json = try FormSubmission(form.context, definition: try Self.definition()).json(pretty: false)
        #expect(json.contains(#""members":[{"name":"Yaw","visitCount":2,"visits":[{"day":4},{"day":5}]}"#), "\(json)")
        // Given no rows, the inner group starts with its minimum; given none, it is kept empty.
        let other = try form.appendRow(to: "households")
        #expect(form.rows(of: other.scope(in: "households").key("members")).count == 1)
        let empty = try form.appendRow(to: "households", ["members": [] as [FormContext]])
        #expect(form.rows(of: empty.scope(in: "households").key("members")).isEmpty)
    }

    @Test("inner rows past an inner maximum, or something else under an inner group's name, are refused whole")
    func innerRowRefusals() throws {
        let form = FormContextObject(definition: try Self.definition())
        try form.appendRow(to: "households")
        let before = form.context
        #expect(throws: RepeatGroupError.tooManyRows(group: "households.r3.members", maximum: 3)) {
            try form.insertRows(into: "households", at: 0, [[:], ["members": Array(repeating: FormContext(), count: 4)]])
        }
        #expect(throws: RepeatGroupError.notAnOrder(group: "households.r2.members.r1.visits", found: "Array<Dictionary<String, Int>>")) {
            try form.appendRow(to: "households", ["members": [["visits": [["day": 1]]]] as [FormContext]])
        }
        #expect(throws: RepeatGroupError.tooManyRows(group: "households.r2.members", maximum: 3)) {
            try form.replaceRows(of: "households", with: [["members": Array(repeating: FormContext(), count: 5)]])
        }
        #expect(form.context == before)
        #expect(try form.appendRow(to: "households") == RowID(2))
    }

    @Test("a live screen reports each batch as one diff")
    func oneDiffPerBatch() throws {
        let form = FormContextObject(definition: try Self.definition())
        let screen = Screen("Homes") {
            RepeatSection("Homes", group: "households") { TextCell("Village", key: FormKey<String>("village")) }
        }
        let live = LiveScreen(screen, form: form)
        let diffs = Mutex<[ScreenDiff]>([])
        let subscription = live.observe { diff in diffs.withLock { $0.append(diff) } }
        let ids = try form.insertRows(into: "households", at: 0, (0..<4).map { ["village": "v\($0)"] })
        try form.swapRows(ids[0], ids[3], in: "households")
        try form.removeRows([ids[1], ids[2]], from: "households")
        try form.appendRow(to: "households", ["village": "w", "members": [["name": "Yaw"]] as [FormContext]])
        subscription.cancel()
        #expect(diffs.withLock { $0.map(\.description) } == [
            "version 1: insert sections [1, 2, 3, 4]",
            "version 2: delete sections [1, 4]; insert sections [1, 4]",
            "version 3: delete sections [2, 3]",
            "version 4: insert sections [3]",
        ])
    }
}

/// A batch row operation with a footer that reads a summary of the group: the rows and the footer
/// come in the batch's one diff.
@Suite("Batch row operations with a summary footer")
struct RowBatchFooterTests {
    static let village = FormKey<String>("village")
    static let homeCount = FormKey<Int>("homeCount")

    static func live() throws -> (FormContextObject, LiveScreen) {
        let form = FormContextObject(
            definition: try FormDefinition([FieldDefinition(
                RepeatGroup("households", fields: [FieldDefinition(village)]).summary(homeCount, .count))]))
        let screen = Screen("Homes") {
            RepeatSection("Homes", group: "households", footer: { "\($0[homeCount] ?? 0) homes" }) {
                TextCell("Village", key: village)
            }
        }
        return (form, LiveScreen(screen, form: form))
    }

    @Test("each batch operation is one diff, with the footer's new summary in it")
    func footerInTheBatchDiff() throws {
        let (form, live) = try Self.live()
        #expect(live.sections.first?.footer == "0 homes")
        let diffs = Mutex<[ScreenDiff]>([])
        let subscription = live.observe { diff in diffs.withLock { $0.append(diff) } }
        let ids = try form.insertRows(into: "households", at: 0, (0..<4).map { ["village": "v\($0)"] })
        #expect(diffs.withLock { $0.map(\.description) } == ["version 1: insert sections [1, 2, 3, 4]; update footers [0]"])
        #expect(live.sections.first?.footer == "4 homes")
        try form.swapRows(ids[0], ids[3], in: "households")
        try form.removeRows([ids[1], ids[2]], from: "households")
        try form.appendRow(to: "households", ["village": "w"])
        try form.replaceRows(of: "households", with: [["village": "x"]])
        subscription.cancel()
        #expect(diffs.withLock { $0.map(\.description) } == [
            "version 1: insert sections [1, 2, 3, 4]; update footers [0]",
            "version 2: delete sections [1, 4]; insert sections [1, 4]",
            "version 3: delete sections [2, 3]; update footers [0]",
            "version 4: insert sections [3]; update footers [0]",
            "version 5: delete sections [1, 2, 3]; insert sections [1]; update footers [0]",
        ])
        #expect(live.sections.first?.footer == "1 homes")
    }
}
