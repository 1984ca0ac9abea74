import Foundation
import Testing

@testable import FormContextCore
import TestSupport

/// Random row operations and values at two depths (households → members → visits) with required
/// rules reading their own row and the rows around it, and a group of fields inside each member row,
/// checked after every mutation against plain nested arrays: what `isRequired(_:)` and
/// `fieldState(for:)` answer for every field and group, and which fields validation names.
///
/// Run one seed alone with `FORMCONTEXT_SEED=<seed> swift test --filter RowRequiredPropertyTests`.
@Suite("Required fields in nested rows and their groups against nested arrays")
struct RowRequiredPropertyTests {
    static let limit = FormKey<Int>("limit")
    static let name = FormKey<String>("name")
    static let age = FormKey<Int>("age")
    static let pulse = FormKey<Int>("vitals.pulse")
    static let note = FormKey<String>("vitals.note")
    static let day = FormKey<Int>("day")

    /// A member's name is required while their household's limit is over 50 (one level out); the
    /// vitals group is shown from age 60, its pulse always required and its note required over 70;
    /// a visit's day is required while its member is 40 or older (one level out).
    static func definition() throws -> FormDefinition {
        let visits = RepeatGroup("visits", fields: [
            FieldDefinition(day).required(when: { row in (row.outer[age] ?? 0) >= 40 })
        ])
        let members = RepeatGroup("members", fields: [
            FieldDefinition(age),
            FieldDefinition(name).required(when: { row in (row.outer[limit] ?? 0) > 50 }),
            FieldDefinition(pulse, validators: [.required()]),
            FieldDefinition(note).required(when: { row in (row[age] ?? 0) > 70 }),
            FieldDefinition(visits),
        ], groups: [
            FieldGroup("vitals").visible(when: { row in (row[age] ?? 0) >= 60 })
        ])
        let homes = RepeatGroup("households", fields: [FieldDefinition(limit), FieldDefinition(members)])
        return try FormDefinition([FieldDefinition(homes)])
    }

    typealias Visit = VisitRow

    struct Member {
        var id: RowID
        var age: Int?
        var name: String?
        var pulse: Int?
        var note: String?
        var visits: [Visit] = []
    }

    struct Household {
        var id: RowID
        var limit: Int?
        var members: [Member] = []
    }

    /// What the oracle saw along the way: each required rule both holding and not.
    struct Seen {
        var nameRequired = false, nameFree = false
        var noteRequired = false, noteFree = false
        var dayRequired = false, dayFree = false
        var vitalsHidden = false, vitalsShown = false
    }

    /// Checks every required state and the validation errors against `homes`.
    static func check(_ form: FormContextObject, _ homes: [Household], label: String, seen: inout Seen) {
        let errors = Set(form.validate().errors.compactMap(\.key))
        var expected: Set<String> = []
        for home in homes {
            let row = home.id.scope(in: "households")
            #expect(!form.fieldState(for: row.key("limit")).isRequired, "\(label): \(row.prefix).limit")
            let members = row.key("members")
            for member in home.members {
                let memberRow = member.id.scope(in: members)
                let nameRequired = (home.limit ?? 0) > 50
                let vitalsShown = (member.age ?? 0) >= 60
                let noteRequired = (member.age ?? 0) > 70
                let dayRequired = (member.age ?? 0) >= 40
                for (key, required) in [
                    (memberRow.key("name"), nameRequired), (memberRow.key("vitals.pulse"), true),
                    (memberRow.key("vitals.note"), noteRequired), (memberRow.key("age"), false),
                ] {
                    #expect(form.fieldState(for: key).isRequired == required, "\(label): \(key) required")
                    #expect(form.fieldState(for: key).isRequired == required, "\(label): \(key) field state")
                }
                #expect(!form.fieldState(for: memberRow.key("vitals")).isRequired, "\(label): a group requires nothing of its own")
                #expect(form.fieldState(for: memberRow.key("vitals.pulse")).isVisible == vitalsShown, "\(label): \(memberRow.prefix) vitals shown")
                if nameRequired && member.name == nil { expected.insert(memberRow.key("name")) }
                if vitalsShown && member.pulse == nil { expected.insert(memberRow.key("vitals.pulse")) }
                if vitalsShown && noteRequired && member.note == nil { expected.insert(memberRow.key("vitals.note")) }
                if nameRequired { seen.nameRequired = true } else { seen.nameFree = true }
                if noteRequired { seen.noteRequired = true } else { seen.noteFree = true }
                if vitalsShown { seen.vitalsShown = true } else { seen.vitalsHidden = true }
                let visits = memberRow.key("visits")
                for visit in member.visits {
                    let key = visit.id.scope(in: visits).key("day")
                    #expect(form.fieldState(for: key).isRequired == dayRequired, "\(label): \(key) required")
                    #expect(form.fieldState(for: key).isRequired == dayRequired, "\(label): \(key) field state")
                    if dayRequired && visit.day == nil { expected.insert(key) }
                    if dayRequired { seen.dayRequired = true } else { seen.dayFree = true }
                }
            }
        }
        #expect(errors == expected, "\(label): errors")
        #expect(form.read { $0.invariantViolations() } == [], "\(label): invariants")
    }

