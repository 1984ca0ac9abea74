import Foundation
import Testing

@testable import FormContextCore
import TestSupport

/// The members of the rules' groups: a row with a condition makes a group of every slot under the
/// row, and removing the row's inner rows takes their slots out of it one by one.
///
/// Run one seed alone with `FORMCONTEXT_SEED=<seed> swift test --filter GroupMembersTests`.
@Suite("Members of the rules' groups against a plain oracle")
struct GroupMembersTests {
    static let seeds: [UInt64] = {
        var seeds: [UInt64] = [1, 2, 3, 7, 42, 0x5EED, 0xC0FF_EE00, .max]
        if let extra = ProcessInfo.processInfo.environment["FORMCONTEXT_SEED"].flatMap(UInt64.init) { seeds.append(extra) }
        return seeds
    }()

    static let open = FormKey<Bool>("open")
    static let name = FormKey<String>("name")
    static let age = FormKey<Int>("age")
    static let memberCount = FormKey<Int>("memberCount")

    @Test("random inserts and removals keep the members of a plain array, in order", arguments: seeds)
    func againstAnArray(seed: UInt64) {
        var random = SplitMix64(seed: seed)
        var members = GroupMembers()
        var oracle: [Int] = []
        for step in 0..<2_000 {
            let slot = Int.random(in: 0..<64, using: &random)
            // Runs of removals as well as of inserts, so that holes pile up and are closed.
            let removing = Int.random(in: 0..<100, using: &random) < (step / 200 % 2 == 0 ? 30 : 70)
            if removing {
                #expect(members.remove(slot) == oracle.contains(slot), "seed \(seed) step \(step)")
                oracle.removeAll { $0 == slot }
            } else {
                #expect(members.insert(slot) == !oracle.contains(slot), "seed \(seed) step \(step)")
                if !oracle.contains(slot) { oracle.append(slot) }
            }
            #expect(Array(members) == oracle, "seed \(seed) step \(step)")
            #expect(members.count == oracle.count && members.isEmpty == oracle.isEmpty)
            let probe = Int.random(in: 0..<64, using: &random)
            #expect(members.contains(probe) == oracle.contains(probe), "seed \(seed) step \(step)")
            #expect(members.invariantViolations(prefix: "g") == [], "seed \(seed) step \(step)")
        }
    }

    /// Households shown while open, each with members counted.
    static func definition() throws -> FormDefinition {
        let members = RepeatGroup("members", fields: [FieldDefinition(name), FieldDefinition(age)])
            .summary(memberCount, .count)
        let households = RepeatGroup("households", fields: [FieldDefinition(open), FieldDefinition(members)])
            .rowVisible(when: { $0[open] != false })
        return try FormDefinition([FieldDefinition(households)])
    }

    /// The members of the group of each household row, and every live slot under that row (the oracle).
    static func groups(of form: FormContextObject, rows: [String]) -> [(members: [Int], under: Set<Int>)] {
        form.read { state in
            rows.map { prefix in
                let members = state.rules.groupByPrefix[prefix].map { Array(state.rules.groups[$0].members) } ?? []
                let under = state.fields.liveSlots.filter { state.fields.key(at: $0).hasPrefix(prefix + ".") }
                return (members, Set(under))
            }
        }
    }

    @Test("adding and removing inner rows of rows with a condition keeps each row's group exactly the slots under it", arguments: seeds)
    func innerRowsOfConditionalRows(seed: UInt64) throws {
        var random = SplitMix64(seed: seed)
        let form = FormContextObject(definition: try Self.definition())
        let homes = try (0..<2).map { _ in try form.appendRow(to: "households", ["open": true]) }
        let prefixes = homes.map { $0.scope(in: "households").prefix }
        let groups = homes.map { $0.scope(in: "households").key("members") }
        var rows: [[RowID]] = [[], []]
        var before = Self.groups(of: form, rows: prefixes)
        for step in 0..<150 {
            let label = "seed \(seed) step \(step)"
            let home = Int.random(in: 0..<2, using: &random)
            switch Int.random(in: 0..<10, using: &random) {
            case 0..<4 where rows[home].count < 40:
                let at = Int.random(in: 0...rows[home].count, using: &random)
                let inserted = try form.insertRows(into: groups[home], at: at, [["name": "m\(step)", "age": step]])
                rows[home].insert(contentsOf: inserted, at: at)
            case 4..<6 where !rows[home].isEmpty:
                let count = Int.random(in: 1...Swift.min(5, rows[home].count), using: &random)
                let taken = Array(rows[home].shuffled(using: &random).prefix(count))
                try form.removeRows(taken, from: groups[home])
                rows[home].removeAll { taken.contains($0) }
            case 6..<9 where !rows[home].isEmpty:
                let id = rows[home].remove(at: Int.random(in: 0..<rows[home].count, using: &random))
                try form.removeRows([id], from: groups[home])
            default:
                form.set(Bool.random(using: &random), for: prefixes[home] + ".open")
            }
            let after = Self.groups(of: form, rows: prefixes)
            for (old, new) in zip(before, after) {
                #expect(Set(new.members) == new.under, "\(label): the group holds every slot under its row and nothing else")
                #expect(new.members.count == new.under.count, "\(label): no slot twice")
                // The members that stayed keep their order.
                let kept = Set(new.members)
                let stayed = Set(old.members)
                #expect(new.members.filter(stayed.contains) == old.members.filter(kept.contains), "\(label)")
            }
            #expect(form.read { $0.invariantViolations() } == [], "\(label)")
            before = after
        }
    }
}
