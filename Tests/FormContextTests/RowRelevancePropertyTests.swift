import Foundation
import Testing

@testable import FormContextCore
import TestSupport

/// Random row operations and random row conditions at every depth (households → members →
/// visits), checked after every mutation against plain nested arrays: which rows and fields are
/// shown, the summaries over the rows shown, validation, and the values submitted; and the same
/// conditions as enabled conditions: which rows and fields are enabled, validation and the values
/// submitted.
///
/// Run one seed alone with `FORMCONTEXT_SEED=<seed> swift test --filter RowRelevancePropertyTests`.
@Suite("Relevance of whole rows against nested arrays")
struct RowRelevancePropertyTests {
    static let open = FormKey<Bool>("open")
    static let limit = FormKey<Int>("limit")
    static let name = FormKey<String>("name")
    static let away = FormKey<Bool>("away")
    static let day = FormKey<Int>("day")
    static let visitCount = FormKey<Int>("visitCount")
    static let memberCount = FormKey<Int>("memberCount")
    static let memberVisits = FormKey<Int>("memberVisits")
    static let households = FormKey<Int>("householdCount")
    static let allVisits = FormKey<Int>("allVisits")

    /// A household is shown while open, a member while not away, a visit while its day is within
    /// its household's limit (two levels out); counts at every level.
    static func definition() throws -> FormDefinition {
        let visits = RepeatGroup("visits", fields: [FieldDefinition(day, validators: [.range(0...99)])])
            .rowVisible(when: { row in (row[day] ?? 0) <= (row.outer.outer[limit] ?? 100) })
            .summary(visitCount, .count)
        let members = RepeatGroup("members", fields: [FieldDefinition(name), FieldDefinition(away), FieldDefinition(visits)])
            .rowVisible(when: { $0[away] != true })
            .summary(memberCount, .count)
            .summary(memberVisits, .sum(visitCount))
        let homes = RepeatGroup("households", fields: [FieldDefinition(open), FieldDefinition(limit), FieldDefinition(members)])
            .rowVisible(when: { $0[open] != false })
            .summary(households, .count)
            .summary(allVisits, .sum(memberVisits))
        return try FormDefinition([FieldDefinition(homes)])
    }

    typealias Visit = VisitRow

    struct Member {
        var id: RowID
        var away: Bool?
        var visits: [Visit] = []
    }

    struct Household {
        var id: RowID
        var open: Bool?
        var limit: Int?
        var members: [Member] = []
    }

    /// Whether each row's own condition holds, as the oracle works it out.
    static func holds(_ household: Household) -> Bool { household.open != false }
    static func holds(_ member: Member) -> Bool { member.away != true }
    static func holds(_ visit: Visit, in household: Household) -> Bool { (visit.day ?? 0) <= (household.limit ?? 100) }

