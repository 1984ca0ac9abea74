import Foundation
import Testing

@testable import FormContextCore
import TestSupport

/// Row values checked against the row template's field types: a value of another type is refused
/// with the row field's key and both types named, and the whole operation changes nothing.
@Suite("Row values of the wrong type")
struct RowValueTypeTests {
    static let name = FormKey<String>("name")
    static let age = FormKey<Int>("age")
    static let day = FormKey<Int>("day")

    /// Members (a name, an age and visits, each with a day).
    static func definition() throws -> FormDefinition {
        let visits = RepeatGroup("visits", fields: [FieldDefinition(day)])
        return try FormDefinition([FieldDefinition(RepeatGroup("members", fields: [FieldDefinition(name), FieldDefinition(age), FieldDefinition(visits)]))])
    }

    @Test("each row operation refuses a value of the wrong type, naming the row field and the types")
    func refusedByEveryOperation() throws {
        let form = FormContextObject(definition: try Self.definition())
        try form.appendRow(to: "members", ["name": "Ada", "age": 36])
        let before = form.context
        let wrong: FormContext = ["name": "Bo", "age": "forty"]
        #expect(throws: RepeatGroupError.typeMismatch(key: "members.r2.age", expected: "Int", found: "String")) {
            try form.appendRow(to: "members", wrong)
        }
        #expect(throws: RepeatGroupError.typeMismatch(key: "members.r2.age", expected: "Int", found: "String")) {
            try form.insertRows(into: "members", at: 0, [wrong])
        }
        // The bad row second: the first is not added either.
        #expect(throws: RepeatGroupError.typeMismatch(key: "members.r3.age", expected: "Int", found: "String")) {
            try form.insertRows(into: "members", at: 1, [["name": "Cy"], wrong])
        }
        #expect(throws: RepeatGroupError.typeMismatch(key: "members.r2.name", expected: "String", found: "Int")) {
            try form.replaceRows(of: "members", with: [["name": 7]])
        }
        // Inside an inner group's rows, at any depth.
        #expect(throws: RepeatGroupError.typeMismatch(key: "members.r2.visits.r2.day", expected: "Int", found: "Double")) {
            try form.appendRow(to: "members", ["visits": [["day": 1], ["day": 2.5]] as [FormContext]])
        }
        #expect(throws: RepeatGroupError.typeMismatch(key: "members.r1.visits.r1.day", expected: "Int", found: "String")) {
            try form.appendRow(to: "members.r1.visits", ["day": "Monday"])
        }
        #expect(form.context == before)
        #expect(Array(form.rows(of: "members")) == [RowID(1)])
        #expect(
            "\(RepeatGroupError.typeMismatch(key: "members.r2.age", expected: "Int", found: "String"))"
                == "wrong type for row field 'members.r2.age': expected Int, found String")
    }

    /// A random value for a field of type `Int` or `String`: of that type, or (when `wrong`) of
    /// another.
    static func value(isInt: Bool, wrong: Bool, using random: inout SplitMix64) -> any Hashable & Sendable {
        let int = Int.random(in: -99...99, using: &random)
        if isInt != wrong { return int }
        if wrong, Bool.random(using: &random) { return Double(int) + 0.5 }
        return "\(int)"
    }

    @Test("random batches with a wrong value anywhere are refused whole; the others are taken", arguments: 0..<40)
    func randomBatches(seed: UInt64) throws {
        var random = SplitMix64(seed: seed)
        let form = FormContextObject(definition: try Self.definition())
        for _ in 0..<6 {
            var expectedError: RepeatGroupError?
            let existing = form.rows(of: "members").count
            let nextNumber = (form.rows(of: "members").map(\.number).max() ?? 0) + 1
            var rows: [FormContext] = []
            for offset in 0..<Int.random(in: 1...3, using: &random) {
                var row = FormContext()
                let prefix = "members.r\(nextNumber + offset)"
                // Each field given or not, each given value wrong one time in eight.
                for (field, isInt) in [("name", false), ("age", true)] where Bool.random(using: &random) {
                    let wrong = Int.random(in: 0..<8, using: &random) == 0
                    let value = Self.value(isInt: isInt, wrong: wrong, using: &random)
                    row.storage[field] = AnyHashable(value)
                    if wrong, expectedError == nil {
                        expectedError = .typeMismatch(key: "\(prefix).\(field)", expected: isInt ? "Int" : "String", found: typeName(of: type(of: value)))
                    }
                }
                if Bool.random(using: &random) {
                    var visits: [FormContext] = []
                    for visit in 0..<Int.random(in: 0...2, using: &random) {
                        let wrong = Int.random(in: 0..<8, using: &random) == 0
                        let value = Self.value(isInt: true, wrong: wrong, using: &random)
                        var visitValues = FormContext()
                        visitValues.storage["day"] = AnyHashable(value)
                        visits.append(visitValues)
                        if wrong, expectedError == nil {
                            expectedError = .typeMismatch(key: "\(prefix).visits.r\(visit + 1).day", expected: "Int", found: typeName(of: type(of: value)))
                        }
                    }
                    row.storage["visits"] = AnyHashable(visits)
                }
                rows.append(row)
            }
            let before = form.context
            if let expectedError {
                #expect(throws: expectedError, "seed \(seed)") { try form.insertRows(into: "members", at: 0, rows) }
                #expect(form.context == before, "seed \(seed)")
            } else {
                let ids = try form.insertRows(into: "members", at: existing, rows)
                #expect(ids.count == rows.count, "seed \(seed)")
                for (id, row) in zip(ids, rows) {
                    for (field, value) in row.storage where field != "visits" {
                        #expect(form["members.\(id).\(field)"] == value, "seed \(seed)")
                    }
                }
            }
        }
    }
}
