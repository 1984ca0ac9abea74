import Foundation
import Testing

@testable import FormContextCore
import TestSupport

/// Random read-only conditions on a nested structure (a group of fields, a repeat group, its rows,
/// rows inside them, a group of fields inside those), random values and random row operations;
/// after every step each key's `isReadOnly`, and whether a user edit is refused, are compared with a
/// plain recursive computation over nested arrays.
///
/// Run one seed alone with `FORMCONTEXT_SEED=<seed> swift test --filter ReadOnlyPropertyTests`.
@Suite("Read-only state against nested arrays")
struct ReadOnlyPropertyTests {
    static let frozen = FormKey<Bool>("frozen")
    static let metaLock = FormKey<Bool>("meta.lock")
    static let metaNote = FormKey<String>("meta.note")
    static let lockH = FormKey<Bool>("lockH")
    static let stamp = FormKey<Bool>("stamp")
    static let note = FormKey<String>("note")
    static let lockM = FormKey<Bool>("lockM")
    static let name = FormKey<String>("name")
    static let lockV = FormKey<Bool>("vitals.lockV")
    static let height = FormKey<Int>("vitals.height")

    /// `meta` read-only while its own lock is set; `households` while frozen; a household row while
    /// its lockH is set; its note in the first row; a member row while its lockM is set; a member's
    /// name while the household is stamped; a member's vitals while its lockV is set.
    static func definition() throws -> FormDefinition {
        let members = RepeatGroup("members", fields: [
            FieldDefinition(lockM),
            FieldDefinition(name).readOnly(when: { $0.outer[stamp] == true }),
            FieldDefinition(lockV),
            FieldDefinition(height),
        ], groups: [FieldGroup("vitals").readOnly(when: { $0[lockV] == true })])
            .rowReadOnly(when: { $0[lockM] == true })
        let households = RepeatGroup("households", fields: [
            FieldDefinition(lockH),
            FieldDefinition(stamp),
            FieldDefinition(note).readOnly(when: { $0.rowPosition == 0 }),
            FieldDefinition(members),
        ])
            .rowReadOnly(when: { $0[lockH] == true })
        return try FormDefinition(
            [
                FieldDefinition(frozen), FieldDefinition(metaLock), FieldDefinition(metaNote),
                FieldDefinition(households).readOnly(when: { $0[frozen] == true }),
            ],
            groups: [FieldGroup("meta").readOnly(when: { $0[metaLock] == true })])
    }

    struct Member {
        var id: RowID
        var lockM = false
        var lockV = false
    }

    struct Household {
        var id: RowID
        var lockH = false
        var stamp = false
        var members: [Member] = []
    }

    struct Model {
        var frozen = false
        var metaLock = false
        var homes: [Household] = []

        /// Whether `key` is a field's (not a group's or a row's prefix).
        func isField(_ key: String) -> Bool {
            guard let last = key.split(separator: ".").last else { return false }
            return !["meta", "vitals"].contains(last) && !(last.first == "r" && last.dropFirst().allSatisfy(\.isNumber))
        }

        /// Every key the oracle knows, with whether it is read-only: worked out from the top down,
        /// each level's answer passed to the level inside it.
        func expected() -> [(key: String, isReadOnly: Bool)] {
            var keys: [(String, Bool)] = [("frozen", false), ("meta", metaLock), ("meta.lock", metaLock), ("meta.note", metaLock)]
            keys.append(("households", frozen))
            for (position, home) in homes.enumerated() {
                let row = home.id.scope(in: "households")
                let homeRO = frozen || home.lockH
                keys += [(row.prefix, homeRO), (row.key("lockH"), homeRO), (row.key("stamp"), homeRO)]
                keys.append((row.key("note"), homeRO || position == 0))
                let members = row.key("members")
                keys.append((members, homeRO))
                for member in home.members {
                    let memberRow = member.id.scope(in: members)
                    let memberRO = homeRO || member.lockM
                    keys += [(memberRow.prefix, memberRO), (memberRow.key("lockM"), memberRO)]
                    keys.append((memberRow.key("name"), memberRO || home.stamp))
                    let vitalsRO = memberRO || member.lockV
                    keys += [(memberRow.key("vitals"), vitalsRO), (memberRow.key("vitals.lockV"), vitalsRO)]
                    keys.append((memberRow.key("vitals.height"), vitalsRO))
                }
            }
            return keys
        }
    }

