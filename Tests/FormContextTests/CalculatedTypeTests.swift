import Testing

@_spi(Diagnostics) @testable import FormContextCore
import TestSupport

/// A calculation of `Int`, `String`, `Bool` or `Double` is compiled for its type when the caller's
/// closure has that type, and takes the generic way when it reaches `calculated` through generic
/// code: both must store the same values, absent for `nil`, and stop where the value is the same.
@Suite("Calculated values: the typed way and the generic way agree")
struct CalculatedTypeTests {
    private static let n = FormKey<Int>("n")

    /// `key` calculated by `compute`, defined from generic code, so that the calculation is not
    /// specialized for its type.
    private static func generic<Value: Hashable & Sendable>(
        _ key: String, _ compute: @escaping @Sendable (FormValues) -> Value?
    ) -> FieldDefinition {
        FieldDefinition(FormKey<Value>(key)).calculated(compute)
    }

    private static let fields: [FieldDefinition] = [
        FieldDefinition(n, default: 2),
        FieldDefinition(FormKey<Int>("int")).calculated { values in values[n].map { $0 == 5 ? nil : $0 * 3 } ?? 0 },
        generic("intG") { (values: FormValues) -> Int? in values[n].map { $0 == 5 ? nil : $0 * 3 } ?? 0 },
        FieldDefinition(FormKey<String>("string")).calculated { values in "n=\(values[n] ?? 0)" },
        generic("stringG") { (values: FormValues) -> String? in "n=\(values[n] ?? 0)" },
        FieldDefinition(FormKey<Bool>("bool")).calculated { values in (values[n] ?? 0) > 2 },
        generic("boolG") { (values: FormValues) -> Bool? in (values[n] ?? 0) > 2 },
        FieldDefinition(FormKey<Double>("double")).calculated { values in Double(values[n] ?? 0) / 4 },
        generic("doubleG") { (values: FormValues) -> Double? in Double(values[n] ?? 0) / 4 },
    ]

    /// What each calculated field holds, by key, as the form keeps it.
    private static func values(of form: FormContextObject) -> [String: AnyHashable?] {
        var found: [String: AnyHashable?] = [:]
        for key in ["int", "intG", "string", "stringG", "bool", "boolG", "double", "doubleG"] { found[key] = form[key] }
        return found
    }

    @Test("each type stores the same value both ways, of its own type, and nothing for nil")
    func bothWaysAgree() throws {
        let form = FormContextObject(definition: try FormDefinition(Self.fields))
        for (input, int, string, bool, double) in [
            (2, 6 as Int?, "n=2", false, 0.5), (4, 12, "n=4", true, 1.0), (5, nil, "n=5", true, 1.25), (-8, -24, "n=-8", false, -2.0),
        ] {
            form.set(input, for: "n")
            let found = Self.values(of: form)
            #expect(found["int"] == found["intG"], "n = \(input)")
            #expect(found["string"] == found["stringG"], "n = \(input)")
            #expect(found["bool"] == found["boolG"], "n = \(input)")
            #expect(found["double"] == found["doubleG"], "n = \(input)")
            #expect(form[FormKey<Int>("int")] == int)
            #expect(form[FormKey<Int>("intG")] == int)
            #expect(form.contains("int") == (int != nil))
            #expect(form.contains("intG") == (int != nil))
            #expect(form[FormKey<String>("stringG")] == string)
            #expect(form[FormKey<Bool>("boolG")] == bool)
            #expect(form[FormKey<Double>("doubleG")] == double)
        }
    }

    @Test("a calculation giving the same value wakes nothing downstream, either way")
    func sameValueStops() throws {
        let form = FormContextObject(
            definition: try FormDefinition([
                FieldDefinition(Self.n, default: 2),
                FieldDefinition(FormKey<Int>("tenths")).calculated { values in values[Self.n].map { $0 / 10 } },
                Self.generic("tenthsG") { (values: FormValues) -> Int? in values[Self.n].map { $0 / 10 } },
                FieldDefinition(FormKey<Int>("sum")).calculated { values in
                    (values[FormKey<Int>("tenths")] ?? 0) + (values[FormKey<Int>("tenthsG")] ?? 0)
                },
            ]))
        #expect(form[FormKey<Int>("sum")] == 0)
        var before = form.ruleEvaluationCount
        form.set(3, for: "n")
        // Both tenths run and give 0 again: the sum does not run.
        #expect(form.ruleEvaluationCount - before == 2)
        before = form.ruleEvaluationCount
        form.set(23, for: "n")
        #expect(form.ruleEvaluationCount - before == 3)
        #expect(form[FormKey<Int>("sum")] == 4)
    }
}

/// A rule's reader finds each field it reads by its key, remembering the one it found last: many
/// keys, long and short, read through strings made afresh on each run, must each read their own
/// field, whatever was read before them.
@Suite("Rule reads: every key reads its own field")
struct RuleReadKeyTests {
    @Test("a sum over 5,000 fields, short and long keys, agrees with the plain sum after every change", arguments: [1, 42, 0x5EED] as [UInt64])
    func manyKeysReadTheirOwnFields(seed: UInt64) throws {
        let count = 5_000
        // Every third key is longer than a short string holds.
        let keys = (0..<count).map { $0 % 3 == 0 ? "a-rather-long-field-name-\($0)" : "f\($0)" }
        var fields = keys.enumerated().map { FieldDefinition(FormKey<Int>($1), default: $0) }
        fields.append(
            FieldDefinition(FormKey<Int>("sum")).calculated { values in
                // Strings made afresh on each run, so a long key's storage differs from run to run.
                keys.indices.reduce(0) { total, index in
                    let key = index % 3 == 0 ? "a-rather-long-field-name-\(index)" : "f\(index)"
                    return total + (values[FormKey<Int>(key)] ?? 0)
                }
            })
        let form = FormContextObject(definition: try FormDefinition(fields))
        var expected = (0..<count).reduce(0, +)
        #expect(form[FormKey<Int>("sum")] == expected)
        var generator = SplitMix64(seed: seed)
        for _ in 0..<20 {
            let index = Int.random(in: 0..<count, using: &generator)
            let value = Int.random(in: -1_000...1_000, using: &generator)
            expected += value - (form[FormKey<Int>(keys[index])] ?? 0)
            form.set(value, for: keys[index])
            #expect(form[FormKey<Int>("sum")] == expected, "seed \(seed): after \(keys[index]) = \(value)")
        }
    }
}
