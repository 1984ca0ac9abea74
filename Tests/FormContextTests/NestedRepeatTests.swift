import Foundation
import Testing

@testable import FormContextCore
import TestSupport

/// Repeat groups inside rows of other repeat groups: households → members → visits.
@Suite("Repeat groups inside rows")
struct NestedRepeatTests {
    static let city = FormKey<String>("city")
    static let name = FormKey<String>("name")
    static let day = FormKey<Int>("day")

    /// Three levels; every household starts with one member.
    static func definition() throws -> FormDefinition {
        let visits = RepeatGroup("visits", fields: [FieldDefinition(day)])
        let members = RepeatGroup("members", minimum: 1, fields: [FieldDefinition(name), FieldDefinition(visits)])
        let households = RepeatGroup("households", fields: [FieldDefinition(city), FieldDefinition(members)])
        return try FormDefinition([FieldDefinition(households)])
    }

    @Test("rows of a group inside a row have stable ids under the row, at every depth")
    func keysAtEveryDepth() throws {
        let form = FormContextObject(definition: try Self.definition())
        let home = try form.appendRow(to: "households", ["city": "Lyon"])
        let members = home.scope(in: "households").key("members")
        #expect(members == "households.r1.members")
        // The new household starts with its group's minimum of one member.
        #expect(Array(form.rows(of: members)) == [RowID(1)])
        let bo = try form.appendRow(to: members, ["name": "Bo"])
        let visits = bo.scope(in: members).key("visits")
        let visit = try form.appendRow(to: visits, ["day": 3])
        #expect(form[visit.scope(in: visits).key(Self.day)] == 3)
        #expect(visits + ".r1.day" == "households.r1.members.r2.visits.r1.day")
        try form.insertRows(into: members, at: 0, [["name": "Al"]])
        #expect(Array(form.rows(of: members)) == [RowID(3), RowID(1), RowID(2)])
        #expect(form[bo.scope(in: members).key(Self.name)] == "Bo")
        #expect(form[visit.scope(in: visits).key(Self.day)] == 3)
        #expect(form.read { $0.invariantViolations() } == [])
    }

