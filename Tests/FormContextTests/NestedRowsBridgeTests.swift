import Foundation
import Testing

@testable import FormContextCore

/// Arrays of models inside arrays of models, filled into a live form whose definition has the
/// groups inside rows (residents → trips), and read back.
@Suite("Rows inside rows through the model bridge")
struct NestedRowsBridgeTests {
    static let tripCount = FormKey<Int>("tripCount")
    static let allTrips = FormKey<Int>("allTrips")

    /// A form whose residents each hold their trips, with a count of each resident's trips and a
    /// sum of them all.
    static func form(maximumTrips: Int? = nil) throws -> FormContextObject {
        FormContextObject(definition: try FormDefinition([
            FieldDefinition(FormKey<String>("host")),
            FieldDefinition(RepeatGroup("residents", fields: [
                FieldDefinition(FormKey<String>("name")),
                FieldDefinition(FormKey<Int>("age")),
                FieldDefinition(RepeatGroup("trips", maximum: maximumTrips, fields: [
                    FieldDefinition(FormKey<String>("place")),
                    FieldDefinition(FormKey<Int>("nights"), validators: [.range(1...365)]),
                ]).summary(tripCount, .count)),
            ]).summary(allTrips, .sum(tripCount))),
        ]))
    }

    @Test("a filled form holds every level, its summaries and checks follow, and it reads back as the model")
    func fillsEveryLevel() async throws {
        let form = try Self.form()
        try HomeBridges.home.fill(form, from: HomeBridges.sample)
        #expect(form.rows(of: "residents.r1.trips") == [RowID(1), RowID(2)])
        #expect(form[FormKey<String>("residents.r3.trips.r1.place")] == "Oslo")
        #expect(form[FormKey<Int>("residents.r1.tripCount")] == 2)
        #expect(form[Self.allTrips] == 3)
        #expect(try HomeBridges.home.model(from: form.context, startingFrom: Home()) == HomeBridges.sample)
        form.set(0, for: "residents.r3.trips.r1.nights", origin: .user)
        let result = await form.submit { _ in .accepted }
        #expect(result.firstInvalidKey == "residents.r3.trips.r1.nights")
    }

    @Test("filling again gives new inner rows ids their group never gave, not those of rows removed")
    func innerIDsNeverGivenTwice() throws {
        let form = try Self.form()
        try HomeBridges.home.fill(form, from: HomeBridges.sample)
        try form.removeRows([RowID(2)], from: "residents.r1.trips")
        try form.removeRows([RowID(1)], from: "residents.r3.trips")
        try HomeBridges.home.fill(form, from: HomeBridges.sample)
        #expect(form.rows(of: "residents.r1.trips") == [RowID(1), RowID(3)])
        #expect(form.rows(of: "residents.r3.trips") == [RowID(2)])
        #expect(form[Self.allTrips] == 3)
        #expect(try HomeBridges.home.model(from: form.context, startingFrom: Home()) == HomeBridges.sample)
    }