    @Test("random operations at random depths leave required states and errors as nested arrays say", arguments: NestedRepeatTests.seeds)
    func matchesNestedArrays(seed: UInt64) throws {
        var random = SplitMix64(seed: seed)
        let form = FormContextObject(definition: try Self.definition())
        var homes: [Household] = []
        var seen = Seen()
        for step in 0..<150 {
            let label = "seed \(seed) step \(step)"
            let withMembers = homes.indices.filter { !homes[$0].members.isEmpty }
            let h = homes.isEmpty
                ? -1 : withMembers.isEmpty || Int.random(in: 0..<4, using: &random) == 0
                ? Int.random(in: 0..<homes.count, using: &random) : withMembers.randomElement(using: &random) ?? 0
            let m = h < 0 || homes[h].members.isEmpty ? -1 : Int.random(in: 0..<homes[h].members.count, using: &random)
            let members = h < 0 ? "" : homes[h].id.scope(in: "households").key("members")
            let memberRow = m < 0 ? nil : homes[h].members[m].id.scope(in: members)
            let number: Int? = Int.random(in: 0..<5, using: &random) == 0 ? nil : Int.random(in: 0...100, using: &random)
            let text: String? = Bool.random(using: &random) ? "x\(step)" : nil
            switch Int.random(in: 0..<13, using: &random) {
            case _ where h < 0:
                homes.append(Household(id: try form.appendRow(to: "households")))
            case 0:
                let at = Int.random(in: 0...homes.count, using: &random)
                let id = try form.insertRows(into: "households", at: at, [number.map { ["limit": $0] } ?? [:]])[0]
                homes.insert(Household(id: id, limit: number), at: at)
            case 1:
                form.set(number, for: homes[h].id.scope(in: "households").key("limit"))
                homes[h].limit = number
            case 2:
                let at = Int.random(in: 0...homes[h].members.count, using: &random)
                let id = try form.insertRows(into: members, at: at, [number.map { ["age": $0] } ?? [:]])[0]
                homes[h].members.insert(Member(id: id, age: number), at: at)
            case 3 where memberRow != nil:
                form.set(number, for: memberRow!.key("age"))
                homes[h].members[m].age = number
            case 4 where memberRow != nil:
                form.set(text, for: memberRow!.key("name"))
                homes[h].members[m].name = text
            case 5 where memberRow != nil:
                form.set(number, for: memberRow!.key("vitals.pulse"))
                homes[h].members[m].pulse = number
            case 6 where memberRow != nil:
                form.set(text, for: memberRow!.key("vitals.note"))
                homes[h].members[m].note = text
            case 7 where memberRow != nil, 11 where memberRow != nil:
                let visits = memberRow!.key("visits")
                let at = Int.random(in: 0...homes[h].members[m].visits.count, using: &random)
                let id = try form.insertRows(into: visits, at: at, [number.map { ["day": $0] } ?? [:]])[0]
                homes[h].members[m].visits.insert(Visit(id: id, day: number), at: at)
            case 8 where memberRow != nil && !homes[h].members[m].visits.isEmpty:
                let visits = memberRow!.key("visits")
                let v = Int.random(in: 0..<homes[h].members[m].visits.count, using: &random)
                if Bool.random(using: &random) {
                    form.set(number, for: homes[h].members[m].visits[v].id.scope(in: visits).key("day"))
                    homes[h].members[m].visits[v].day = number
                } else {
                    try form.removeRows([homes[h].members[m].visits[v].id], from: visits)
                    homes[h].members[m].visits.remove(at: v)
                }
            case 9 where memberRow != nil:
                if Bool.random(using: &random) {
                    try form.removeRows([homes[h].members[m].id], from: members)
                    homes[h].members.remove(at: m)
                } else {
                    let to = Int.random(in: 0..<homes[h].members.count, using: &random)
                    try form.moveRow(homes[h].members[m].id, in: members, to: to)
                    homes[h].members.insert(homes[h].members.remove(at: m), at: to)
                }
            case 10 where homes.count > 1:
                try form.removeRows([homes[h].id], from: "households")
                homes.remove(at: h)
            default:
                homes.append(Household(id: try form.appendRow(to: "households", number.map { ["limit": $0] } ?? [:]), limit: number))
            }
            Self.check(form, homes, label: label, seen: &seen)
        }
        // Every rule held and did not, and the group was shown and hidden, along the way.
        #expect(
            seen.nameRequired && seen.nameFree && seen.noteRequired && seen.noteFree && seen.dayRequired && seen.dayFree
                && seen.vitalsShown && seen.vitalsHidden, "\(seen)")
    }
}