    /// Checks visibility, summaries, validation and the active values against `homes`.
    static func check(_ form: FormContextObject, _ homes: [Household], label: String) {
        let active = form.activeValues
        let errors = Set(form.validate().errors.compactMap(\.key))
        var expectedErrors: Set<String> = []
        var all = 0
        let shownHomes = homes.filter(holds)
        #expect(form[households] == shownHomes.count, "\(label): household count")
        #expect(active["households"] == AnyHashable(RowOrder(shownHomes.map(\.id))), "\(label): households submitted")
        for home in homes {
            let row = home.id.scope(in: "households")
            let homeShown = holds(home)
            #expect(form.fieldState(for: row.prefix).isVisible == homeShown, "\(label): \(row.prefix) shown")
            #expect(form.fieldState(for: row.key("limit")).isVisible == homeShown, "\(label): \(row.prefix).limit shown")
            let members = row.key("members")
            let shownMembers = home.members.filter(holds)
            if homeShown {
                #expect(form[memberCount.scoped(in: row)] == shownMembers.count, "\(label): memberCount of \(row.prefix)")
                #expect(active[members] == AnyHashable(RowOrder(shownMembers.map(\.id))), "\(label): \(members) submitted")
            } else {
                #expect(active[members] == nil, "\(label): \(members) not submitted")
            }
            var homeVisits = 0
            for member in home.members {
                let memberRow = member.id.scope(in: members)
                let memberShown = homeShown && holds(member)
                #expect(form.fieldState(for: memberRow.prefix).isVisible == memberShown, "\(label): \(memberRow.prefix) shown")
                #expect(form.fieldState(for: memberRow.key("name")).isVisible == memberShown, "\(label): \(memberRow.prefix).name shown")
                let visits = memberRow.key("visits")
                let shownVisits = member.visits.filter { holds($0, in: home) }
                if memberShown {
                    #expect(form[visitCount.scoped(in: memberRow)] == shownVisits.count, "\(label): visitCount of \(memberRow.prefix)")
                    #expect(active[visits] == AnyHashable(RowOrder(shownVisits.map(\.id))), "\(label): \(visits) submitted")
                    homeVisits += shownVisits.count
                } else {
                    #expect(active[visits] == nil, "\(label): \(visits) not submitted")
                }
                for visit in member.visits {
                    let visitRow = visit.id.scope(in: visits)
                    let visitShown = memberShown && holds(visit, in: home)
                    #expect(form.fieldState(for: visitRow.prefix).isVisible == visitShown, "\(label): \(visitRow.prefix) shown")
                    #expect(form.fieldState(for: visitRow.key("day")).isVisible == visitShown, "\(label): \(visitRow.prefix).day shown")
                    #expect((active[visitRow.key("day")] != nil) == (visitShown && visit.day != nil), "\(label): \(visitRow.prefix).day submitted")
                    // The value is kept whatever is shown.
                    #expect(form[day.scoped(in: visitRow)] == visit.day, "\(label): \(visitRow.prefix).day kept")
                    if visitShown, let value = visit.day, !(0...99).contains(value) { expectedErrors.insert(visitRow.key("day")) }
                }
            }
            if homeShown {
                #expect(form[memberVisits.scoped(in: row)] == homeVisits, "\(label): memberVisits of \(row.prefix)")
                all += homeVisits
            }
        }
        #expect(form[allVisits] == all, "\(label): allVisits")
        #expect(errors == expectedErrors, "\(label): errors")
        #expect(form.read { $0.invariantViolations() } == [], "\(label): invariants")
    }

    /// The same groups with the same conditions as enabled conditions (`rowEnabled(when:)`) and no
    /// summaries: a household is enabled while open, a member while not away, a visit while its day
    /// is within its household's limit.
    static func enabledDefinition() throws -> FormDefinition {
        let visits = RepeatGroup("visits", fields: [FieldDefinition(day, validators: [.range(0...99)])])
            .rowEnabled(when: { row in (row[day] ?? 0) <= (row.outer.outer[limit] ?? 100) })
        let members = RepeatGroup("members", fields: [FieldDefinition(name), FieldDefinition(away), FieldDefinition(visits)])
            .rowEnabled(when: { $0[away] != true })
        let homes = RepeatGroup("households", fields: [FieldDefinition(open), FieldDefinition(limit), FieldDefinition(members)])
            .rowEnabled(when: { $0[open] != false })
        return try FormDefinition([FieldDefinition(homes)])
    }

