import Foundation
import Testing

@testable import FormContextCore

/// A trip a resident made: a model inside a model inside an array.
struct Trip: Codable, Hashable, Sendable {
    var place: String
    var nights: Int
}

/// One row of a home's residents.
struct Resident: Codable, Hashable, Sendable {
    var name: String
    var age: Int?
    var tags: [String] = []
    var trips: [Trip] = []
}

/// A model holding an array of models, as a form holds a repeat group.
struct Home: Codable, Hashable, Sendable {
    var host = "Grace"
    var residents: [Resident] = []
}

/// Bridges of ``Home``, its residents and their trips: arrays of models bound to repeat groups,
/// one inside the other.
enum HomeBridges {
    static let trip = FormBridge<Trip> { bridge in
        bridge.bind(FormKey<String>("place"), to: \.place)
        bridge.bind(FormKey<Int>("nights"), to: \.nights)
    }
    static let resident = FormBridge<Resident> { bridge in
        bridge.bind(FormKey<String>("name"), to: \.name)
        bridge.bind(FormKey<Int>("age"), to: \.age)
        bridge.bindRows(trip, to: \.trips, under: "trips", newElement: { Trip(place: "", nights: 0) })
    }
    static let home = FormBridge<Home> { bridge in
        bridge.bind(FormKey<String>("host"), to: \.host)
        bridge.bindRows(resident, to: \.residents, under: "residents", newElement: { Resident(name: "") })
    }

    /// A home whose residents and trips the bridges carry whole (no tags: they are not bound).
    static let sample = Home(residents: [
        Resident(name: "Ada", age: 36, trips: [Trip(place: "Paris", nights: 3), Trip(place: "Rome", nights: 2)]),
        Resident(name: "Bob"),
        Resident(name: "Cy", age: 7, trips: [Trip(place: "Oslo", nights: 1)]),
    ])

    /// A form whose definition has the residents' group, holding at least `minimum` rows.
    static func form(minimum: Int = 0, maximum: Int? = nil) throws -> FormContextObject {
        FormContextObject(definition: try FormDefinition([
            FieldDefinition(FormKey<String>("host")),
            FieldDefinition(RepeatGroup("residents", minimum: minimum, maximum: maximum, fields: [
                FieldDefinition(FormKey<String>("name")),
                FieldDefinition(FormKey<Int>("age")),
            ])),
        ]))
    }
}

/// A place holding a home, to bind the home's bridge under a prefix.
struct Street: Hashable, Sendable {
    var name = "Main"
    var home = Home()
}

