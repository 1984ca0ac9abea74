import Foundation
import Testing

@testable import FormContextCore
import TestSupport

/// Restoring a draft settles like any mutation: summaries and calculations are what the restored rows
/// compute, whatever the draft held for them, and the fields of rows the form does not have (an
/// order the draft could not give) are not left in the form.
@Suite("Restoring settles")
struct RestoreSettlingTests {
    static let name = FormKey<String>("name")
    static let age = FormKey<Int>("age")
    static let isAdult = FormKey<Bool>("isAdult")
    static let size = FormKey<Int>("size")
    static let adults = FormKey<Int>("adults")
    static let ages = FormKey<Int>("ages")
    static let allAdults = FormKey<Bool>("allAdults")
    static let derivedKeys: Set<String> = ["size", "adults", "ages", "allAdults"]

    /// A household: an address, then members with a name, an age and a calculated adult flag, and
    /// four summaries of them.
    static func definition() throws -> FormDefinition {
        let members = RepeatGroup("members", fields: [
            FieldDefinition(name),
            FieldDefinition(age),
            FieldDefinition(isAdult).calculated { row in row[age].map { $0 >= 18 } },
        ])
        .summary(size, .count)
        .summary(adults, .count(where: isAdult, equals: true))
        .summary(ages, .sum(age))
        .summary(allAdults, .all(isAdult, equals: true))
        return try FormDefinition(
            [FieldDefinition(FormKey<String>("address")), FieldDefinition(members)], identifier: "household")
    }

    @Test("summaries a draft holds are computed again from its rows")
    func summariesRecomputed() throws {
        let definition = try Self.definition()
        var values: FormContext = [
            "members": RowOrder([RowID(1)]), "members.r1.name": "Ada", "members.r1.age": 36,
            "members.r1.isAdult": false, "size": 999, "adults": 77, "ages": -1, "allAdults": "yes",
        ]
        values.set("1 Row Street", for: "address")
        let form = FormContextObject(definition: definition)
        form.restore(FormDraft(formIdentifier: "household", formVersion: 1, values: values, initialValues: values))
        #expect(form[Self.size] == 1)
        #expect(form[Self.adults] == 1)
        #expect(form[Self.ages] == 36)
        #expect(form[Self.allAdults] == true)
        #expect(form[FormKey<Bool>("members.r1.isAdult")] == true)
        // The same rows in a form that already has them: nothing about the rows changes, and still
        // the summaries are the rows'.
        let again = FormContextObject(definition: definition, values: ["members": RowOrder([RowID(1)]), "members.r1.age": 36])
        again.restore(FormDraft(formIdentifier: "household", formVersion: 1, values: values))
        #expect(again[Self.size] == 1)
        #expect(again[Self.adults] == 1)
        #expect(again[Self.ages] == 36)
    }

    @Test("a draft read from JSON with wrong summaries and an order it cannot give leaves no orphan field")
    func refusedOrderFromJSON() throws {
        let definition = try Self.definition()
        let json = """
            {"form": {"identifier": "household", "version": 1}, "savedAt": 0, "fields": {
              "members": {"type": "RowOrder", "value": ["r1", "r99999999999999999"]},
              "members.r1.name": {"type": "String", "value": "Ada"},
              "members.r1.age": {"type": "Int", "value": 36},
              "members.r2.name": {"type": "String", "value": "Bob"},
              "members.r2.age": {"type": "Int", "value": 7, "touched": true},
              "size": {"type": "Int", "value": 999},
              "adults": {"type": "Int", "value": 77}
            }}
            """
        let draft = try FormDraft(json: JSONValue(parsing: Data(json.utf8)), definition: definition)
        #expect(draft.skippedKeys.keys.contains("members"))
        let form = FormContextObject(definition: definition)
        try form.appendRow(to: "members", ["name": "Cy", "age": 40])
        form.restore(draft)
        #expect(form.rows(of: "members") == [RowID(1)])
        #expect(form.context.keys.filter { $0.hasPrefix("members.r2.") }.isEmpty)
        #expect(!form.touchedKeys.contains("members.r2.age"))
        #expect(form[FormKey<String>("members.r1.name")] == "Ada")
        #expect(form[Self.size] == 1)
        #expect(form[Self.adults] == 1)
        #expect(form[Self.ages] == 36)
    }

    @Test("a summary written by the program takes its computed value again, as a calculated field does")
    func summaryWrittenByProgram() throws {
        let form = FormContextObject(definition: try Self.definition())
        try form.appendRow(to: "members", ["name": "Ada", "age": 36])
        form.set(999, for: Self.size.name)
        #expect(form[Self.size] == 1)
        form.transaction { $0.set(5, for: Self.adults.name) }
        #expect(form[Self.adults] == 1)
    }

    @Test("random drafts restore to exactly what a form built from the same rows computes", arguments: 0..<40)
    func randomDrafts(seed: UInt64) throws {
        var random = SplitMix64(seed: seed &* 0x9E37_79B9 &+ 17)
        let definition = try Self.definition()

        // The form restored into already has rows of its own.
        let form = FormContextObject(definition: definition)
        for _ in 0..<Int.random(in: 0...2, using: &random) {
            try form.appendRow(to: "members", ["name": "Old", "age": Int.random(in: 0...90, using: &random)])
        }
        let formOrder = form.rows(of: "members")

        // The draft: rows under random ids in random order, a wrong calculated flag here and there,
        // random stored summaries, and sometimes an order it could not read.
        let ids = Array(Set((0..<Int.random(in: 0...5, using: &random)).map { _ in RowID(Int.random(in: 1...9, using: &random)) }))
            .shuffled(using: &random)
        let isOrderRefused = Int.random(in: 0..<4, using: &random) == 0
        var values = FormContext()
        values.set("Street \(seed)", for: "address")
        if !isOrderRefused { values.set(RowOrder(ids), for: "members") }
        for id in ids + formOrder {
            let scope = id.scope(in: "members")
            if Bool.random(using: &random) { values.set("Name \(id)", for: scope.key(Self.name.name)) }
            if Int.random(in: 0..<4, using: &random) > 0 { values.set(Int.random(in: 0...90, using: &random), for: scope.key(Self.age.name)) }
            if Bool.random(using: &random) { values.set(Bool.random(using: &random), for: scope.key(Self.isAdult.name)) }
        }
        for key in Self.derivedKeys where Bool.random(using: &random) {
            values.set(Bool.random(using: &random) ? Int.random(in: -5...999, using: &random) as any Hashable & Sendable : "wrong", for: key)
        }
        let draft = FormDraft(
            formIdentifier: "household", formVersion: 1, values: values, initialValues: values,
            skippedKeys: isOrderRefused ? ["members": "cannot read 'members'"] : [:])
        form.restore(draft)

        // The oracle: a new form given the rows the restored form has, and the draft's values of
        // those rows' plain fields.
        let order = isOrderRefused ? Array(formOrder) : ids
        var given = FormContext()
        given.set(RowOrder(order), for: "members")
        given.storage["address"] = values.storage["address"]
        for id in order {
            let scope = id.scope(in: "members")
            for field in [Self.name.name, Self.age.name] { given.storage[scope.key(field)] = values.storage[scope.key(field)] }
        }
        let fresh = FormContextObject(definition: definition, values: given)
        #expect(Array(form.rows(of: "members")) == order, "seed \(seed)")
        #expect(form.context == fresh.context, "seed \(seed): \(form.context) != \(fresh.context)")
        for key in Self.derivedKeys {
            #expect(isSameValue(form[key], fresh[key]), "seed \(seed): \(key)")
        }
    }
}