    @Test("removing a row takes the rows inside it, at every depth, and nothing else")
    func removalTakesInnerRows() throws {
        let form = FormContextObject(definition: try Self.definition())
        let first = try form.appendRow(to: "households", ["city": "Lyon"])
        let second = try form.appendRow(to: "households", ["city": "Nice"])
        for home in [first, second] {
            let members = home.scope(in: "households").key("members")
            let visits = RowID(1).scope(in: members).key("visits")
            try form.appendRow(to: visits, ["day": home.number])
        }
        try form.removeRows([first], from: "households")
        #expect(form.context.storage.keys.filter { $0.hasPrefix("households.r1.") }.isEmpty)
        #expect(form["households.r2.members.r1.visits.r1.day"] as AnyHashable? == AnyHashable(2))
        #expect(throws: RepeatGroupError.unknownGroup("households.r1.members")) {
            try form.appendRow(to: "households.r1.members")
        }
        #expect(form.read { $0.invariantViolations() } == [])
        // Reset brings the initial (empty) form back.
        form.reset()
        #expect(form.context.storage.keys.sorted() == ["households"])
        #expect(form.read { $0.invariantViolations() } == [])
    }

    @Test("resetting rows brings back the initial rows inside them, and the form is clean again")
    func resetRestoresInnerRows() throws {
        let initial: FormContext = [
            "households": RowOrder([RowID(1)]), "households.r1.city": "Lyon",
            "households.r1.members": RowOrder([RowID(1)]), "households.r1.members.r1.name": "Ada",
            "households.r1.members.r1.visits": RowOrder([RowID(1)]), "households.r1.members.r1.visits.r1.day": 1,
        ]
        let form = FormContextObject(definition: try Self.definition(), values: initial)
        #expect(form.context.storage == initial.storage)
        #expect(!form.isDirty)
        let visits = "households.r1.members.r1.visits"
        try form.appendRow(to: visits, ["day": 2])
        try form.removeRows([RowID(1)], from: visits)
        form.set("Bo", for: "households.r1.members.r1.name")
        form.reset("households.r1.members")
        #expect(form.context.storage == initial.storage)
        #expect(!form.isDirty, "dirty keys \(form.dirtyKeys.sorted())")
        try form.removeRows([RowID(1)], from: "households")
        try form.appendRow(to: "households", ["city": "Nice"])
        #expect(form.isDirty)
        form.reset("households")
        #expect(form.context.storage == initial.storage)
        #expect(!form.isDirty, "dirty keys \(form.dirtyKeys.sorted())")
        #expect(form.read { $0.invariantViolations() } == [])
    }

    @Test("a row that comes through values starts its groups with their minimum rows, unless the values give their order")
    func rowsThroughValuesGetInnerMinimum() throws {
        let definition = try Self.definition()
        let members = "households.r1.members"
        // Initial values read from JSON: the household holds no members' order.
        let loaded = FormContextObject(definition: definition, values: try FormSubmission(json: #"{"households":[{"city":"Ouro"}]}"#, definition: definition).values)
        #expect(Array(loaded.rows(of: members)) == [RowID(1)])
        #expect(loaded[members] as AnyHashable? == AnyHashable(RowOrder([RowID(1)])))
        #expect(loaded["households.r1.members.r1.visits"] as AnyHashable? == AnyHashable(RowOrder()))
        #expect(!loaded.isDirty, "dirty keys \(loaded.dirtyKeys.sorted())")
        #expect(try loaded.appendRow(to: members) == RowID(2))
        loaded.reset()
        #expect(Array(loaded.rows(of: members)) == [RowID(1)])
        #expect(loaded.read { $0.invariantViolations() } == [])
        // An order the values give is kept, an empty one too.
        let given = FormContextObject(definition: definition, values: try definition.decodeValues(
            fromJSON: #"{"households":[{"members":[]},{"members":[{"$row":"r4","name":"Al"}]}]}"#))
        #expect(Array(given.rows(of: members)).isEmpty)
        #expect(Array(given.rows(of: "households.r2.members")) == [RowID(4)])
        #expect(!given.isDirty)
        // An order written: the household that comes gets its member.
        let form = FormContextObject(definition: definition)
        form.set(RowOrder([RowID(1), RowID(2)]), for: "households")
        for home in ["households.r1.members", "households.r2.members"] {
            #expect(Array(form.rows(of: home)) == [RowID(1)], "\(home)")
        }
        #expect(form.read { $0.invariantViolations() } == [])
        form.reset()
        #expect(form.context.storage.keys.sorted() == ["households"])
        // New initial values, and a restored draft that holds no members' order.
        form.reset(to: ["households": RowOrder([RowID(3)]), "households.r3.city": "Nice"])
        #expect(Array(form.rows(of: "households.r3.members")) == [RowID(1)])
        #expect(!form.isDirty, "dirty keys \(form.dirtyKeys.sorted())")
        // A form without the definition keeps the household without members.
        let draft = FormContextObject(["households": RowOrder([RowID(2)])]).draft()
        #expect(draft.values.storage.keys.sorted() == ["households"])
        let restored = FormContextObject(definition: definition)
        restored.restore(draft)
        #expect(Array(restored.rows(of: "households.r2.members")) == [RowID(1)])
        #expect(restored.read { $0.invariantViolations() } == [])
    }

    @Test("in a batch of new rows, each row that gives no order to a group inside it gets the group's minimum rows")
    func batchDecidesPerRow() throws {
        let form = FormContextObject(definition: try Self.definition())
        let ids = try form.replaceRows(of: "households", with: [
            ["members": RowOrder([RowID(1)]), "members.r1.name": "Ann"], ["city": "B"], ["members": RowOrder()],
        ])
        #expect(ids == [RowID(1), RowID(2), RowID(3)])
        #expect(Array(form.rows(of: "households.r1.members")) == [RowID(1)])
        #expect(form["households.r1.members.r1.name"] as AnyHashable? == AnyHashable("Ann"))
        #expect(Array(form.rows(of: "households.r2.members")) == [RowID(1)])
        #expect(Array(form.rows(of: "households.r3.members")).isEmpty)
        #expect(form.read { $0.invariantViolations() } == [])
    }

    @Test("a group inside a row that comes back never gives an id it gave before")
    func innerIDsOutlastTheirRow() throws {
        let initial: FormContext = ["households": RowOrder([RowID(1)]), "households.r1.members": RowOrder([RowID(1)])]
        let form = FormContextObject(definition: try Self.definition(), values: initial)
        let members = "households.r1.members"
        #expect(try form.appendRow(to: members, ["name": "Yaw"]) == RowID(2))
        try form.removeRows([RowID(1)], from: "households")
        form.reset()
        #expect(Array(form.rows(of: members)) == [RowID(1)])
        #expect(try form.appendRow(to: members, ["name": "Ama"]) == RowID(3))
        // Brought back by resetting the rows, and by an order written.
        try form.removeRows([RowID(1)], from: "households")
        form.reset("households")
        #expect(try form.appendRow(to: members) == RowID(4))
        try form.removeRows([RowID(1)], from: "households")
        form.set(RowOrder([RowID(1)]), for: "households")
        // The household comes back without values: its members start with their minimum, a new id.
        #expect(Array(form.rows(of: members)) == [RowID(5)])
        #expect(try form.appendRow(to: members) == RowID(6))
        #expect(form.read { $0.invariantViolations() } == [])
    }

    @Test("a row's outer values are the row around it however the row was reached")
    func outerFromTheKey() {
        let context: FormContext = [
            "city": "Root", "households": RowOrder([RowID(1)]), "households.r1.city": "Lyon",
            "households.r1.members": RowOrder([RowID(2)]), "households.r1.members.r2.name": "Ada",
            "households.r1.members.r2.visits": RowOrder([RowID(1)]), "households.r1.members.r2.visits.r1.day": 3,
        ]
        let values = FormValues(context)
        let home = values.rows(of: "households").row(RowID(1))
        // Each visit reached three ways: from the form, from the household, step by step.
        let visits = [
            values.rows(of: "households.r1.members.r2.visits").row(RowID(1)),
            home.rows(of: "members.r2.visits").row(RowID(1)),
            home.rows(of: "members").row(RowID(2)).rows(of: "visits").row(RowID(1)),
        ]
        for (way, visit) in visits.enumerated() {
            #expect(visit[Self.day] == 3, "way \(way)")
            #expect(visit.outer[Self.name] == "Ada", "way \(way)")
            #expect(visit.outer.outer[Self.city] == "Lyon", "way \(way)")
            #expect(visit.outer.outer.outer[Self.city] == "Root", "way \(way)")
            #expect(visit.outer.outer.outer.rowID == nil, "way \(way)")
        }
        let member = values.rows(of: "households.r1.members").row(RowID(2))
        #expect(member.outer[Self.city] == "Lyon")
        #expect(member.outer.rowID == RowID(1))
        #expect(member.outer.outer[Self.city] == "Root")
    }

    @Test("resetting a group's key brings back its initial rows and the rows inside them; a key of a row that went is left alone")
    func resetOfGroupKey() throws {
        let definition = try Self.definition()
        let initial = try FormSubmission(json: #"{"households":[{"city":"Ouro","members":[{"name":"Ama"}]}]}"#, definition: definition).values
        let form = FormContextObject(definition: definition, values: initial)
        let start = form.context.storage
        try form.removeRows([RowID(1)], from: "households")
        form.reset("households.r1.city")
        #expect(form.context.storage.keys.sorted() == ["households"])
        form.reset("households")
        #expect(form["households.r1.city"] as AnyHashable? == AnyHashable("Ouro"))
        #expect(Array(form.rows(of: "households.r1.members")) == [RowID(1)])
        #expect(form.context.storage == start)
        #expect(!form.isDirty, "dirty keys \(form.dirtyKeys.sorted())")
        try form.removeRows([RowID(1)], from: "households.r1.members")
        try form.appendRow(to: "households.r1.members", ["name": "Bo"])
        form.reset("households.r1.members")
        #expect(form["households.r1.members.r1.name"] as AnyHashable? == AnyHashable("Ama"))
        #expect(form.context.storage == start)
        #expect(!form.isDirty, "dirty keys \(form.dirtyKeys.sorted())")
        #expect(form.read { $0.invariantViolations() } == [])
    }

    @Test("JSON nests a group inside a row as an array in the row's object, and reads back")
    func jsonNests() throws {
        let definition = try Self.definition()
        let form = FormContextObject(definition: definition)
        let home = try form.appendRow(to: "households", ["city": "Lyon"])
        let members = home.scope(in: "households").key("members")
        try form.appendRow(to: RowID(1).scope(in: members).key("visits"), ["day": 5])
        let json = try FormSubmission(form.context, definition: definition).json(pretty: false)
        #expect(json == #"{"households":[{"city":"Lyon","members":[{"visits":[{"day":5}]}]}]}"#)
        let decoded = try FormSubmission(json: json, definition: definition).values
        #expect(decoded.storage == form.context.storage)
        let error = try #require(throws: FormDecodingError.self) {
            try FormSubmission(json: #"{"households":[{"members":[{"visits":[]},{"visits":[{"day":"x"}]}]}]}"#, definition: definition).values
        }
        #expect(error.description.contains("households[0].members[1].visits[0].day"))
    }

    @Test("bad JSON for a group whose secret field sits in a group inside its rows is not quoted, at any depth")
    func secretInInnerGroupNotQuoted() throws {
        let pin = FieldDefinition(FormKey<String>("pin"), isSecure: true)
        let visits = RepeatGroup("visits", fields: [FieldDefinition(Self.day), pin])
        let members = RepeatGroup("members", fields: [FieldDefinition(Self.name), FieldDefinition(visits)])
        let households = RepeatGroup("households", fields: [FieldDefinition(Self.city), FieldDefinition(members)])
        let definition = try FormDefinition([FieldDefinition(households)])
        let secret = #"{"pin":"4321"}"#
        // Every group on the way to the secret gets a value that is not an array, and an item that is
        // not an object, each holding the secret.
        let bad = [
            #"{"households":{"members":[{"visits":[\#(secret)]}]}}"#,
            #"{"households":[[{"members":[{"visits":[\#(secret)]}]}]]}"#,
            #"{"households":[{"members":{"visits":[\#(secret)]}}]}"#,
            #"{"households":[{"members":[[{"visits":[\#(secret)]}]]}]}"#,
            #"{"households":[{"members":[{"visits":\#(secret)}]}]}"#,
            #"{"households":[{"members":[{"visits":[[\#(secret)]]}]}]}"#,
        ]
        for json in bad {
            let error = try #require(throws: FormDecodingError.self, "\(json)") { try FormSubmission(json: json, definition: definition).values }
            #expect(!error.description.contains("4321"), "\(json): \(error.description)")
            #expect(error.description.contains("households"), "\(json): \(error.description)")
        }
    }

    @Test("an inner group's checks are reported under its key in the row, and its count rule reads the row")
    func innerChecksAndCount() throws {
        let size = FormKey<Int>("size")
        let members = RepeatGroup("members", minimum: 1, maximum: 3, fields: [FieldDefinition(Self.name)])
            .count { row in row[size] }
        let pets = RepeatGroup("pets", minimum: 1, fields: [FieldDefinition(Self.name)])
        let definition = try FormDefinition([FieldDefinition(RepeatGroup("households", fields: [
            FieldDefinition(size), FieldDefinition(members), FieldDefinition(pets),
        ]))])
        let form = FormContextObject(definition: definition, options: ValidationOptions(mode: .onChange))
        let home = try form.appendRow(to: "households", ["size": 2])
        let key = home.scope(in: "households").key("members")
        #expect(form.rows(of: key).count == 2)
        form.set(5, for: home.scope(in: "households").key(size).name)
        #expect(form.rows(of: key).count == 3)
        let petsKey = home.scope(in: "households").key("pets")
        try form.removeRows([RowID(1)], from: petsKey)
        #expect(form.validate().errors.filter { $0.key == petsKey }.map(\.rule) == ["minimumRows"])
        #expect(definition.validate(form.context).errors.filter { $0.key == petsKey }.map(\.rule) == ["minimumRows"])
        #expect(form.read { $0.invariantViolations() } == [])
    }

    @Test("a definition names the group inside a row that cannot work by its path")
    func innerDefinitionErrors() {
        #expect(throws: FormDefinitionError.invalidRepeatGroup(key: "households.*.members", problem: "its minimum 3 is above its maximum 2")) {
            try FormDefinition([FieldDefinition(RepeatGroup("households", fields: [
                FieldDefinition(RepeatGroup("members", minimum: 3, maximum: 2, fields: []))
            ]))])
        }
    }

    // MARK: Against a plain nested array

    typealias Visit = VisitRow

    struct Member: Equatable {
        var id: RowID
        var name: String?
        var visits: [Visit] = []
        var nextVisit = 1
    }

    struct Household: Equatable {
        var id: RowID
        var city: String?
        var members: [Member]
        var nextMember = 2
    }

    /// The values the oracle's rows give, keyed as a form keys them.
    static func flattened(_ households: [Household]) -> [String: AnyHashable] {
        var values: [String: AnyHashable] = ["households": RowOrder(households.map(\.id))]
        for home in households {
            let homePrefix = "households.\(home.id)."
            values[homePrefix + "city"] = home.city
            values[homePrefix + "members"] = RowOrder(home.members.map(\.id))
            for member in home.members {
                let memberPrefix = homePrefix + "members.\(member.id)."
                values[memberPrefix + "name"] = member.name
                values[memberPrefix + "visits"] = RowOrder(member.visits.map(\.id))
                for visit in member.visits { values[memberPrefix + "visits.\(visit.id).day"] = visit.day }
            }
        }
        return values
    }

    static let seeds: [UInt64] = {
        var seeds: [UInt64] = [1, 2, 3, 11, 99, 0xBEEF, .max]
        if let extra = ProcessInfo.processInfo.environment["FORMCONTEXT_SEED"].flatMap(UInt64.init) { seeds.append(extra) }
        return seeds
    }()

    @Test("random row operations at random depths leave the form as a nested array says", arguments: seeds)
    func operationsMatchNestedArrays(seed: UInt64) throws {
        var random = SplitMix64(seed: seed)
        let definition = try Self.definition()
        let form = FormContextObject(definition: definition)
        var households: [Household] = []
        var nextHousehold = 1
        var removed: [Household] = []
        var deepest = 0
        for step in 0..<150 {
            let label = "seed \(seed) step \(step)"
            let depth = households.isEmpty ? 0 : Int.random(in: 0...2, using: &random)
            let h = households.isEmpty ? 0 : Int.random(in: 0..<households.count, using: &random)
            let m = depth == 0 || households[h].members.isEmpty ? -1 : Int.random(in: 0..<households[h].members.count, using: &random)
            let operation = Int.random(in: 0..<8, using: &random)
            if depth == 0 || m < 0 {
                let group = "households"
                switch operation {
                case 0, 1:
                    let city = ["Lyon", "Nice", nil].randomElement(using: &random) ?? nil
                    let at = Int.random(in: 0...households.count, using: &random)
                    let id = try form.insertRows(into: group, at: at, [city.map { ["city": $0] } ?? [:]])[0]
                    #expect(id == RowID(nextHousehold), "\(label)")
                    households.insert(Household(id: id, city: city, members: [Member(id: RowID(1))]), at: at)
                    nextHousehold += 1
                case 2 where !households.isEmpty:
                    try form.removeRows([households[h].id], from: group)
                    removed.append(households.remove(at: h))
                case 3 where !households.isEmpty:
                    let to = Int.random(in: 0..<households.count, using: &random)
                    try form.moveRow(households[h].id, in: group, to: to)
                    households.insert(households.remove(at: h), at: to)
                case 4 where !households.isEmpty:
                    let city = "c\(step)"
                    form.set(city, for: households[h].id.scope(in: group).key(Self.city).name)
                    households[h].city = city
                case 7:
                    // Every household replaced in one batch; each new one gives its members or not.
                    var rows: [FormContext] = []
                    var made: [Household] = []
                    for offset in 0..<Int.random(in: 1...3, using: &random) {
                        let id = RowID(nextHousehold + offset)
                        if Bool.random(using: &random) {
                            let member = RowID(Int.random(in: 1...4, using: &random))
                            var row = FormContext()
                            row.storage = ["members": RowOrder([member]), "members.\(member).name": "g\(step)"]
                            rows.append(row)
                            let members = [Member(id: member, name: "g\(step)")]
                            made.append(Household(id: id, members: members, nextMember: member.number + 1))
                        } else {
                            rows.append(["city": "b\(step)"])
                            made.append(Household(id: id, city: "b\(step)", members: [Member(id: RowID(1))]))
                        }
                    }
                    let ids = try form.replaceRows(of: group, with: rows)
                    #expect(ids == made.map(\.id), "\(label)")
                    removed += households
                    households = made
                    nextHousehold += made.count
                case 6:
                    // The order written: the household that comes starts with its minimum member. A
                    // household removed before comes back without values, and its members go on from
                    // the ids they had given.
                    if let back = removed.indices.randomElement(using: &random), Bool.random(using: &random) {
                        let old = removed.remove(at: back)
                        form.set(RowOrder(households.map(\.id) + [old.id]), for: group)
                        households.append(Household(id: old.id, members: [Member(id: RowID(old.nextMember))], nextMember: old.nextMember + 1))
                    } else {
                        let id = RowID(nextHousehold)
                        form.set(RowOrder(households.map(\.id) + [id]), for: group)
                        households.append(Household(id: id, members: [Member(id: RowID(1))]))
                        nextHousehold += 1
                    }
                default:
                    // Every household's members replaced: two new ones each.
                    guard !households.isEmpty else { continue }
                    let members = households[h].id.scope(in: group).key("members")
                    let ids = try form.replaceRows(of: members, with: [["name": "x\(step)"], [:]])
                    let next = households[h].nextMember
                    #expect(ids == [RowID(next), RowID(next + 1)], "\(label)")
                    households[h].members = [Member(id: ids[0], name: "x\(step)"), Member(id: ids[1])]
                    households[h].nextMember += 2
                }
            } else if depth == 1 {
                let group = households[h].id.scope(in: "households").key("members")
                switch operation {
                case 0, 1:
                    let at = Int.random(in: 0...households[h].members.count, using: &random)
                    let id = try form.insertRows(into: group, at: at, [["name": "n\(step)"]])[0]
                    #expect(id == RowID(households[h].nextMember), "\(label)")
                    households[h].members.insert(Member(id: id, name: "n\(step)"), at: at)
                    households[h].nextMember += 1
                case 2:
                    try form.removeRows([households[h].members[m].id], from: group)
                    households[h].members.remove(at: m)
                case 3:
                    let to = Int.random(in: 0..<households[h].members.count, using: &random)
                    try form.moveRow(households[h].members[m].id, in: group, to: to)
                    households[h].members.insert(households[h].members.remove(at: m), at: to)
                default:
                    form.set("s\(step)", for: households[h].members[m].id.scope(in: group).key(Self.name).name)
                    households[h].members[m].name = "s\(step)"
                }
            } else {
                let members = households[h].id.scope(in: "households").key("members")
                let group = households[h].members[m].id.scope(in: members).key("visits")
                let count = households[h].members[m].visits.count
                let v = count == 0 ? -1 : Int.random(in: 0..<count, using: &random)
                switch v < 0 ? 0 : operation {
                case 0, 1:
                    let at = Int.random(in: 0...count, using: &random)
                    let id = try form.insertRows(into: group, at: at, [["day": step]])[0]
                    #expect(id == RowID(households[h].members[m].nextVisit), "\(label)")
                    households[h].members[m].visits.insert(Visit(id: id, day: step), at: at)
                    households[h].members[m].nextVisit += 1
                case 2:
                    try form.removeRows([households[h].members[m].visits[v].id], from: group)
                    households[h].members[m].visits.remove(at: v)
                case 3:
                    let to = Int.random(in: 0..<count, using: &random)
                    try form.moveRow(households[h].members[m].visits[v].id, in: group, to: to)
                    households[h].members[m].visits.insert(households[h].members[m].visits.remove(at: v), at: to)
                default:
                    form.set(-step, for: households[h].members[m].visits[v].id.scope(in: group).key(Self.day).name)
                    households[h].members[m].visits[v].day = -step
                }
            }
            #expect(form.context.storage == Self.flattened(households), "\(label)")
            #expect(form.read { $0.invariantViolations() } == [], "\(label)")
            if step % 10 == 0 {
                let json = try FormSubmission(form.context, definition: definition).json(pretty: false, includingRowIDs: true)
                #expect(try FormSubmission(json: json, definition: definition).values.storage == form.context.storage, "\(label): JSON round trip")
                // The same rows as initial values, every group inside them left out: each gets its minimum.
                var bare = Self.flattened(households.map { Household(id: $0.id, city: $0.city, members: []) })
                for home in households { bare["households.\(home.id).members"] = nil }
                var values = FormContext()
                values.storage = bare
                let started = FormContextObject(definition: definition, values: values)
                let minimal = households.map { Household(id: $0.id, city: $0.city, members: [Member(id: RowID(1))]) }
                #expect(started.context.storage == Self.flattened(minimal), "\(label): rows given as values")
                #expect(!started.isDirty, "\(label): rows given as values are clean")
                let draft = try FormDraft(json: try form.draft().json(omittingSecrets: false), definition: definition)
                let later = FormContextObject(definition: definition)
                later.restore(draft)
                #expect(later.context.storage == form.context.storage, "\(label): draft round trip")
                #expect(later.read { $0.invariantViolations() } == [], "\(label): restored")
            }
            deepest = max(deepest, households.map { $0.members.map(\.visits.count).max() ?? 0 }.max() ?? 0)
        }
        // The operations reached the innermost rows.
        #expect(deepest > 0)
    }
}

/// Rules, checks and summaries in rows of groups inside rows, against the same form kept as plain
/// nested arrays with every derived value worked out afresh.
@Suite("Rules and summaries in rows inside rows")
struct NestedRepeatRuleTests {
    static let city = FormKey<String>("city")
    static let limit = FormKey<Int>("limit")
    static let strict = FormKey<Bool>("strict")
    static let name = FormKey<String>("name")
    static let age = FormKey<Int>("age")
    static let overLimit = FormKey<Bool>("overLimit")
    static let lastDay = FormKey<Int>("lastDay")
    static let day = FormKey<Int>("day")
    static let gap = FormKey<Int>("gap")
    static let tag = FormKey<String>("tag")
    static let note = FormKey<String>("note")
    static let visitCount = FormKey<Int>("visitCount")
    static let householdVisits = FormKey<Int>("householdVisits")
    static let allVisits = FormKey<Int>("allVisits")
    static let memberCount = FormKey<Int>("memberCount")

    /// Visits read their row, the row before, the member (`outer`), the household
    /// (`outer.outer`) and the form (`outer.outer.outer`); members read their household and their
    /// visits; counts are kept per member, per household and over the whole form.
    static func definition() throws -> FormDefinition {
        let visits = RepeatGroup("visits", fields: [
            FieldDefinition(day),
            FieldDefinition(gap).calculated { (row: FormValues) -> Int? in
                guard let now = row[day], let before = row.previousRow?[day] else { return nil }
                return now - before
            },
            FieldDefinition(tag).calculated { row in
                "\(row.outer.outer[city] ?? "-")/\(row.outer[name] ?? "-")/\(row[day].map(String.init) ?? "-")"
            },
            FieldDefinition(note)
                .visible(when: { ($0.outer[age] ?? 0) > 60 })
                .required(when: { $0.outer.outer.outer[strict] == true }),
        ])
        .summary(visitCount, .count)
        let members = RepeatGroup("members", fields: [
            FieldDefinition(name),
            FieldDefinition(age),
            FieldDefinition(overLimit).calculated { row in row[age].map { $0 > (row.outer[limit] ?? 0) } },
            FieldDefinition(lastDay).calculated { row in row.rows(of: "visits").last?[day] },
            FieldDefinition(visits),
        ])
        .summary(householdVisits, .sum(visitCount))
        .summary(memberCount, .count)
        let households = RepeatGroup("households", fields: [FieldDefinition(city), FieldDefinition(limit), FieldDefinition(members)])
            .summary(allVisits, .sum(householdVisits))
        return try FormDefinition([FieldDefinition(strict), FieldDefinition(households)])
    }

    typealias Visit = VisitRow

    struct Member {
        var id: RowID
        var name: String?
        var age: Int?
        var visits: [Visit] = []
    }

    struct Household {
        var id: RowID
        var city: String?
        var limit: Int?
        var members: [Member] = []
    }

    /// Checks every derived value of the form against what `households` gives afresh.
    static func check(_ form: FormContextObject, _ households: [Household], strict: Bool, label: String) {
        var all = 0
        let report = form.validate()
        for home in households {
            let members = home.id.scope(in: "households").key("members")
            var perHousehold = 0
            for member in home.members {
                let scope = member.id.scope(in: members)
                let visits = scope.key("visits")
                #expect(form[scope.key(overLimit)] == member.age.map { $0 > (home.limit ?? 0) }, "\(label): overLimit of \(scope.prefix)")
                #expect(form[scope.key(lastDay)] == member.visits.last?.day, "\(label): lastDay of \(scope.prefix)")
                #expect(form[scope.key(visitCount)] == member.visits.count, "\(label): visitCount of \(scope.prefix)")
                perHousehold += member.visits.count
                for (position, visit) in member.visits.enumerated() {
                    let row = visit.id.scope(in: visits)
                    let before = position > 0 ? member.visits[position - 1].day : nil
                    let gap = visit.day.flatMap { day in before.map { day - $0 } }
                    #expect(form[row.key(Self.gap)] == gap, "\(label): gap of \(row.prefix)")
                    let tag = "\(home.city ?? "-")/\(member.name ?? "-")/\(visit.day.map(String.init) ?? "-")"
                    #expect(form[row.key(Self.tag)] == tag, "\(label): tag of \(row.prefix)")
                    let shown = (member.age ?? 0) > 60
                    #expect(form.fieldState(for: row.key("note")).isVisible == shown, "\(label): note of \(row.prefix) shown")
                    let required = shown && strict
                    #expect(report.errors.contains { $0.key == row.key("note") && $0.rule == "required" } == required,
                            "\(label): note of \(row.prefix) required")
                }
            }
            #expect(form[home.id.scope(in: "households").key(householdVisits)] == perHousehold, "\(label): householdVisits of \(home.id)")
            #expect(form[home.id.scope(in: "households").key(memberCount)] == home.members.count, "\(label): memberCount of \(home.id)")
            all += perHousehold
        }
        #expect(form[allVisits] == all, "\(label): allVisits")
        #expect(form.read { $0.invariantViolations() } == [], "\(label): invariants")
    }

    @Test("a rule in a row inside a row reads its row, the rows before it and every level outside it")
    func readsEveryLevel() throws {
        let form = FormContextObject(definition: try Self.definition(), options: ValidationOptions(mode: .onChange))
        let home = try form.appendRow(to: "households", ["city": "Lyon", "limit": 30])
        let members = home.scope(in: "households").key("members")
        let ada = try form.appendRow(to: members, ["name": "Ada", "age": 70])
        let visits = ada.scope(in: members).key("visits")
        let first = try form.appendRow(to: visits, ["day": 3])
        let second = try form.appendRow(to: visits, ["day": 10])
        #expect(form[second.scope(in: visits).key(Self.gap)] == 7)
        #expect(form[first.scope(in: visits).key(Self.tag)] == "Lyon/Ada/3")
        form.set("Nice", for: home.scope(in: "households").key(Self.city).name)
        form.set("Bea", for: ada.scope(in: members).key(Self.name).name)
        #expect(form[first.scope(in: visits).key(Self.tag)] == "Nice/Bea/3")
        #expect(form.fieldState(for: first.scope(in: visits).key("note")).isVisible)
        form.set(true, for: "strict")
        #expect(form.validate().errors.filter { $0.key == first.scope(in: visits).key("note") }.map(\.rule) == ["required"])
        #expect(form[Self.allVisits] == 2)
        try form.moveRow(second, in: visits, to: 0)
        #expect(form[first.scope(in: visits).key(Self.gap)] == -7)
        #expect(form[ada.scope(in: members).key(Self.lastDay)] == 3)
        try form.removeRows([ada], from: members)
        #expect(form[Self.allVisits] == 0)
        #expect(form.read { $0.invariantViolations() } == [])
    }

    @Test("random operations at random depths keep every rule and summary as nested arrays say", arguments: NestedRepeatTests.seeds)
    func rulesMatchNestedArrays(seed: UInt64) throws {
        var random = SplitMix64(seed: seed)
        let form = FormContextObject(definition: try Self.definition(), options: ValidationOptions(mode: .onChange))
        var households: [Household] = []
        var strict = false
        for step in 0..<150 {
            let label = "seed \(seed) step \(step)"
            // Mostly a household with members, so that the operations reach every depth.
            let withMembers = households.indices.filter { !households[$0].members.isEmpty }
            let h = households.isEmpty
                ? -1 : withMembers.isEmpty || Int.random(in: 0..<4, using: &random) == 0
                ? Int.random(in: 0..<households.count, using: &random) : withMembers.randomElement(using: &random) ?? 0
            let m = h < 0 || households[h].members.isEmpty ? -1 : Int.random(in: 0..<households[h].members.count, using: &random)
            let operation = [0, 1, 1, 2, 2, 2, 3, 4, 4, 5, 6, 7, 8, 9].randomElement(using: &random) ?? 0
            switch operation {
            case _ where h < 0:
                let id = try form.appendRow(to: "households", ["city": "c\(step)", "limit": step % 50])
                households.append(Household(id: id, city: "c\(step)", limit: step % 50))
            case 0:
                let at = Int.random(in: 0...households.count, using: &random)
                let id = try form.insertRows(into: "households", at: at, [["city": "c\(step)"]])[0]
                households.insert(Household(id: id, city: "c\(step)"), at: at)
            case 1:
                let members = households[h].id.scope(in: "households").key("members")
                let at = Int.random(in: 0...households[h].members.count, using: &random)
                let age = Int.random(in: 0...90, using: &random)
                let id = try form.insertRows(into: members, at: at, [["name": "n\(step)", "age": age]])[0]
                households[h].members.insert(Member(id: id, name: "n\(step)", age: age), at: at)
            case 2 where m >= 0:
                let visits = households[h].members[m].id.scope(in: households[h].id.scope(in: "households").key("members")).key("visits")
                let at = Int.random(in: 0...households[h].members[m].visits.count, using: &random)
                let id = try form.insertRows(into: visits, at: at, [["day": step]])[0]
                households[h].members[m].visits.insert(Visit(id: id, day: step), at: at)
            case 3 where m >= 0 && !households[h].members[m].visits.isEmpty:
                let visits = households[h].members[m].id.scope(in: households[h].id.scope(in: "households").key("members")).key("visits")
                let v = Int.random(in: 0..<households[h].members[m].visits.count, using: &random)
                if Bool.random(using: &random) {
                    try form.removeRows([households[h].members[m].visits[v].id], from: visits)
                    households[h].members[m].visits.remove(at: v)
                } else {
                    let to = Int.random(in: 0..<households[h].members[m].visits.count, using: &random)
                    try form.moveRow(households[h].members[m].visits[v].id, in: visits, to: to)
                    households[h].members[m].visits.insert(households[h].members[m].visits.remove(at: v), at: to)
                }
            case 4 where m >= 0 && !households[h].members[m].visits.isEmpty:
                let visits = households[h].members[m].id.scope(in: households[h].id.scope(in: "households").key("members")).key("visits")
                let v = Int.random(in: 0..<households[h].members[m].visits.count, using: &random)
                let day = Int.random(in: 0...99, using: &random)
                form.set(day, for: households[h].members[m].visits[v].id.scope(in: visits).key(Self.day).name)
                households[h].members[m].visits[v].day = day
            case 5 where m >= 0:
                let members = households[h].id.scope(in: "households").key("members")
                let age = Int.random(in: 0...90, using: &random)
                form.set(age, for: households[h].members[m].id.scope(in: members).key(Self.age).name)
                form.set("a\(step)", for: households[h].members[m].id.scope(in: members).key(Self.name).name)
                households[h].members[m].age = age
                households[h].members[m].name = "a\(step)"
            case 6 where m >= 0:
                let members = households[h].id.scope(in: "households").key("members")
                if Bool.random(using: &random) {
                    try form.removeRows([households[h].members[m].id], from: members)
                    households[h].members.remove(at: m)
                } else {
                    let to = Int.random(in: 0..<households[h].members.count, using: &random)
                    try form.moveRow(households[h].members[m].id, in: members, to: to)
                    households[h].members.insert(households[h].members.remove(at: m), at: to)
                }
            case 7:
                let limit = Int.random(in: 0...90, using: &random)
                form.set("k\(step)", for: households[h].id.scope(in: "households").key(Self.city).name)
                form.set(limit, for: households[h].id.scope(in: "households").key(Self.limit).name)
                households[h].city = "k\(step)"
                households[h].limit = limit
            case 8 where households.count > 1:
                if Bool.random(using: &random) {
                    try form.removeRows([households[h].id], from: "households")
                    households.remove(at: h)
                } else {
                    let to = Int.random(in: 0..<households.count, using: &random)
                    try form.moveRow(households[h].id, in: "households", to: to)
                    households.insert(households.remove(at: h), at: to)
                }
            default:
                strict.toggle()
                form.set(strict, for: "strict")
            }
            Self.check(form, households, strict: strict, label: label)
        }
        // The operations reached the innermost rows.
        #expect(households.contains { $0.members.contains { $0.visits.count > 1 } })
    }
}

/// Groups of fields (`FieldGroup`) inside the rows of a repeat group, at any depth.
@Suite("Groups of fields inside rows")
struct RowFieldGroupTests {
    static let age = FormKey<Int>("age")
    static let height = FormKey<Int>("vitals.height")
    static let locked = FormKey<Bool>("locked")

    /// A member's vitals are asked for children only, and locked while the member's row says so;
    /// the same group in the members of every household.
    static func definition(nested: Bool) throws -> FormDefinition {
        let members = RepeatGroup("members", fields: [
            FieldDefinition(age),
            FieldDefinition(locked),
            FieldDefinition(height, validators: [.required()]),
            FieldDefinition(FormKey<Int>("vitals.weight")),
        ], groups: [
            FieldGroup("vitals")
                .visible(when: { ($0[age] ?? 0) < 18 })
                .enabled(when: { $0[locked] != true }),
        ])
        guard nested else { return try FormDefinition([FieldDefinition(members)]) }
        return try FormDefinition([FieldDefinition(RepeatGroup("households", fields: [FieldDefinition(members)]))])
    }

    @Test("a group in a row hides and disables the row's fields under it, as at the top level", arguments: [false, true])
    func groupInRow(nested: Bool) throws {
        let definition = try Self.definition(nested: nested)
        let form = FormContextObject(definition: definition, options: ValidationOptions(mode: .onChange))
        let group = nested ? try form.appendRow(to: "households").scope(in: "households").key("members") : "members"
        let child = try form.appendRow(to: group, ["age": 7])
        let adult = try form.appendRow(to: group, ["age": 40, "vitals.height": 180])
        let childHeight = child.scope(in: group).key("vitals.height")
        let adultHeight = adult.scope(in: group).key("vitals.height")
        #expect(form.fieldState(for: childHeight).isVisible && form.fieldState(for: childHeight).isEnabled)
        #expect(!form.fieldState(for: adultHeight).isVisible && !form.fieldState(for: adult.scope(in: group).key("vitals.weight")).isVisible)
        // The hidden field is left out of validation and of the submission, the shown one is not.
        let report = form.validate()
        #expect(report.errors.map(\.key) == [childHeight])
        #expect(definition.validate(form.context).errors.map(\.key) == [childHeight])
        let json = try FormSubmission(form.activeValues, definition: definition).json(pretty: false)
        #expect(!json.contains("180"))
        form.set(true, for: child.scope(in: group).key(Self.locked).name)
        #expect(!form.fieldState(for: childHeight).isEnabled)
        form.set(50, for: child.scope(in: group).key(Self.age).name)
        form.set(9, for: adult.scope(in: group).key(Self.age).name)
        #expect(!form.fieldState(for: childHeight).isVisible && form.fieldState(for: adultHeight).isVisible)
        // A row brought back by a reset, and a restored form, take their group's state again.
        try form.removeRows([adult], from: group)
        // The removed row's group decides nothing any more, whatever rules come after it.
        try form.appendRow(to: group, ["age": 70, "locked": true])
        #expect(form.fieldState(for: adultHeight).isVisible && form.fieldState(for: adultHeight).isEnabled)
        form.reset()
        #expect(form.read { $0.invariantViolations() } == [])
        let restored = FormContextObject(definition: definition)
        let again = FormContextObject(definition: definition)
        let later = nested ? try again.appendRow(to: "households").scope(in: "households").key("members") : "members"
        let kid = try again.appendRow(to: later, ["age": 3])
        restored.restore(again.draft())
        #expect(restored.fieldState(for: kid.scope(in: later).key("vitals.height")).isVisible)
        restored.set(30, for: kid.scope(in: later).key(Self.age).name)
        #expect(!restored.fieldState(for: kid.scope(in: later).key("vitals.height")).isVisible)
        #expect(restored.read { $0.invariantViolations() } == [])
        // Keys of a row written before the row exists take the row's groups when it comes.
        let early = FormContextObject(definition: definition)
        let earlyGroup = nested ? try early.appendRow(to: "households").scope(in: "households").key("members") : "members"
        early.set(40, for: earlyGroup + ".r1.age")
        early.set(150, for: earlyGroup + ".r1.vitals.height")
        early.set(RowOrder([RowID(1)]), for: earlyGroup)
        #expect(!early.fieldState(for: earlyGroup + ".r1.vitals.height").isVisible)
        #expect(early.read { $0.invariantViolations() } == [])
    }

    @Test("a row's groups are named in definition errors")
    func duplicateRowGroup() {
        #expect(throws: FormDefinitionError.invalidRepeatGroup(key: "members", problem: "group 'vitals' is defined more than once")) {
            try FormDefinition([FieldDefinition(RepeatGroup("members", fields: [], groups: [FieldGroup("vitals"), FieldGroup("vitals")]))])
        }
    }
}
