import Testing

@testable import FormContextCore

/// A check records the keys it read on each run; a run that read what the last one read records
/// nothing. These tests hold the form to re-validating a field exactly when something its check read
/// on its last run changes, whichever keys that was, as keys come and go.
@Suite("What a field's check read")
struct ValidatorReadsTests {
    private static let mode = FormKey<String>("mode")
    private static let low = FormKey<Int>("low")
    private static let high = FormKey<Int>("high")
    private static let total = FormKey<Int>("total")

    /// The check: `total` at least `low` in mode "low", at least `high` otherwise (a bound with no
    /// value passes); it reads `mode` and one of the bounds.
    private static func passes(total: Int?, mode: String?, low: Int?, high: Int?) -> Bool {
        guard let total else { return true }
        let bound = mode == "low" ? low : high
        return bound.map { total >= $0 } ?? true
    }

    private static func form() throws -> FormContextObject {
        let check = Validator<Int>.custom(message: "below the bound") { value, values in
            passes(total: value, mode: values[mode], low: values[low], high: values[high])
        }
        let definition = try FormDefinition([
            FieldDefinition(mode), FieldDefinition(low), FieldDefinition(high),
            FieldDefinition(total, validators: [check]),
        ])
        return FormContextObject(definition: definition, options: ValidationOptions(mode: .onChange))
    }

    @Test("a field is valid exactly when its check passes on the values now, through random writes and removals", arguments: [1, 2, 3, 4, 5])
    func errorsFollowTheKeysRead(seed: UInt64) throws {
        var generator = SeededGenerator(seed: seed)
        let form = try Self.form()
        var values: [String: (any Hashable & Sendable)?] = [:]
        form.set(5, for: Self.total.name)
        values[Self.total.name] = 5
        for step in 0..<600 {
            let key: String
            let value: (any Hashable & Sendable)?
            switch Int.random(in: 0..<4, using: &generator) {
            case 0:
                key = Self.mode.name
                value = Bool.random(using: &generator) ? "low" : (Bool.random(using: &generator) ? "high" : nil)
            case 1:
                key = Self.low.name
                value = Int.random(in: 0..<3, using: &generator) == 0 ? nil : Int.random(in: 0..<10, using: &generator)
            case 2:
                key = Self.high.name
                value = Int.random(in: 0..<3, using: &generator) == 0 ? nil : Int.random(in: 0..<10, using: &generator)
            default:
                key = Self.total.name
                value = Int.random(in: 0..<10, using: &generator)
            }
            form.set(value, for: key)
            values[key] = value
            let expected = Self.passes(
                total: values[Self.total.name].flatMap { $0 as? Int }, mode: values[Self.mode.name].flatMap { $0 as? String },
                low: values[Self.low.name].flatMap { $0 as? Int }, high: values[Self.high.name].flatMap { $0 as? Int })
            #expect(form.fieldState(for: Self.total.name).errors.isEmpty == expected, "seed \(seed), step \(step): \(key) = \(String(describing: value))")
        }
    }
}
