import Testing
import TestSupport

@testable import FormContextCore

/// The keystroke's shortcuts: an edit finds its field by one hash of its key; a field with no
/// validators, holding no issue and a value of its own type, is settled without running its check;
/// length checks settle short text by its byte count. Each must leave every result as it was.
@Suite("The keystroke's shortcuts change no result")
struct KeystrokeShortcutTests {
    private static let text = FormKey<String>("text")
    private static let characters = FormKey<Int>("characters")
    private static let advanced = FormKey<Bool>("advanced")

    /// A form with a definition, a visibility rule and a calculation, as an app keeps one.
    private static func form() throws -> FormContextObject {
        let definition = try FormDefinition([
            FieldDefinition(text, validators: [.maxLength(40)]),
            FieldDefinition(advanced, default: false),
            FieldDefinition(FormKey<String>("extra")).visible(when: { $0[advanced] == true }),
            FieldDefinition(characters).calculated { values in values[text]?.count },
        ])
        return FormContextObject(definition: definition, options: ValidationOptions(mode: .onChange))
    }

    @Test("an edit through a binding hashes its key once, read-only check included")
    func anEditHashesItsKeyOnce() throws {
        let form = try Self.form()
        // Read as a submit button does, so that every edit takes the whole pipeline.
        _ = form.isValid
        form[edit: FormKey<String>("extra"), default: ""] = "first"
        let before = form.read { $0.fields.keysHashed.count.load(ordering: .relaxed) }
        form[edit: FormKey<String>("extra"), default: ""] = "second"
        let hashed = form.read { $0.fields.keysHashed.count.load(ordering: .relaxed) } - before
        #expect(hashed == 1, "the edit hashed its key \(hashed) times")
        #expect(form[FormKey<String>("extra")] == "second")
    }

    @Test("a read-only field still refuses an edit made through a binding")
    func aReadOnlyFieldRefusesTheEdit() throws {
        let definition = try FormDefinition([
            FieldDefinition(Self.advanced, default: false),
            FieldDefinition(FormKey<String>("locked")).readOnly(when: { $0[Self.advanced] == false }),
        ])
        let form = FormContextObject(definition: definition, values: ["locked": "kept"])
        _ = form.isValid
        form[edit: FormKey<String>("locked"), default: ""] = "changed"
        #expect(form[FormKey<String>("locked")] == "kept")
        form.set(true, for: "advanced")
        form[edit: FormKey<String>("locked"), default: ""] = "changed"
        #expect(form[FormKey<String>("locked")] == "changed")
    }

    @Test("a calculated field without validators is settled without running its check")
    func aCalculatedFieldRunsNoCheck() throws {
        let form = try Self.form()
        form[edit: Self.text, default: ""] = "Grace"
        #expect(form[Self.characters] == 5)
        let (fieldsChecked, isValidated) = form.bookkeep { state -> (Int, Bool) in
            let slot = state.fields.slot(of: "characters")!
            var changes = ChangeSet(isSettling: true)
            changes.values.append(.init(slot: slot, origin: .calculation))
            var pass = ValidationStage.begin()
            let checked = ValidationStage.plan(&state, &changes, &pass)?.fields.count ?? 0
            return (checked, state.validation.validated.contains(slot))
        }
        #expect(fieldsChecked == 0, "the calculated field's check was planned to run")
        #expect(isValidated, "the calculated field counts as validated, as when its check runs")
        #expect(form.errors(for: "characters") == [])
    }

    /// One write of the property test: the key and the value written.
    private enum Write: CaseIterable {
        case rightType, wrongType, absent, blank
    }

    @Test("fields without validators report exactly the type errors a model expects (seeded)")
    func typeErrorsFollowAModel() throws {
        for seed in UInt64(1)...40 {
            var generator = SplitMix64(seed: seed)
            let definition = try FormDefinition([
                FieldDefinition(FormKey<String>("s")),
                FieldDefinition(FormKey<Int>("n")),
                FieldDefinition(FormKey<String>("checked"), validators: [.maxLength(3)]),
            ])
            let mode: ValidationMode = Bool.random(using: &generator) ? .onChange : .onBlur
            let form = FormContextObject(definition: definition, options: ValidationOptions(mode: mode))
            _ = form.isValid
            // The model: the type error each field should hold, from its last validated value.
            var expectsTypeError: [String: Bool] = ["s": false, "n": false, "checked": false]
            for step in 0..<30 {
                let key = ["s", "n", "checked"].randomElement(using: &generator)!
                let write = Write.allCases.randomElement(using: &generator)!
                let isString = key != "n"
                let value: (any Hashable & Sendable)? =
                    switch write {
                    case .rightType: isString ? "ab" : 7
                    case .wrongType: isString ? 7 : "ab"
                    case .absent: nil
                    case .blank: isString ? "" : 0
                    }
                form.set(value, for: key, origin: .user)
                if mode == .onBlur { form.blur(key) }
                expectsTypeError[key] = write == .wrongType
                for (field, expected) in expectsTypeError {
                    let rules = form.errors(for: field).map(\.rule)
                    #expect(rules == (expected ? ["type"] : []), "seed \(seed), step \(step), \(field): \(rules)")
                }
                #expect(form.isValid == !expectsTypeError.values.contains(true), "seed \(seed), step \(step)")
            }
        }
    }

    @Test("minLength and maxLength count characters as a model does (seeded)")
    func lengthChecksFollowAModel() throws {
        // Characters of one to eight UTF-8 bytes, one of them two scalars, and a space.
        let pieces = ["a", "é", "e\u{301}", "👍🏽", "日", " ", "Z"]
        var generator = SplitMix64(seed: 0x1E46_7B5)
        for round in 0..<300 {
            let text = (0..<Int.random(in: 0...12, using: &generator)).map { _ in pieces.randomElement(using: &generator)! }.joined()
            let least = Int.random(in: 0...10, using: &generator)
            let most = Int.random(in: 0...10, using: &generator)
            let definition = try FormDefinition([
                FieldDefinition(FormKey<String>("t"), validators: [.minLength(least), .maxLength(most)])
            ])
            let form = FormContextObject(definition: definition, options: ValidationOptions(mode: .onChange))
            form.set(text, for: "t", origin: .user)
            let isBlank = text.allSatisfy(\.isWhitespace)
            var expected: [String] = []
            if !isBlank && text.count < least { expected.append("minLength(\(least))") }
            if !isBlank && text.count > most { expected.append("maxLength(\(most))") }
            #expect(form.errors(for: "t").map(\.rule) == expected, "round \(round): \(text.debugDescription), \(least)...\(most)")
        }
    }
}
