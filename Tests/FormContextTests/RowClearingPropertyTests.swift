import Foundation
import Testing

@testable import FormContextCore
import TestSupport

/// Rows hidden by their own condition in a form that clears hidden values, at two depths (members
/// by their id against their household's limit, visits by their position against a cap two levels
/// out), under random row operations and edits, checked after every mutation against nested
/// arrays that clear what is hidden the same way: a hidden member loses its name and its visits, a
/// hidden visit its day, and what comes back shown stays empty.
///
/// Run one seed alone with `FORMCONTEXT_SEED=<seed> swift test --filter RowClearingPropertyTests`.
@Suite("Hidden rows cleared against nested arrays")
struct RowClearingPropertyTests {
    static let cap = FormKey<Int>("cap")
    static let limit = FormKey<Int>("limit")
    static let name = FormKey<String>("name")
    static let day = FormKey<Int>("day")

    /// The conditions read outside their row only: one reading the row's own fields would find them
    /// cleared.
    static func definition() throws -> FormDefinition {
        let visits = RepeatGroup("visits", fields: [FieldDefinition(day)])
            .rowVisible(when: { row in (row.rowPosition ?? 0) < (row.outer.outer.outer[cap] ?? 99) })
        let members = RepeatGroup("members", fields: [FieldDefinition(name), FieldDefinition(visits)])
            .rowVisible(when: { row in row.rowID.map { $0.number > (row.outer[limit] ?? 0) } ?? true })
        let homes = RepeatGroup("households", fields: [FieldDefinition(limit), FieldDefinition(members)])
        return try FormDefinition([FieldDefinition(cap), FieldDefinition(homes)], hiddenValues: .cleared)
    }

    typealias Visit = VisitRow

    struct Member {
        var id: RowID
        var name: String?
        var visits: [Visit] = []
    }

    struct Household {
        var id: RowID
        var limit: Int?
        var members: [Member] = []
    }

    struct Model {
        var cap: Int?
        var homes: [Household] = []

        func memberShown(_ member: Member, in home: Household) -> Bool { Int(member.id.number) > (home.limit ?? 0) }
        func visitShown(at position: Int) -> Bool { position < (cap ?? 99) }

        /// Clears what is hidden: a hidden member's name and visits, a hidden visit's day.
        mutating func clearHidden() {
            for h in homes.indices {
                for m in homes[h].members.indices {
                    guard memberShown(homes[h].members[m], in: homes[h]) else {
                        homes[h].members[m].name = nil
                        homes[h].members[m].visits = []
                        continue
                    }
                    for v in homes[h].members[m].visits.indices where !visitShown(at: v) { homes[h].members[m].visits[v].day = nil }
                }
            }
        }
    }

    static func check(_ form: FormContextObject, _ model: Model, label: String) {
        #expect(Array(form.rows(of: "households")) == model.homes.map(\.id), "\(label): households")
        for home in model.homes {
            let row = home.id.scope(in: "households")
            let members = row.key("members")
            #expect(Array(form.rows(of: members)) == home.members.map(\.id), "\(label): \(members)")
            for member in home.members {
                let memberRow = member.id.scope(in: members)
                let shown = model.memberShown(member, in: home)
                #expect(form.fieldState(for: memberRow.prefix).isVisible == shown, "\(label): \(memberRow.prefix) shown")
                #expect(form[name.scoped(in: memberRow)] == member.name, "\(label): \(memberRow.prefix).name")
                let visits = memberRow.key("visits")
                #expect(Array(form.rows(of: visits)) == member.visits.map(\.id), "\(label): \(visits)")
                for (position, visit) in member.visits.enumerated() {
                    let visitRow = visit.id.scope(in: visits)
                    #expect(form.fieldState(for: visitRow.prefix).isVisible == (shown && model.visitShown(at: position)), "\(label): \(visitRow.prefix) shown")
                    #expect(form[day.scoped(in: visitRow)] == visit.day, "\(label): \(visitRow.prefix).day")
                }
            }
        }
        #expect(form.read { $0.invariantViolations() } == [], "\(label): invariants")
    }

