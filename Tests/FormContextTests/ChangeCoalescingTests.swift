@testable import FormContextCore
import Testing

/// A change handler hears once per mutation of each key, also of keys the settling of a mutation
/// writes more than once: a repeat group's summaries, a calculated field a reset writes first.
@Suite("Change handlers hear each key once per mutation")
struct ChangeCoalescingTests {
    static let quantity = FormKey<Int>("quantity")
    static let total = FormKey<Int>("total")
    static let count = FormKey<Int>("count")

    static func form() throws -> FormContextObject {
        FormContextObject(definition: try FormDefinition([
            FieldDefinition(RepeatGroup("items", fields: [FieldDefinition(quantity, default: 1)])
                .summary(total, .sum(quantity))
                .summary(count, .count)),
        ]))
    }

    /// Every change heard by an all-keys handler during `body`, grouped by mutation.
    static func heard(_ form: FormContextObject, _ body: () throws -> Void) rethrows -> [FormChange] {
        let heard = SendableBox<[FormChange]>([])
        let subscription = form.observeAll { change in heard.mutate { $0.append(change) } }
        defer { subscription.cancel() }
        try body()
        return heard.value
    }

    @Test("replacing, resetting and removing many rows: each summary heard once, from before to after")
    func summariesOnce() throws {
        let form = try Self.form()
        var changes = try Self.heard(form) {
            _ = try form.replaceRows(of: "items", with: [["quantity": 2], ["quantity": 3], ["quantity": 4]])
        }
        #expect(changes.filter { $0.key == "total" }.map(\.description) == ["total: 0 -> 9 (calculation)"])
        #expect(changes.filter { $0.key == "count" }.map(\.description) == ["count: 0 -> 3 (calculation)"])
        #expect(changes.filter { $0.key == "items" }.count == 1)
        changes = Self.heard(form) { form.reset() }
        #expect(changes.filter { $0.key == "total" }.map(\.description) == ["total: 9 -> 0 (calculation)"])
        #expect(Dictionary(grouping: changes, by: \.key).values.allSatisfy { $0.count == 1 })
    }

    @Test("a key written back to where it began is not heard at all")
    func unchangedNotHeard() throws {
        let form = try Self.form()
        _ = try form.replaceRows(of: "items", with: [["quantity": 2], ["quantity": 3]])
        let rows = form.rows(of: "items")
        let changes = try Self.heard(form) {
            // One mutation: the total goes 5 -> 2 -> 5 as the rows are replaced by rows of the same sum.
            _ = try form.replaceRows(of: "items", with: [["quantity": 4], ["quantity": 1]])
        }
        #expect(form.rows(of: "items") != rows)
        #expect(!changes.contains { $0.key == "total" })
        #expect(!changes.contains { $0.key == "count" })
    }

    @Test("seeded: after any row operation every key is heard at most once, and what is heard last is the form's value")
    func seeded() throws {
        var generator = SeededGenerator(seed: 0xC0A1E5CE)
        let form = try Self.form()
        for _ in 0..<300 {
            let before = form.context
            let changes = try Self.heard(form) {
                let rows = form.rows(of: "items")
                switch Int.random(in: 0..<5, using: &generator) {
                case 0: _ = try form.appendRow(to: "items", ["quantity": Int.random(in: 0...5, using: &generator)])
                case 1 where !rows.isEmpty: try form.removeRows([rows[Int.random(in: 0..<rows.count, using: &generator)]], from: "items")
                case 2: _ = try form.replaceRows(of: "items", with: (0..<Int.random(in: 0...4, using: &generator)).map { _ in ["quantity": Int.random(in: 0...3, using: &generator)] })
                case 3 where !rows.isEmpty:
                    form.set(Int.random(in: 0...5, using: &generator), for: rows[0].scope(in: "items").key(Self.quantity).name)
                default: form.reset()
                }
            }
            let byKey = Dictionary(grouping: changes, by: \.key)
            for (key, heard) in byKey {
                #expect(heard.count == 1, "\(key) heard \(heard.count) times")
                #expect(heard.last?.newValue == form.context[key], "\(key)")
                #expect(heard.first?.oldValue == before[key], "\(key)")
            }
            for key in Set(before.keys).union(form.context.keys) where before[key] != form.context[key] && key != "items" {
                #expect(byKey[key] != nil, "\(key) changed unheard")
            }
        }
    }
}