    static func check(_ form: FormContextObject, _ model: Model, label: String) {
        for (key, isReadOnly) in model.expected() {
            #expect(form.fieldState(for: key).isReadOnly == isReadOnly, "\(label): \(key) read-only")
            // A field's state says the same as the query (a group's or a row's prefix is asked of the query alone).
            if model.isField(key) { #expect(form.fieldState(for: key).isReadOnly == isReadOnly, "\(label): \(key) state") }
        }
        #expect(form.read { $0.invariantViolations() } == [], "\(label): invariants")
    }

    @Test("random read-only conditions, values and row operations agree with a recursive computation", arguments: NestedRepeatTests.seeds)
    func matchesRecursiveComputation(seed: UInt64) throws {
        var random = SplitMix64(seed: seed)
        let form = FormContextObject(definition: try Self.definition())
        var model = Model()
        for step in 0..<150 {
            let label = "seed \(seed) step \(step)"
            let h = model.homes.isEmpty ? -1 : Int.random(in: 0..<model.homes.count, using: &random)
            let m = h < 0 || model.homes[h].members.isEmpty ? -1 : Int.random(in: 0..<model.homes[h].members.count, using: &random)
            let row = h < 0 ? nil : model.homes[h].id.scope(in: "households")
            let members = row?.key("members") ?? ""
            let memberRow = m < 0 ? nil : model.homes[h].members[m].id.scope(in: members)
            let flag = Bool.random(using: &random)
            switch Int.random(in: 0..<14, using: &random) {
            case _ where h < 0, 0:
                let at = Int.random(in: 0...model.homes.count, using: &random)
                let id = try form.insertRows(into: "households", at: at, [["lockH": flag]])[0]
                model.homes.insert(Household(id: id, lockH: flag), at: at)
            case 1:
                form.set(flag, for: "frozen")
                model.frozen = flag
            case 2:
                form.set(flag, for: "meta.lock")
                model.metaLock = flag
            case 3:
                form.set(flag, for: row!.key("lockH"))
                model.homes[h].lockH = flag
            case 4:
                form.set(flag, for: row!.key("stamp"))
                model.homes[h].stamp = flag
            case 5:
                let at = Int.random(in: 0...model.homes[h].members.count, using: &random)
                let id = try form.insertRows(into: members, at: at, [["lockM": flag]])[0]
                model.homes[h].members.insert(Member(id: id, lockM: flag), at: at)
            case 6 where m >= 0:
                form.set(flag, for: memberRow!.key("lockM"))
                model.homes[h].members[m].lockM = flag
            case 7 where m >= 0:
                form.set(flag, for: memberRow!.key("vitals.lockV"))
                model.homes[h].members[m].lockV = flag
            case 8 where m >= 0:
                if Bool.random(using: &random) {
                    try form.removeRows([model.homes[h].members[m].id], from: members)
                    model.homes[h].members.remove(at: m)
                } else {
                    let to = Int.random(in: 0..<model.homes[h].members.count, using: &random)
                    try form.moveRow(model.homes[h].members[m].id, in: members, to: to)
                    model.homes[h].members.insert(model.homes[h].members.remove(at: m), at: to)
                }
            case 9:
                if Bool.random(using: &random) {
                    try form.removeRows([model.homes[h].id], from: "households")
                    model.homes.remove(at: h)
                } else {
                    let to = Int.random(in: 0..<model.homes.count, using: &random)
                    try form.moveRow(model.homes[h].id, in: "households", to: to)
                    model.homes.insert(model.homes.remove(at: h), at: to)
                }
            case 10, 11:
                // A user edit of a field no condition reads: refused exactly where the oracle says
                // read-only, and then the value is left as it was.
                let expected = Dictionary(model.expected(), uniquingKeysWith: { first, _ in first })
                let candidates = ["meta.note"] + (row.map { [$0.key("note")] } ?? []) + (memberRow.map { [$0.key("name"), $0.key("vitals.height")] } ?? [])
                let key = candidates.randomElement(using: &random)!
                let value: any Hashable & Sendable = key.hasSuffix("height") ? Int.random(in: 0...200, using: &random) : "v\(step)"
                let before = form[key]
                let refused = form.userEdit(value, for: key)
                #expect((refused != nil) == expected[key], "\(label): edit of \(key) refused")
                #expect(form[key] == (refused == nil ? AnyHashable(value) : before), "\(label): \(key) after the edit")
                if let refused { #expect(refused.error == .readOnly(key: key), "\(label): refusal names \(key)") }
            default:
                // The program writes whatever the rules say.
                let key = memberRow?.key("name") ?? "meta.note"
                form.set("p\(step)", for: key)
                #expect(form[key] == AnyHashable("p\(step)"), "\(label): the program wrote \(key)")
            }
            Self.check(form, model, label: label)
        }
    }
}
