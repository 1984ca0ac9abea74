import Foundation
import Testing

@testable import FormContext

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

@Suite("Repeat groups through the Codable route")
struct RepeatGroupCodableTests {
    let encoder = FormContextEncoder()
    let decoder = FormContextDecoder()

    static let sample = Home(residents: [
        Resident(name: "Ada", age: 36, tags: ["math", "poetry"], trips: [Trip(place: "Paris", nights: 3)]),
        Resident(name: "Bob"),
    ])

    @Test("an array of models is stored as a repeat group's rows; arrays of single values by index")
    func layout() throws {
        let context = try encoder.encode(Self.sample)
        #expect(context.sortedKeys == [
            "host", "residents", "residents.r1.age", "residents.r1.name", "residents.r1.tags.0", "residents.r1.tags.1",
            "residents.r1.trips", "residents.r1.trips.r1.nights", "residents.r1.trips.r1.place", "residents.r2.name",
        ])
        #expect(context["residents"] == AnyHashable(RowOrder([RowID(1), RowID(2)])))
        #expect(context["residents.r1.trips"] == AnyHashable(RowOrder([RowID(1)])))
        #expect(try decoder.decode(Home.self, from: context) == Self.sample)
    }

    @Test("the encoded model fills a form's repeat group, and the form's rows decode in row order")
    func fillsALiveForm() throws {
        let definition = try FormDefinition([
            FieldDefinition(FormKey<String>("host")),
            FieldDefinition(RepeatGroup("residents", fields: [
                FieldDefinition(FormKey<String>("name"), validators: [.required()]),
                FieldDefinition(FormKey<Int>("age")),
            ])),
        ])
        let home = Home(residents: [Resident(name: "Ada", age: 36), Resident(name: "Bob"), Resident(name: "Cy", age: 7)])
        let form = FormContextObject(definition: definition, values: try encoder.encode(home))
        #expect(form.rows(of: "residents") == [RowID(1), RowID(2), RowID(3)])
        #expect(form.isValid)
        try form.moveRow(RowID(3), in: "residents", to: 0)
        try form.removeRow(RowID(1), from: "residents")
        let id = try form.appendRow(to: "residents", ["name": "Di"])
        #expect(id == RowID(4))
        let back = try decoder.decode(Home.self, from: form.context)
        #expect(back.residents.map(\.name) == ["Cy", "Bob", "Di"])
        #expect(back.residents.map(\.age) == [7, nil, nil])
    }

    struct Failure: CustomTestStringConvertible, Sendable {
        let key: String
        let value: (any Hashable & Sendable)?
        let message: String
        var testDescription: String { message }
    }

    @Test("decoding errors name each row by its position from 0", arguments: [
        Failure(key: "residents.r2.age", value: "x", message: "wrong type for key 'residents[1].age': expected Int, found String"),
        Failure(key: "residents.r1.name", value: nil, message: "missing value for key 'residents[0].name': expected String"),
        Failure(key: "residents.r1.trips.r1.nights", value: 2.5,
                message: "wrong type for key 'residents[0].trips[0].nights': expected Int, found Double"),
        Failure(key: "residents.r1.tags.1", value: 5, message: "wrong type for key 'residents[0].tags.1': expected String, found Int"),
    ])
    func decodingErrors(_ failure: Failure) throws {
        var context = try encoder.encode(Self.sample)
        context.set(failure.value, for: failure.key)
        let error = try #require(throws: FormBridgeError.self) { try decoder.decode(Home.self, from: context) }
        #expect(error.description == failure.message)
    }

    @Test("rows decode in the order's order, positions counted in it, whatever their ids")
    func orderDecides() throws {
        var context = try encoder.encode(Self.sample)
        context.set(RowOrder([RowID(2), RowID(1)]), for: "residents")
        #expect(try decoder.decode(Home.self, from: context).residents.map(\.name) == ["Bob", "Ada"])
        context.set("x", for: "residents.r1.age")
        let error = try #require(throws: FormBridgeError.self) { try decoder.decode(Home.self, from: context) }
        #expect(error.description == "wrong type for key 'residents[1].age': expected Int, found String")
        context.set(RowOrder([RowID(2), RowID(9)]), for: "residents")
        let missing = try #require(throws: FormBridgeError.self) { try decoder.decode(Home.self, from: context) }
        #expect(missing.description == "missing value for key 'residents[1].name': expected String")
    }

    @Test("a type's own decoding error inside a row names the row by position")
    func customErrorInRow() throws {
        struct Evens: Codable { var values: [Wrapper] }
        let context: FormContext = ["values": RowOrder([RowID(1), RowID(2)]), "values.r1.inner.value": 2, "values.r2.inner.value": 3]
        let error = try #require(throws: FormBridgeError.self) { try decoder.decode(Evens.self, from: context) }
        #expect(error.description == "invalid value for key 'values[1].inner.value': 3 is odd")
    }

    @Test("encoding errors inside rows name the row by position")
    func encodingErrors() throws {
        struct Tagged: Codable { var name: String; var tags: [String?] }
        struct Holder: Codable { var rows: [Tagged] }
        let error = try #require(throws: FormBridgeError.self) {
            try encoder.encode(Holder(rows: [Tagged(name: "a", tags: []), Tagged(name: "b", tags: ["x", nil])]))
        }
        #expect(error.description
            == "invalid value for key 'rows[1].tags.1': an array element cannot be nil: nil is an absent key, which would end the array there")
    }

    @Test("an array that mixes models with single values is refused")
    func mixedArrays() throws {
        struct Mixed: Encodable {
            func encode(to encoder: any Encoder) throws {
                var container = encoder.container(keyedBy: ContextKey.self)
                var items = container.nestedUnkeyedContainer(forKey: ContextKey(stringValue: "items")!)
                var first = items.nestedContainer(keyedBy: ContextKey.self)
                try first.encode("a", forKey: ContextKey(stringValue: "name")!)
                try items.encode(2)
            }
        }
        let error = try #require(throws: FormBridgeError.self) { try encoder.encode(Mixed()) }
        #expect(error.description == "invalid value for key 'items.1': an array cannot mix models, kept as rows (key.r1.field), "
            + "with single values or arrays, kept by index (key.0)")
    }

    @Test("models whose fields are all nil are rows too, and come back")
    func emptyModels() throws {
        struct Note: Codable, Equatable { var text: String? }
        struct Notes: Codable, Equatable { var notes: [Note] }
        let notes = Notes(notes: [Note(text: nil), Note(text: "b"), Note(text: nil)])
        let context = try encoder.encode(notes)
        #expect(context.sortedKeys == ["notes", "notes.r2.text"])
        #expect(try decoder.decode(Notes.self, from: context) == notes)
    }

    @Test("arrays of arrays of models, dictionaries of them, and optional models keep their layouts")
    func otherShapes() throws {
        struct Shapes: Codable, Equatable {
            var grid: [[Trip]]
            var byName: [String: [Trip]]
            var maybe: [Trip?]
            var none: [Trip]
        }
        let shapes = Shapes(
            grid: [[Trip(place: "a", nights: 1)], [], [Trip(place: "b", nights: 2), Trip(place: "c", nights: 3)]],
            byName: ["x": [Trip(place: "d", nights: 4)]], maybe: [Trip(place: "e", nights: 5)], none: [])
        let empty = try #require(throws: FormBridgeError.self) { try encoder.encode(shapes) }
        #expect(empty.description == "invalid value for key 'grid.1': an array element that stores no value (an empty array) would end the array there")
        var carried = shapes
        carried.grid.remove(at: 1)
        let context = try encoder.encode(carried)
        #expect(context.sortedKeys == [
            "byName.x", "byName.x.r1.nights", "byName.x.r1.place", "grid.0", "grid.0.r1.nights", "grid.0.r1.place", "grid.1",
            "grid.1.r1.nights", "grid.1.r1.place", "grid.1.r2.nights", "grid.1.r2.place", "maybe.0.nights", "maybe.0.place",
        ])
        let decoded = try decoder.decode(Shapes.self, from: context)
        #expect(decoded == carried, "\(decoded)")
    }

    @Test("encoding into a context replaces an array's rows and order, leaving no stale row behind")
    func staleRows() throws {
        var context = try encoder.encode(Self.sample)
        context.set("kept", for: "unrelated")
        var shorter = Self.sample
        shorter.residents = [Resident(name: "Zoe", tags: ["z"])]
        try encoder.encode(shorter, into: &context)
        #expect(context.sortedKeys == ["host", "residents", "residents.r1.name", "residents.r1.tags.0", "unrelated"])
        #expect(try decoder.decode(Home.self, from: context) == shorter)
        shorter.residents = []
        try encoder.encode(shorter, into: &context)
        #expect(context.sortedKeys == ["host", "unrelated"])
        #expect(try decoder.decode(Home.self, from: context).residents == [])
    }

    @Test("random homes round-trip, and match what the rows hold", arguments: RoundTripPropertyTests.seeds)
    func randomHomes(seed: UInt64) throws {
        var values = RandomValues(seed: seed ^ 0x4011E)
        for sample in 0..<30 {
            let home = Self.randomHome(&values)
            let label = "seed \(seed) sample \(sample): \(home)"
            let context = try encoder.encode(home)
            #expect(try decoder.decode(Home.self, from: context) == home, "\(label)")
            let order = try #require(context["residents"]?.base as? RowOrder ?? (home.residents.isEmpty ? RowOrder() : nil), "\(label)")
            #expect(order.count == home.residents.count, "\(label)")
            for (position, (id, resident)) in zip(order, home.residents).enumerated() {
                #expect(id == RowID(position + 1), "\(label)")
                #expect(context[id.scope(in: "residents").key(FormKey<String>("name"))] == resident.name, "\(label)")
                #expect(context[id.scope(in: "residents").key(FormKey<Int>("age"))] == resident.age, "\(label)")
            }
        }
    }

    static func randomHome(_ values: inout RandomValues) -> Home {
        let residents = (0..<Int.random(in: 0...5, using: &values.generator)).map { _ in
            Resident(
                name: values.string(), age: values.optional { $0.int() },
                tags: (0..<Int.random(in: 0...3, using: &values.generator)).map { _ in values.string() },
                trips: (0..<Int.random(in: 0...2, using: &values.generator)).map { _ in Trip(place: values.string(), nights: values.int()) })
        }
        return Home(host: values.string(), residents: residents)
    }
}