@Suite("Repeat groups through the model bridge")
struct RepeatGroupBridgeTests {
    @Test("filling a context stores the order and each element under its row, nested rows too")
    func fillLayout() throws {
        let context = HomeBridges.home.context(from: HomeBridges.sample)
        #expect(context.sortedKeys == [
            "host", "residents", "residents.r1.age", "residents.r1.name", "residents.r1.trips", "residents.r1.trips.r1.nights",
            "residents.r1.trips.r1.place", "residents.r1.trips.r2.nights", "residents.r1.trips.r2.place", "residents.r2.name",
            "residents.r2.trips", "residents.r3.age", "residents.r3.name", "residents.r3.trips", "residents.r3.trips.r1.nights",
            "residents.r3.trips.r1.place",
        ])
        #expect(context["residents"] == AnyHashable(RowOrder([RowID(1), RowID(2), RowID(3)])))
        #expect(context["residents.r2.trips"] == AnyHashable(RowOrder()))
        #expect(HomeBridges.home.groupKeys == ["residents"])
        #expect(try HomeBridges.home.roundTrip(HomeBridges.sample) == HomeBridges.sample)
    }

    @Test("a bridge with rows nests under a prefix like any bridge")
    func scoped() throws {
        let streetBridge = FormBridge<Street> { bridge in
            bridge.bind(FormKey<String>("name"), to: \.name)
            bridge.bind(HomeBridges.home, to: \.home, under: "home")
        }
        #expect(streetBridge.groupKeys == ["home.residents"])
        let street = Street(home: HomeBridges.sample)
        var context = streetBridge.context(from: street)
        #expect(context["home.residents.r3.trips.r1.place"] == AnyHashable("Oslo"))
        #expect(try streetBridge.roundTrip(street) == street)
        context.set("old", for: "home.residents.r2.age")
        let error = try #require(throws: FormBridgeError.self) { try streetBridge.model(from: context, startingFrom: Street()) }
        #expect(error.description == "wrong type for key 'home.residents[1].age': expected Int, found String")
        let merged = FormBridge<Street> { bridge in bridge.merge(streetBridge) }
        #expect(try merged.roundTrip(street) == street)
    }

    @Test("filling a context that holds rows keeps their ids by position, numbers new rows after them, drops the rest")
    func fillKeepsIDs() throws {
        var context: FormContext = [
            "residents": RowOrder([RowID(5), RowID(2)]), "residents.r5.name": "old", "residents.r5.nickname": "kept",
            "residents.r2.name": "gone", "residents.r2.trips": RowOrder([RowID(1)]), "residents.r2.trips.r1.place": "gone",
        ]
        HomeBridges.home.fill(&context, from: HomeBridges.sample)
        #expect(context["residents"] == AnyHashable(RowOrder([RowID(5), RowID(2), RowID(6)])))
        #expect(context["residents.r5.name"] == AnyHashable("Ada"))
        #expect(context["residents.r5.nickname"] == AnyHashable("kept"))
        #expect(context["residents.r2.trips"] == AnyHashable(RowOrder()))
        #expect(context["residents.r2.trips.r1.place"] == nil)
        #expect(try HomeBridges.home.model(from: context, startingFrom: Home()) == HomeBridges.sample)

        var fewer = HomeBridges.sample
        fewer.residents = [Resident(name: "Zoe")]
        HomeBridges.home.fill(&context, from: fewer)
        #expect(context.sortedKeys == ["host", "residents", "residents.r5.name", "residents.r5.nickname", "residents.r5.trips"])
        #expect(try HomeBridges.home.model(from: context, startingFrom: Home()) == fewer)
    }

    struct Failure: CustomTestStringConvertible, Sendable {
        let key: String
        let value: (any Hashable & Sendable)?
        let message: String
        var testDescription: String { message }
    }

    @Test("write errors name each row by its position from 0", arguments: [
        Failure(key: "residents.r2.age", value: "x", message: "wrong type for key 'residents[1].age': expected Int, found String"),
        Failure(key: "residents.r3.name", value: nil, message: "missing value for key 'residents[2].name': expected String"),
        Failure(key: "residents.r1.trips.r2.nights", value: 2.5,
                message: "wrong type for key 'residents[0].trips[1].nights': expected Int, found Double"),
        Failure(key: "residents.r3.trips", value: [1], message: "wrong type for key 'residents[2].trips': expected RowOrder, found Array<Int>"),
        Failure(key: "residents", value: "three", message: "wrong type for key 'residents': expected RowOrder, found String"),
    ])
    func writeErrors(_ failure: Failure) throws {
        var context = HomeBridges.home.context(from: HomeBridges.sample)
        context.set(failure.value, for: failure.key)
        var home = Home(host: "before")
        let error = try #require(throws: FormBridgeError.self) { try HomeBridges.home.write(context, into: &home) }
        #expect(error.description == failure.message)
        #expect(home == Home(host: "before"))
    }

    @Test("a write through a class reference checks every row before it changes anything")
    func referenceModels() throws {
        final class Box: @unchecked Sendable {
            // Only touched by this test's thread.
            var home = Home(host: "before")
        }
        struct Holder: Sendable { let box: Box }
        let bridge = FormBridge<Holder> { bridge in
            bridge.bind(FormKey<String>("host"), to: \.box.home.host)
            bridge.bindRows(HomeBridges.resident, to: \.box.home.residents, under: "residents", newElement: { Resident(name: "") })
        }
        var holder = Holder(box: Box())
        var context = HomeBridges.home.context(from: HomeBridges.sample)
        context.set("x", for: "residents.r3.age")
        let error = try #require(throws: FormBridgeError.self) { try bridge.write(context, into: &holder) }
        #expect(error.description == "wrong type for key 'residents[2].age': expected Int, found String")
        #expect(holder.box.home == Home(host: "before"))
        context.set(7, for: "residents.r3.age")
        try bridge.write(context, into: &holder)
        #expect(holder.box.home == HomeBridges.sample)
    }

    @Test("a context without the group's key holds no rows")
    func absentGroupIsEmpty() throws {
        var home = HomeBridges.sample
        try HomeBridges.home.write(["host": "Lone"], into: &home)
        #expect(home == Home(host: "Lone", residents: []))
    }

    @Test("secret fields of rows are marked secret in the context and in a live form")
    func secretRowFields() throws {
        struct Account: Hashable, Sendable { var user = ""; var pin = "" }
        struct Bank: Hashable, Sendable { var accounts: [Account] = [] }
        let account = FormBridge<Account> { bridge in
            bridge.bind(FormKey<String>("user"), to: \.user)
            bridge.bind(FormKey<String>("pin"), to: \.pin, isSecure: true)
        }
        let bank = FormBridge<Bank> { bridge in bridge.bindRows(account, to: \.accounts, under: "accounts", newElement: { Account() }) }
        let model = Bank(accounts: [Account(user: "ada", pin: "1234")])
        let context = bank.context(from: model)
        #expect(context.secureKeys == ["accounts.r1.pin"])
        #expect(!context.description.contains("1234"))
        let form = FormContextObject()
        let changes = try bank.fill(form, from: model)
        #expect(form.fieldState(for: "accounts.r1.pin").isSecure)
        #expect(!changes.map(\.description).joined().contains("1234"))
    }

    // MARK: Live forms

    @Test("filling a live form keeps its rows by position and adds new rows with ids it never gave")
    func fillLiveForm() throws {
        let form = try HomeBridges.form(minimum: 1)
        #expect(form.rows(of: "residents") == [RowID(1)])
        let nameOfFirst = SendableBox<[String]>([])
        let subscription = form.observe("residents.r1.name") { change in nameOfFirst.mutate { $0.append(change.description) } }
        defer { subscription.cancel() }
        try HomeBridges.home.fill(form, from: HomeBridges.sample)
        #expect(form.rows(of: "residents") == [RowID(1), RowID(2), RowID(3)])
        #expect(try HomeBridges.home.model(from: form.context, startingFrom: Home()) == HomeBridges.sample)
        #expect(nameOfFirst.value == [#"residents.r1.name: nil -> "Ada" (bridge)"#])

        try form.removeRows([RowID(2)], from: "residents")
        try HomeBridges.home.fill(form, from: HomeBridges.sample)
        #expect(form.rows(of: "residents") == [RowID(1), RowID(3), RowID(4)])
        #expect(try HomeBridges.home.model(from: form.context, startingFrom: Home()) == HomeBridges.sample)

        var fewer = HomeBridges.sample
        fewer.residents.removeLast(2)
        fewer.residents[0].trips.removeLast()
        try HomeBridges.home.fill(form, from: fewer)
        #expect(form.rows(of: "residents") == [RowID(1)])
        #expect(form.context.sortedKeys.filter { $0.hasPrefix("residents") } == [
            "residents", "residents.r1.age", "residents.r1.name", "residents.r1.trips", "residents.r1.trips.r1.nights",
            "residents.r1.trips.r1.place",
        ])
        #expect(try HomeBridges.home.model(from: form.context, startingFrom: Home()) == fewer)
        #expect(nameOfFirst.value.count == 1)
    }

    @Test("filling a live form with more elements than its group allows changes nothing")
    func fillTooMany() throws {
        let form = try HomeBridges.form(maximum: 2)
        let before = form.context
        #expect(throws: RepeatGroupError.tooManyRows(group: "residents", maximum: 2)) {
            try HomeBridges.home.fill(form, from: HomeBridges.sample)
        }
        #expect(form.context == before)
        form.set("not rows", for: "residents")
        #expect(throws: RepeatGroupError.notAnOrder(group: "residents", found: "String")) {
            try HomeBridges.home.fill(form, from: Home())
        }
        // An order holding a row id out of range is refused by the form, and by a fill, before any change.
        form.set(RowOrder([RowID(1), RowID(-3)]), for: "residents")
        let refused = form.context
        #expect(throws: RepeatGroupError.invalidRow(group: "residents", id: RowID(-3))) {
            try HomeBridges.home.fill(form, from: Home())
        }
        #expect(form.context == refused)
    }

    @Test("random edits of a live form's rows read back as the same edits of an array", arguments: RoundTripPropertyTests.seeds)
    func randomEdits(seed: UInt64) throws {
        var values = RandomValues(seed: seed ^ 0xB81D6E)
        let form = try HomeBridges.form()
        var oracle = Home()
        try HomeBridges.home.fill(form, from: oracle)
        var log: [String] = []
        for step in 0..<60 {
            let ids = Array(form.rows(of: "residents"))
            switch Int.random(in: 0..<6, using: &values.generator) {
            case 0, 1:
                let position = Int.random(in: 0...ids.count, using: &values.generator)
                let resident = Resident(name: values.string(), age: values.optional { $0.int() })
                var row: FormContext = ["name": resident.name]
                row.set(resident.age, for: "age")
                try form.insertRows(into: "residents", at: position, [row])
                oracle.residents.insert(resident, at: position)
                log.append("insert \(position)")
            case 2 where !ids.isEmpty:
                let position = Int.random(in: 0..<ids.count, using: &values.generator)
                try form.removeRows([ids[position]], from: "residents")
                oracle.residents.remove(at: position)
                log.append("remove \(position)")
            case 3 where !ids.isEmpty:
                let from = Int.random(in: 0..<ids.count, using: &values.generator)
                let to = Int.random(in: 0..<ids.count, using: &values.generator)
                try form.moveRow(ids[from], in: "residents", to: to)
                oracle.residents.insert(oracle.residents.remove(at: from), at: to)
                log.append("move \(from) to \(to)")
            case 4 where !ids.isEmpty:
                let position = Int.random(in: 0..<ids.count, using: &values.generator)
                let name = values.string()
                form.set(name, for: "residents.\(ids[position]).name", origin: .user)
                oracle.residents[position].name = name
                log.append("rename \(position)")
            default:
                // The model changes elsewhere, and the bridge fills the form from it.
                if !oracle.residents.isEmpty, values.oneIn(2) { oracle.residents.removeLast() }
                oracle.residents.append(Resident(name: values.string(), trips: [Trip(place: values.string(), nights: values.int())]))
                oracle.host = values.string()
                try HomeBridges.home.fill(form, from: oracle)
                log.append("fill \(oracle.residents.count)")
            }
            let label = "seed \(seed) step \(step): \(log.suffix(4))"
            #expect(try HomeBridges.home.model(from: form.context, startingFrom: Home()) == oracle, "\(label)")
            #expect(Set(form.rows(of: "residents")).count == oracle.residents.count, "\(label)")
        }
    }
    @Test("random edits of a live form's rows and of the rows inside them read back as the same edits of nested arrays", arguments: RoundTripPropertyTests.seeds)
    func randomNestedEdits(seed: UInt64) throws {
        var values = RandomValues(seed: seed ^ 0x7E57ED)
        let form = FormContextObject(definition: try FormDefinition([
            FieldDefinition(FormKey<String>("host")),
            FieldDefinition(RepeatGroup("residents", fields: [
                FieldDefinition(FormKey<String>("name")),
                FieldDefinition(FormKey<Int>("age")),
                FieldDefinition(RepeatGroup("trips", fields: [FieldDefinition(FormKey<String>("place")), FieldDefinition(FormKey<Int>("nights"))])),
            ])),
        ]))
        var oracle = HomeBridges.sample
        try HomeBridges.home.fill(form, from: oracle)
        var log: [String] = []
        for step in 0..<80 {
            let residents = Array(form.rows(of: "residents"))
            let r = residents.isEmpty ? -1 : Int.random(in: 0..<residents.count, using: &values.generator)
            let trips = r < 0 ? "" : "residents.\(residents[r]).trips"
            let tripIDs = r < 0 ? [] : Array(form.rows(of: trips))
            switch Int.random(in: 0..<8, using: &values.generator) {
            case 0:
                let position = Int.random(in: 0...residents.count, using: &values.generator)
                let trip = Trip(place: values.string(), nights: values.int())
                let row: FormContext = ["name": "n\(step)", "trips": [["place": trip.place, "nights": trip.nights] as FormContext]]
                try form.insertRows(into: "residents", at: position, [row])
                oracle.residents.insert(Resident(name: "n\(step)", trips: [trip]), at: position)
                log.append("insert resident \(position)")
            case 1 where r >= 0:
                try form.removeRows([residents[r]], from: "residents")
                oracle.residents.remove(at: r)
                log.append("remove resident \(r)")
            case 2 where r >= 0:
                let position = Int.random(in: 0...tripIDs.count, using: &values.generator)
                let trip = Trip(place: values.string(), nights: values.int())
                try form.insertRows(into: trips, at: position, [["place": trip.place, "nights": trip.nights]])
                oracle.residents[r].trips.insert(trip, at: position)
                log.append("insert trip \(position) of \(r)")
            case 3 where !tripIDs.isEmpty:
                let position = Int.random(in: 0..<tripIDs.count, using: &values.generator)
                try form.removeRows([tripIDs[position]], from: trips)
                oracle.residents[r].trips.remove(at: position)
                log.append("remove trip \(position) of \(r)")
            case 4 where !tripIDs.isEmpty:
                let from = Int.random(in: 0..<tripIDs.count, using: &values.generator)
                let to = Int.random(in: 0..<tripIDs.count, using: &values.generator)
                try form.moveRow(tripIDs[from], in: trips, to: to)
                oracle.residents[r].trips.insert(oracle.residents[r].trips.remove(at: from), at: to)
                log.append("move trip \(from) to \(to) of \(r)")
            case 5 where !tripIDs.isEmpty:
                let position = Int.random(in: 0..<tripIDs.count, using: &values.generator)
                let nights = values.int()
                form.set(nights, for: "\(trips).\(tripIDs[position]).nights", origin: .user)
                oracle.residents[r].trips[position].nights = nights
                log.append("nights of trip \(position) of \(r)")
            default:
                // The model changes elsewhere, at both levels, and the bridge fills the form from it.
                if r >= 0 {
                    if !oracle.residents[r].trips.isEmpty, values.oneIn(2) { oracle.residents[r].trips.removeLast() }
                    oracle.residents[r].trips.append(Trip(place: values.string(), nights: values.int()))
                }
                if !oracle.residents.isEmpty, values.oneIn(3) { oracle.residents.removeLast() }
                try HomeBridges.home.fill(form, from: oracle)
                log.append("fill")
            }
            let label = "seed \(seed) step \(step): \(log.suffix(4))"
            #expect(try HomeBridges.home.model(from: form.context, startingFrom: Home()) == oracle, "\(label)")
            #expect(form.read { $0.invariantViolations() } == [], "\(label)")
        }
    }
}