    /// Checks, against `homes`, which rows and fields are enabled (a disabled row disables all it
    /// holds, at every depth, and hides nothing), validation and the values submitted.
    static func checkEnabled(_ form: FormContextObject, _ homes: [Household], label: String) {
        let active = form.activeValues
        let errors = Set(form.validate().errors.compactMap(\.key))
        var expectedErrors: Set<String> = []
        for home in homes {
            let row = home.id.scope(in: "households")
            let homeEnabled = holds(home)
            #expect(form.fieldState(for: row.prefix).isEnabled == homeEnabled, "\(label): \(row.prefix) enabled")
            #expect(form.fieldState(for: row.key("limit")).isEnabled == homeEnabled, "\(label): \(row.prefix).limit enabled")
            #expect(form.fieldState(for: row.prefix).isVisible, "\(label): \(row.prefix) shown")
            let members = row.key("members")
            for member in home.members {
                let memberRow = member.id.scope(in: members)
                let memberEnabled = homeEnabled && holds(member)
                #expect(form.fieldState(for: memberRow.prefix).isEnabled == memberEnabled, "\(label): \(memberRow.prefix) enabled")
                #expect(form.fieldState(for: memberRow.key("name")).isEnabled == memberEnabled, "\(label): \(memberRow.prefix).name enabled")
                let visits = memberRow.key("visits")
                for visit in member.visits {
                    let visitRow = visit.id.scope(in: visits)
                    let visitEnabled = memberEnabled && holds(visit, in: home)
                    #expect(form.fieldState(for: visitRow.prefix).isEnabled == visitEnabled, "\(label): \(visitRow.prefix) enabled")
                    #expect(form.fieldState(for: visitRow.key("day")).isEnabled == visitEnabled, "\(label): \(visitRow.prefix).day enabled")
                    #expect(form.fieldState(for: visitRow.key("day")).isVisible, "\(label): \(visitRow.prefix).day shown")
                    #expect((active[visitRow.key("day")] != nil) == (visitEnabled && visit.day != nil), "\(label): \(visitRow.prefix).day submitted")
                    #expect(form[day.scoped(in: visitRow)] == visit.day, "\(label): \(visitRow.prefix).day kept")
                    if visitEnabled, let value = visit.day, !(0...99).contains(value) { expectedErrors.insert(visitRow.key("day")) }
                }
            }
        }
        #expect(errors == expectedErrors, "\(label): errors")
        #expect(form.read { $0.invariantViolations() } == [], "\(label): invariants")
    }

    @Test("random operations and conditions at random depths leave the form as nested arrays say", arguments: NestedRepeatTests.seeds)
    func matchesNestedArrays(seed: UInt64) throws {
        try Self.drive(seed: seed, definition: try Self.definition(), check: Self.check)
    }

    @Test("the same with the conditions enabling rows rather than showing them", arguments: NestedRepeatTests.seeds)
    func enabledMatchesNestedArrays(seed: UInt64) throws {
        try Self.drive(seed: seed, definition: try Self.enabledDefinition(), check: Self.checkEnabled)
    }