    @Test("random operations hide rows at two depths and clear them as nested arrays say", arguments: NestedRepeatTests.seeds)
    func matchesNestedArrays(seed: UInt64) throws {
        var random = SplitMix64(seed: seed)
        let form = FormContextObject(definition: try Self.definition())
        var model = Model()
        var cleared = (members: false, visits: false)
        for step in 0..<200 {
            let label = "seed \(seed) step \(step)"
            let h = model.homes.isEmpty ? -1 : Int.random(in: 0..<model.homes.count, using: &random)
            let members = h < 0 ? "" : model.homes[h].id.scope(in: "households").key("members")
            let shownMembers = h < 0 ? [] : model.homes[h].members.indices.filter { model.memberShown(model.homes[h].members[$0], in: model.homes[h]) }
            let m = shownMembers.randomElement(using: &random) ?? -1
            let visits = m < 0 ? "" : model.homes[h].members[m].id.scope(in: members).key("visits")
            switch Int.random(in: 0..<9, using: &random) {
            case _ where h < 0:
                let id = try form.appendRow(to: "households")
                model.homes.append(Household(id: id))
            case 0:
                let value: Int? = Bool.random(using: &random) ? Int.random(in: 0...4, using: &random) : nil
                form.set(value, for: model.homes[h].id.scope(in: "households").key("limit"))
                model.homes[h].limit = value
            case 1:
                let value: Int? = Int.random(in: 0..<4, using: &random) == 0 ? nil : Int.random(in: 0...3, using: &random)
                form.set(value, for: Self.cap.name)
                model.cap = value
            case 2:
                let at = Int.random(in: 0...model.homes[h].members.count, using: &random)
                let text = "n\(step)"
                let id = try form.insertRows(into: members, at: at, [["name": text]])[0]
                model.homes[h].members.insert(Member(id: id, name: text), at: at)
            case 3 where m >= 0, 4 where m >= 0:
                let at = Int.random(in: 0...model.homes[h].members[m].visits.count, using: &random)
                let value = Int.random(in: 1...31, using: &random)
                let id = try form.insertRows(into: visits, at: at, [["day": value]])[0]
                model.homes[h].members[m].visits.insert(Visit(id: id, day: value), at: at)
            case 5 where m >= 0 && !model.homes[h].members[m].visits.isEmpty:
                let v = Int.random(in: 0..<model.homes[h].members[m].visits.count, using: &random)
                if Bool.random(using: &random) {
                    try form.removeRows([model.homes[h].members[m].visits[v].id], from: visits)
                    model.homes[h].members[m].visits.remove(at: v)
                } else {
                    let to = Int.random(in: 0..<model.homes[h].members[m].visits.count, using: &random)
                    try form.moveRow(model.homes[h].members[m].visits[v].id, in: visits, to: to)
                    model.homes[h].members[m].visits.insert(model.homes[h].members[m].visits.remove(at: v), at: to)
                }
            case 6 where m >= 0:
                let text = "e\(step)"
                form.set(text, for: model.homes[h].members[m].id.scope(in: members).key("name"))
                model.homes[h].members[m].name = text
            case 7 where !model.homes[h].members.isEmpty:
                let index = Int.random(in: 0..<model.homes[h].members.count, using: &random)
                try form.removeRows([model.homes[h].members[index].id], from: members)
                model.homes[h].members.remove(at: index)
            default:
                let id = try form.appendRow(to: "households")
                model.homes.append(Household(id: id))
            }
            let before = model
            model.clearHidden()
            for (old, new) in zip(before.homes, model.homes) {
                for (a, b) in zip(old.members, new.members) {
                    if a.visits.count != b.visits.count || a.name != b.name { cleared.members = true }
                    if zip(a.visits, b.visits).contains(where: { $0.day != $1.day }) { cleared.visits = true }
                }
            }
            Self.check(form, model, label: label)
        }
        // The conditions cleared rows at both depths along the way.
        #expect(cleared.members && cleared.visits, "\(cleared)")
    }
}