    @Test("an inner array longer than its group allows is refused, naming the element, and nothing changes")
    func innerMaximum() throws {
        let form = try Self.form(maximumTrips: 1)
        let before = form.context
        #expect(throws: RepeatGroupError.tooManyRows(group: "residents[0].trips", maximum: 1)) {
            try HomeBridges.home.fill(form, from: HomeBridges.sample)
        }
        #expect(form.context == before)
        var fits = HomeBridges.sample
        fits.residents[0].trips.removeLast()
        try HomeBridges.home.fill(form, from: fits)
        #expect(throws: RepeatGroupError.tooManyRows(group: "residents[0].trips", maximum: 1)) {
            try HomeBridges.home.fill(form, from: HomeBridges.sample)
        }
        #expect(try HomeBridges.home.model(from: form.context, startingFrom: Home()) == fits)
    }

    @Test("random edits at both levels, in the form and in the model, read back as the model", arguments: RoundTripPropertyTests.seeds)
    func randomEdits(seed: UInt64) throws {
        var random = RandomValues(seed: seed ^ 0x7E57ED)
        let form = try Self.form()
        var oracle = Home()
        try HomeBridges.home.fill(form, from: oracle)
        var given: [String: Set<RowID>] = [:]
        var present: [String: Set<RowID>] = [:]
        var log: [String] = []
        func trip() -> Trip { Trip(place: random.pick(["Accra", "Lomé", "Oslo"]), nights: Int.random(in: 1...9, using: &random.generator)) }
        for step in 0..<80 {
            let residents = Array(form.rows(of: "residents"))
            let who = residents.isEmpty ? nil : Int.random(in: 0..<residents.count, using: &random.generator)
            let trips = who.map { "residents.\(residents[$0]).trips" }
            let tripIDs = trips.map { Array(form.rows(of: $0)) } ?? []
            switch Int.random(in: 0..<7, using: &random.generator) {
            case 0:
                let position = Int.random(in: 0...residents.count, using: &random.generator)
                try form.insertRows(into: "residents", at: position, [["name": "n\(step)"]])
                oracle.residents.insert(Resident(name: "n\(step)"), at: position)
                log.append("insert resident \(position)")
            case 1 where who != nil:
                try form.removeRows([residents[who!]], from: "residents")
                oracle.residents.remove(at: who!)
                log.append("remove resident \(who!)")
            case 2 where trips != nil:
                let position = Int.random(in: 0...tripIDs.count, using: &random.generator)
                let new = trip()
                try form.insertRows(into: trips!, at: position, [["place": new.place, "nights": new.nights]])
                oracle.residents[who!].trips.insert(new, at: position)
                log.append("insert trip \(who!).\(position)")
            case 3 where !tripIDs.isEmpty:
                let position = Int.random(in: 0..<tripIDs.count, using: &random.generator)
                try form.removeRows([tripIDs[position]], from: trips!)
                oracle.residents[who!].trips.remove(at: position)
                log.append("remove trip \(who!).\(position)")
            case 4 where !tripIDs.isEmpty:
                let from = Int.random(in: 0..<tripIDs.count, using: &random.generator)
                let to = Int.random(in: 0..<tripIDs.count, using: &random.generator)
                try form.moveRow(tripIDs[from], in: trips!, to: to)
                oracle.residents[who!].trips.insert(oracle.residents[who!].trips.remove(at: from), at: to)
                log.append("move trip \(who!).\(from) to \(to)")
            default:
                // The model changes elsewhere, at either level, and the bridge fills the form from it.
                for index in oracle.residents.indices where random.oneIn(2) {
                    if !oracle.residents[index].trips.isEmpty, random.oneIn(2) { oracle.residents[index].trips.removeFirst() }
                    for _ in 0..<Int.random(in: 0...2, using: &random.generator) { oracle.residents[index].trips.append(trip()) }
                }
                if !oracle.residents.isEmpty, random.oneIn(3) { oracle.residents.removeLast() }
                if random.oneIn(2) { oracle.residents.append(Resident(name: "m\(step)", trips: [trip()])) }
                try HomeBridges.home.fill(form, from: oracle)
                log.append("fill")
            }
            let label = "seed \(seed) step \(step): \(log.suffix(4))"
            #expect(try HomeBridges.home.model(from: form.context, startingFrom: Home()) == oracle, "\(label)")
            #expect(form[Self.allTrips] == oracle.residents.reduce(0) { $0 + $1.trips.count }, "\(label)")
            // No row id of an inner group is given twice, whichever side added the row: an id that
            // left its group never comes back.
            for resident in form.rows(of: "residents") {
                let group = "residents.\(resident).trips"
                let now = Set(form.rows(of: group))
                let gone = (given[group] ?? []).subtracting(present[group] ?? [])
                #expect(now.isDisjoint(with: gone), "\(label): \(group) gave again \(now.intersection(gone).sorted { $0.number < $1.number })")
                given[group, default: []].formUnion(now)
                present[group] = now
            }
        }
    }
}