    /// Random row operations and random values of the rows' conditions at random depths, the form
    /// checked by `check` against nested arrays after every one; the conditions must have turned
    /// off rows holding rows at every depth along the way.
    static func drive(
        seed: UInt64, definition: FormDefinition, check: (FormContextObject, [Household], String) -> Void
    ) throws {
        var random = SplitMix64(seed: seed)
        let form = FormContextObject(definition: definition)
        var homes: [Household] = []
        var hid = (visit: false, member: false, household: false)
        for step in 0..<150 {
            let label = "seed \(seed) step \(step)"
            let withMembers = homes.indices.filter { !homes[$0].members.isEmpty }
            let h = homes.isEmpty
                ? -1 : withMembers.isEmpty || Int.random(in: 0..<4, using: &random) == 0
                ? Int.random(in: 0..<homes.count, using: &random) : withMembers.randomElement(using: &random) ?? 0
            let m = h < 0 || homes[h].members.isEmpty ? -1 : Int.random(in: 0..<homes[h].members.count, using: &random)
            let members = h < 0 ? "" : homes[h].id.scope(in: "households").key("members")
            let visits = m < 0 ? "" : homes[h].members[m].id.scope(in: members).key("visits")
            let flag: Bool? = [true, false, nil].randomElement(using: &random) ?? nil
            switch Int.random(in: 0..<12, using: &random) {
            case _ where h < 0:
                let id = try form.appendRow(to: "households")
                homes.append(Household(id: id))
            case 0:
                let at = Int.random(in: 0...homes.count, using: &random)
                let limit = Int.random(in: 0...150, using: &random)
                let id = try form.insertRows(into: "households", at: at, [["limit": limit]])[0]
                homes.insert(Household(id: id, limit: limit), at: at)
            case 1:
                let at = Int.random(in: 0...homes[h].members.count, using: &random)
                let id = try form.insertRows(into: members, at: at, [flag.map { ["away": $0] } ?? [:]])[0]
                homes[h].members.insert(Member(id: id, away: flag), at: at)
            case 2 where m >= 0, 3 where m >= 0:
                let at = Int.random(in: 0...homes[h].members[m].visits.count, using: &random)
                let value = Int.random(in: 0...130, using: &random)
                let id = try form.insertRows(into: visits, at: at, [["day": value]])[0]
                homes[h].members[m].visits.insert(Visit(id: id, day: value), at: at)
            case 4 where m >= 0 && !homes[h].members[m].visits.isEmpty:
                let v = Int.random(in: 0..<homes[h].members[m].visits.count, using: &random)
                let value: Int? = Bool.random(using: &random) ? Int.random(in: 0...130, using: &random) : nil
                form.set(value, for: homes[h].members[m].visits[v].id.scope(in: visits).key("day"))
                homes[h].members[m].visits[v].day = value
            case 5 where m >= 0 && !homes[h].members[m].visits.isEmpty:
                let v = Int.random(in: 0..<homes[h].members[m].visits.count, using: &random)
                if Bool.random(using: &random) {
                    try form.removeRows([homes[h].members[m].visits[v].id], from: visits)
                    homes[h].members[m].visits.remove(at: v)
                } else {
                    let to = Int.random(in: 0..<homes[h].members[m].visits.count, using: &random)
                    try form.moveRow(homes[h].members[m].visits[v].id, in: visits, to: to)
                    homes[h].members[m].visits.insert(homes[h].members[m].visits.remove(at: v), at: to)
                }
            case 6 where m >= 0:
                form.set(flag, for: homes[h].members[m].id.scope(in: members).key("away"))
                homes[h].members[m].away = flag
            case 7 where m >= 0:
                if Bool.random(using: &random) {
                    try form.removeRows([homes[h].members[m].id], from: members)
                    homes[h].members.remove(at: m)
                } else {
                    let to = Int.random(in: 0..<homes[h].members.count, using: &random)
                    try form.moveRow(homes[h].members[m].id, in: members, to: to)
                    homes[h].members.insert(homes[h].members.remove(at: m), at: to)
                }
            case 8:
                form.set(flag, for: homes[h].id.scope(in: "households").key("open"))
                homes[h].open = flag
            case 9:
                let limit: Int? = Bool.random(using: &random) ? Int.random(in: 0...150, using: &random) : nil
                form.set(limit, for: homes[h].id.scope(in: "households").key("limit"))
                homes[h].limit = limit
            case 10 where homes.count > 1:
                if Bool.random(using: &random) {
                    try form.removeRows([homes[h].id], from: "households")
                    homes.remove(at: h)
                } else {
                    let to = Int.random(in: 0..<homes.count, using: &random)
                    try form.moveRow(homes[h].id, in: "households", to: to)
                    homes.insert(homes.remove(at: h), at: to)
                }
            default:
                let id = try form.appendRow(to: "households", flag.map { ["open": $0] } ?? [:])
                homes.append(Household(id: id, open: flag))
            }
            check(form, homes, label)
            for home in homes {
                if !holds(home) && !home.members.isEmpty { hid.household = true }
                for member in home.members where !member.visits.isEmpty {
                    if !holds(member) { hid.member = true }
                    if holds(home) && holds(member) && member.visits.contains(where: { !holds($0, in: home) }) { hid.visit = true }
                }
            }
        }
        // The conditions hid rows holding rows, at every depth, along the way.
        #expect(hid.visit && hid.member && hid.household, "\(hid)")
    }
}
