import Foundation
import Testing

@testable import FormContextCore
import TestSupport

/// The `onTouched` validation mode: a field validates from its first loss of focus on, then on every
/// change. A seeded property test drives random edits, blurs and resets on independent fields and
/// checks each field's errors against a model of the mode after every step; run one seed alone with
/// `FORMCONTEXT_SEED=<seed> swift test --filter OnTouchedModeTests`.
@Suite("Validation mode onTouched")
struct OnTouchedModeTests {
    static let keys = ["a", "b", "c"]
    static let definition = try! FormDefinition(keys.map { FieldDefinition(FormKey<String>($0), validators: [.minLength(3)]) })

    static func form() -> FormContextObject {
        FormContextObject(definition: definition, options: ValidationOptions(mode: .onTouched, revalidateMode: .onTouched))
    }

    @Test func editsBeforeTheFirstBlurValidateNothing() {
        let form = Self.form()
        form.set("x", for: "a", origin: .user)
        #expect(form.errors(for: "a") == [], "not touched yet")
        form.blur("a")
        #expect(form.errors(for: "a").map(\.rule) == ["minLength(3)"], "the first blur validates")
        form.set("xyz", for: "a", origin: .user)
        #expect(form.errors(for: "a") == [], "once touched, every change validates")
        form.set("x", for: "a", origin: .user)
        #expect(form.errors(for: "a").map(\.rule) == ["minLength(3)"])
        form.set("x", for: "b", origin: .user)
        #expect(form.errors(for: "b") == [], "another field is not touched")
    }

    @Test func aTouchedCrossFieldReaderFollowsTheFieldItReads() throws {
        let definition = try FormDefinition([
            FieldDefinition(FormKey<String>("password")),
            FieldDefinition(FormKey<String>("confirm"), validators: [.equals("password")]),
        ])
        let form = FormContextObject(definition: definition, options: ValidationOptions(mode: .onTouched))
        form.set("secret", for: "confirm", origin: .user)
        form.blur("confirm")
        #expect(form.errors(for: "confirm").map(\.rule) == ["equals(password)"])
        form.set("secret", for: "password", origin: .user)
        #expect(form.errors(for: "password") == [])
        #expect(form.errors(for: "confirm") == [], "a touched field whose validator read password validates again")
    }

    @Test("random edits, blurs and resets agree with a model of the mode", arguments: RulePropertyTests.seeds)
    func agreesWithTheModel(seed: UInt64) {
        var generator = SplitMix64(seed: seed)
        let form = Self.form()
        var touched: Set<String> = []
        var errors: [String: Bool] = [:]
        var values: [String: String] = [:]
        func fails(_ key: String) -> Bool { (values[key]?.count ?? 0) > 0 && values[key]!.count < 3 }
        for step in 0..<200 {
            let key = Self.keys.randomElement(using: &generator)!
            switch Int.random(in: 0..<10, using: &generator) {
            case 0..<6:
                let text = String(repeating: "x", count: Int.random(in: 0...4, using: &generator))
                form.set(text, for: key, origin: .user)
                values[key] = text
                if touched.contains(key) { errors[key] = fails(key) }
            case 6..<9:
                form.blur(key)
                touched.insert(key)
                errors[key] = fails(key)
            default:
                form.reset()
                values = [:]
                touched = []
                errors = [:]
            }
            for key in Self.keys {
                #expect(!form.errors(for: key).isEmpty == (errors[key] ?? false), "seed \(seed) step \(step) key \(key)")
            }
        }
    }
}
