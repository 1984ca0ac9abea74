import Foundation
import Testing

@testable import FormContextCore
import TestSupport

@Suite("The rows stage: a write is the write alone, and the rows follow what it recorded")
struct RowStageTests {
    static let amount = FormKey<Int>("amount")
    static let paid = FormKey<Bool>("paid")
    static let pin = FormKey<String>("pin")
    static let total = FormKey<Int>("total")
    static let paidCount = FormKey<Int>("paidCount")

    /// A group whose rows hold an amount, a paid flag and a secret pin, with two summaries.
    static let definition: FormDefinition = {
        let lines = RepeatGroup(
            "lines",
            fields: [FieldDefinition(amount), FieldDefinition(paid, default: false), FieldDefinition(pin, isSecure: true)]
        )
        .summary(total, .sum(amount))
        .summary(paidCount, .count(where: paid, equals: true))
        return (try? FormDefinition([FieldDefinition(lines)])).unsafelyUnwrapped
    }()

    static func key(_ field: String, _ id: RowID) -> String {
        id.scope(in: "lines").key(field)
    }

    @Test("a write of a group's order or a row's value changes no row and no summary until the rows stage follows it")
    func writeLeavesRowsToTheStage() throws {
        let form = FormContextObject(definition: Self.definition)
        let first = try form.appendRow(to: "lines", ["amount": 5])
        var state = form.read { $0 }
        var changes = ChangeSet(isSettling: true)
        let group = state.repeats.groups[0]
        let next = RowID(group.nextNumber)
        state.write(StoredValue(group.order.inserted(next, at: group.order.count)), at: group.slot, origin: .program, into: &changes)
        let amountSlot = try #require(state.fields.slot(of: Self.key("amount", first)))
        state.write(StoredValue(7), at: amountSlot, origin: .program, into: &changes)
        #expect(state.repeats.groups[0].rows.count == 1)
        #expect(state.fields.value(of: Self.total.name) == AnyHashable(5))
        RowStage.follow(&state, &changes)
        #expect(state.repeats.groups[0].rows.count == 2)
        #expect(state.fields.value(of: Self.total.name) == AnyHashable(7))
        #expect(state.fields.flags(at: try #require(state.fields.slot(of: Self.key("pin", next)))).contains(.secret))
    }

    /// Everything the rows stage decides, to compare before and after following every slot again.
    struct Rows: Equatable {
        let order: [RowID]
        let rows: [RowID]
        let tallies: [String]
        let contributed: [Int: String]
        let slots: [String: String]
    }

    static func rows(of state: EngineState) -> Rows {
        let group = state.repeats.groups[0]
        var slots: [String: String] = [:]
        for slot in state.fields.liveSlots {
            slots[state.fields.key(at: slot)] = "\(String(describing: state.fields.value(at: slot))) \(state.fields.flags(at: slot).rawValue)"
        }
        return Rows(
            order: Array(group.order), rows: group.rows.keys.sorted { $0.number < $1.number },
            tallies: group.tallies.map { "\($0.count) \(String(describing: $0.result))" },
            contributed: state.repeats.contributed.mapValues { "\($0.value as Any)" }, slots: slots)
    }

    /// What the oracle keeps of a row.
    struct Line {
        let id: RowID
        var amount: Int?
        var paid: Bool
        var isShown = true
    }

    @Test("random row operations, edits, hides and batches: the summaries are what the rows hold, and following every slot again changes nothing",
        arguments: [UInt64(5), 17, 0xC0FFEE])
    func followingAgainChangesNothing(seed: UInt64) throws {
        var random = SplitMix64(seed: seed)
        let form = FormContextObject(definition: Self.definition)
        var lines: [Line] = []
        for step in 0..<250 {
            switch Int.random(in: 0..<9, using: &random) {
            case 0, 1:
                guard lines.count < 10 else { continue }
                let value = Int.random(in: 0..<50, using: &random)
                let position = Int.random(in: 0...lines.count, using: &random)
                let id = try form.insertRows(into: "lines", at: position, [["amount": value]])[0]
                lines.insert(Line(id: id, amount: value, paid: false), at: position)
            case 2:
                guard !lines.isEmpty else { continue }
                let line = lines.remove(at: Int.random(in: 0..<lines.count, using: &random))
                try form.removeRows([line.id], from: "lines")
            case 3:
                guard lines.count > 1 else { continue }
                let from = Int.random(in: 0..<lines.count, using: &random)
                let to = Int.random(in: 0..<lines.count, using: &random)
                let line = lines.remove(at: from)
                lines.insert(line, at: to)
                try form.moveRow(line.id, in: "lines", to: to)
            case 4:
                guard !lines.isEmpty else { continue }
                let index = Int.random(in: 0..<lines.count, using: &random)
                let value = Int.random(in: 0..<50, using: &random)
                lines[index].amount = value
                form.set(value, for: Self.key("amount", lines[index].id))
            case 5:
                guard !lines.isEmpty else { continue }
                let index = Int.random(in: 0..<lines.count, using: &random)
                lines[index].paid.toggle()
                form.set(lines[index].paid, for: Self.key("paid", lines[index].id))
            case 6:
                guard !lines.isEmpty else { continue }
                let index = Int.random(in: 0..<lines.count, using: &random)
                lines[index].isShown.toggle()
                form.setVisible(lines[index].isShown, for: Self.key("amount", lines[index].id))
            default:
                // One batch: the group's new order, then the new row's values, its secret pin among them.
                guard lines.count < 10 else { continue }
                let number = form.read { $0.repeats.groups[0].nextNumber }
                let id = RowID(number)
                let value = Int.random(in: 0..<50, using: &random)
                let order = lines.map(\.id) + [id]
                let changes = try #require(
                    form.apply(
                        [("lines", AnyHashable(RowOrder(order))), (Self.key("amount", id), AnyHashable(value)),
                         (Self.key("pin", id), AnyHashable("4242"))], origin: .program))
                let pinChange = try #require(changes.first { $0.key == Self.key("pin", id) })
                #expect(pinChange.isSecure, "step \(step): a new row's pin written after its order")
                lines.append(Line(id: id, amount: value, paid: false))
            }
            // The oracle: what the summaries are, worked out again from the rows.
            let expectedTotal = lines.filter(\.isShown).compactMap(\.amount).reduce(0, +)
            #expect(form[Self.total] == expectedTotal, "step \(step): total")
            #expect(form[Self.paidCount] == lines.filter(\.paid).count, "step \(step): paid count")
            // Following a change set that names every slot as changed brings nothing new.
            var state = form.read { $0 }
            let before = Self.rows(of: state)
            var changes = ChangeSet(isSettling: true)
            for slot in state.fields.liveSlots {
                changes.values.append(.init(slot: slot, origin: .program))
                changes.activity.append(slot)
            }
            RowStage.follow(&state, &changes)
            #expect(Self.rows(of: state) == before, "step \(step): following again changed the rows")
            #expect(before.order == lines.map(\.id), "step \(step): order")
        }
    }
}
