@testable import FormContextCore
import Testing

@Suite("FormContext: the value store")
struct FormContextTests {
    @Test func setThenGetReturnsTheValueOfTheRequestedType() {
        var context = FormContext()
        context.set("Hello", for: "firstname")
        context.set(42, for: "age")

        #expect(context[FormKey<String>("firstname")] == "Hello")
        #expect(context[FormKey<Int>("age")] == 42)
        #expect(context["age"] == AnyHashable(42))
        #expect(context.count == 2)
        #expect(!context.isEmpty)
        #expect(context.contains("age"))
        #expect(context.sortedKeys == ["age", "firstname"])
        #expect(Set(context.keys) == ["age", "firstname"])
        #expect(context.values == ["age": AnyHashable(42), "firstname": AnyHashable("Hello")])
    }

    @Test func lenientGetReturnsNilForAbsentKeysAndOtherTypes() {
        let context: FormContext = ["age": 42]
        #expect(context[FormKey<String>("age")] == nil)
        #expect(context[FormKey<Double>("age")] == nil)
        #expect(context[FormKey<Int>("missing")] == nil)
        #expect(context["missing"] == nil)
    }

    @Test func settingAValueReplacesTheOldOneEvenOfAnotherType() {
        var context: FormContext = ["age": 42]
        context.set("forty-two", for: "age")
        #expect(context[FormKey<String>("age")] == "forty-two")
        #expect(context[FormKey<Int>("age")] == nil)
        #expect(context.count == 1)
    }

    @Test func settingNilRemovesTheKey() {
        var context: FormContext = ["firstname": "Hello", "lastname": "World"]
        context.set(nil, for: "firstname")
        #expect(!context.contains("firstname"))
        #expect(context.sortedKeys == ["lastname"])

        let absent: Int? = nil
        context.set(absent, for: "lastname")
        #expect(context.isEmpty)
    }

    @Test func anOptionalHoldingAValueStoresThePlainValue() {
        var context = FormContext()
        let present: Int? = 7
        context.set(present, for: "count")
        #expect(context[FormKey<Int>("count")] == 7)
        #expect(context == ["count": 7])
    }

    @Test func aNilKeyIsIgnored() {
        var context: FormContext = ["a": 1]
        context.set(2, for: nil)
        context.set(nil, for: nil)
        #expect(context == ["a": 1])
    }

    @Test func settingNilRemovesWhatWasThere() {
        var context: FormContext = ["a": 1]
        context.set(nil, for: "a")
        #expect(context["a"] == nil)
        context.set(nil, for: "a")
        #expect(context.isEmpty)
    }

    @Test(arguments: ["a.b", ".", "a..b", ".a", "a.", "hotspot.password", "a/b", "a[0]", " ", ""])
    func keysAreLiteral(key: String) {
        var context = FormContext()
        context.set(1, for: key)
        #expect(context[FormKey<Int>(key)] == 1)
        #expect(context.sortedKeys == [key])
        if let dot = key.firstIndex(of: "."), dot != key.startIndex {
            #expect(context[String(key[..<dot])] == nil)
        }
        #expect(context.lines() == ["\(key): 1"])
    }

    @Test func dottedKeysDoNotNest() {
        var context = FormContext()
        context.set("secret", for: "hotspot.password")
        context.set("name", for: "hotspot")
        #expect(context.count == 2)
        #expect(context[FormKey<String>("hotspot")] == "name")
        #expect(context[FormKey<String>("hotspot.password")] == "secret")
        context.set(nil, for: "hotspot")
        #expect(context.sortedKeys == ["hotspot.password"])
    }

    @Test func canonicallyEquivalentKeysAreTheSameKey() {
        var context = FormContext()
        context.set(1, for: "caf\u{E9}")
        context.set(2, for: "cafe\u{301}")
        #expect(context.count == 1)
        #expect(context[FormKey<Int>("caf\u{E9}")] == 2)
    }

    // MARK: Strict reads

    @Test func strictReadReturnsAPresentValueOfTheRightType() throws {
        let context: FormContext = ["age": 36]
        #expect(try context.value(for: "age", as: Int.self) == 36)
        let age: Int = try context.value(for: "age")
        #expect(age == 36)
    }

    struct StrictReadCase: Sendable, CustomTestStringConvertible {
        let stored: (any Hashable & Sendable)?
        let read: @Sendable (FormContext) throws(FormContextError) -> Void
        let error: FormContextError
        let message: String
        var testDescription: String { message }
    }

    static let strictReadCases: [StrictReadCase] = [
        .init(
            stored: nil, read: { context throws(FormContextError) in _ = try context.value(for: "age", as: Int.self) },
            error: .missingValue(key: "age", expected: "Int"), message: "missing value for key 'age': expected Int"),
        .init(
            stored: "36", read: { context throws(FormContextError) in _ = try context.value(for: "age", as: Int.self) },
            error: .typeMismatch(key: "age", expected: "Int", found: "String"),
            message: "wrong type for key 'age': expected Int, found String"),
        .init(
            stored: 36.0, read: { context throws(FormContextError) in _ = try context.value(for: "age", as: Int.self) },
            error: .typeMismatch(key: "age", expected: "Int", found: "Double"),
            message: "wrong type for key 'age': expected Int, found Double"),
        .init(
            stored: 36, read: { context throws(FormContextError) in _ = try context.value(for: "age", as: Double.self) },
            error: .typeMismatch(key: "age", expected: "Double", found: "Int"),
            message: "wrong type for key 'age': expected Double, found Int"),
        .init(
            stored: Int64(36), read: { context throws(FormContextError) in _ = try context.value(for: "age", as: Int.self) },
            error: .typeMismatch(key: "age", expected: "Int", found: "Int64"),
            message: "wrong type for key 'age': expected Int, found Int64"),
        .init(
            stored: "36", read: { context throws(FormContextError) in _ = try context.value(for: FormKey<Int>("age")) },
            error: .typeMismatch(key: "age", expected: "Int", found: "String"),
            message: "wrong type for key 'age': expected Int, found String"),
        .init(
            stored: nil, read: { context throws(FormContextError) in _ = try context.requiredValue(for: FormKey<Int>("age")) },
            error: .missingValue(key: "age", expected: "Int"), message: "missing value for key 'age': expected Int"),
        .init(
            stored: true, read: { context throws(FormContextError) in _ = try context.requiredValue(for: FormKey<String>("age")) },
            error: .typeMismatch(key: "age", expected: "String", found: "Bool"),
            message: "wrong type for key 'age': expected String, found Bool"),
    ]

    @Test(arguments: strictReadCases)
    func strictReadsThrowErrorsNamingKeyAndTypes(testCase: StrictReadCase) {
        var context: FormContext = ["other": 1]
        context.set(testCase.stored, for: "age")
        #expect(throws: testCase.error) { try testCase.read(context) }
        do {
            try testCase.read(context)
            Issue.record("expected an error")
        } catch {
            #expect(error.description == testCase.message)
            #expect(error.key == "age")
        }
    }

    @Test func typedReadOfAnAbsentKeyIsNilNotAnError() throws {
        let context: FormContext = ["other": 1]
        #expect(try context.value(for: FormKey<Int>("age")) == nil)
    }

    // MARK: Equality

    @Test func equalityComparesValuesAndTheirTypes() {
        #expect(FormContext(["a": 1]) == ["a": 1])
        #expect(FormContext(["a": 1]) != ["a": 1.0])
        #expect(FormContext(["a": 1]) != ["a": Int64(1)])
        #expect(FormContext(["a": 1]) != ["a": "1"])
        #expect(FormContext(["a": 1]) != ["a": 2])
        #expect(FormContext(["a": 1]) != ["b": 1])
        #expect(FormContext(["a": 1]) != ["a": 1, "b": 2])
        #expect(FormContext(["a": 1, "b": 2]) != ["a": 1])
        #expect(FormContext() == [:])
    }

    @Test func equalityIgnoresWhichKeysAreSecret() {
        var secret: FormContext = ["password": "hunter2"]
        secret.setSecure(for: "password")
        #expect(secret == ["password": "hunter2"])
    }

    // MARK: Secure keys and descriptions

    @Test func setSecureMarksAndUnmarksKeys() {
        var context: FormContext = ["password": "hunter2"]
        context.setSecure(for: "password")
        #expect(context.secureKeys == ["password"])
        context.setSecure(false, for: "password")
        #expect(context.secureKeys.isEmpty)
    }

    @Test func descriptionIsSortedByKeyWithSecretsMasked() {
        var context: FormContext = ["name": "Ada", "password": "hunter2", "age": 36, "ratio": 0.5, "on": true]
        context.setSecure(for: "password")
        #expect(context.description == #"["age": 36, "name": "Ada", "on": true, "password": ••••••, "ratio": 0.5]"#)
        #expect(context.debugDescription == #"FormContext(["age": 36, "name": "Ada", "on": true, "password": ••••••, "ratio": 0.5])"#)
        #expect("\(context)".contains("hunter2") == false)
        #expect(FormContext.secretMask == "••••••")
    }

    @Test func descriptionOfAnEmptyContext() {
        #expect(FormContext().description == "[:]")
        #expect(FormContext().debugDescription == "FormContext([:])")
        #expect(FormContext().lines().isEmpty)
    }

    @Test func linesAreSortedAndMaskSecretsUnlessRevealed() {
        var context: FormContext = ["lastname": "World", "firstname": "Hello", "pin": 1234]
        context.setSecure(for: "pin")
        #expect(context.lines() == ["firstname: Hello", "lastname: World", "pin: ••••••"])
        #expect(context.lines(revealingSecrets: true) == ["firstname: Hello", "lastname: World", "pin: 1234"])
    }

    @Test func displayValueQuotesOnRequestAndMasksSecrets() {
        var context: FormContext = ["name": "Ada", "password": "hunter2"]
        context.setSecure(for: "password")
        #expect(context.displayValue(for: "name") == "Ada")
        #expect(context.displayValue(for: "name", quoted: true) == #""Ada""#)
        #expect(context.displayValue(for: "password") == "••••••")
        #expect(context.displayValue(for: "password", revealingSecrets: true) == "hunter2")
        #expect(context.displayValue(for: "missing") == "")
    }

    @Test func aSecretKeyWithoutAValueIsNotListed() {
        var context: FormContext = ["name": "Ada"]
        context.setSecure(for: "password")
        #expect(context.lines() == ["name: Ada"])
        #expect(context.description == #"["name": "Ada"]"#)
    }

    // MARK: Edge cases

    static let unusualEntries: [(String, String)] = [
        ("", ""),
        ("empty value", ""),
        ("emoji 😀", "👩‍👩‍👧‍👦 family"),
        ("🔑", "🇫🇷🇯🇵"),
        ("combining e\u{301}", "n\u{303}a\u{308}"),
        ("\u{301}leading mark", "\u{308}"),
        ("שלום", "مرحبا بالعالم"),
        ("mixed עברית and English", "abc \u{202E}reversed\u{202C}"),
        ("long key " + String(repeating: "k", count: 10_000), String(repeating: "long value ", count: 20_000)),
        ("tab\tand\nnewline", "line 1\nline 2"),
    ]

    @Test(arguments: unusualEntries)
    func unusualKeysAndValuesRoundTrip(key: String, value: String) throws {
        var context = FormContext()
        context.set(value, for: key)
        #expect(context[FormKey<String>(key)] == value)
        #expect(try context.value(for: key, as: String.self) == value)
        #expect(context.sortedKeys == [key])
        #expect(context.lines() == ["\(key): \(value)"])
        #expect(context.description == "[\(String(reflecting: key)): \(String(reflecting: value))]")

        context.setSecure(for: key)
        #expect(context.lines() == ["\(key): ••••••"])
        #expect(context.lines(revealingSecrets: true) == ["\(key): \(value)"])

        var copy = FormContext()
        copy.set(value, for: key)
        #expect(copy == context)
        copy.set(value + "!", for: key)
        #expect(copy != context)
    }

    @Test func unusualKeysAreSortedTogether() {
        var context = FormContext()
        for (key, value) in Self.unusualEntries { context.set(value, for: key) }
        let expected = Self.unusualEntries.map(\.0).sorted()
        #expect(context.sortedKeys == expected)
        #expect(context.lines().count == Self.unusualEntries.count)
        #expect(context.lines(revealingSecrets: true) == expected.map { key in "\(key): \(context[FormKey<String>(key)]!)" })
    }

    @Test func everySizeFromZeroToSixtyFour() {
        for size in 0...64 {
            var context = FormContext()
            var reversed = FormContext()
            for index in 0..<size { context.set(index, for: "k\(index)") }
            for index in (0..<size).reversed() { reversed.set(index, for: "k\(index)") }

            let keys = (0..<size).map { "k\($0)" }.sorted()
            #expect(context.count == size)
            #expect(context.isEmpty == (size == 0))
            #expect(context.sortedKeys == keys)
            #expect(context == reversed)
            #expect(context.lines() == keys.map { "\($0): \($0.dropFirst())" })
            for index in 0..<size { #expect(context[FormKey<Int>("k\(index)")] == index) }

            for index in 0..<size where index.isMultiple(of: 2) { context.set(nil, for: "k\(index)") }
            #expect(context.count == size / 2)
            #expect(context != reversed || size == 0)
            for index in 0..<size { context.set(nil, for: "k\(index)") }
            #expect(context.isEmpty)
            #expect(context == FormContext())
        }
    }

    @Test func initFromADictionaryHoldsEveryValue() {
        let context = FormContext(["a": 1, "b": "two", "c": 3.0])
        #expect(context == ["a": 1, "b": "two", "c": 3.0])
        #expect(context.secureKeys.isEmpty)
    }
}

extension FormContextTests {
    /// Writes `value` the way generic code does, with `Value` possibly an optional type.
    static func write<Value: Hashable & Sendable>(_ value: Value, for key: String, into context: inout FormContext) {
        context.set(value, for: key)
    }

    @Test func anOptionalHoldingNilRemovesTheKeyHoweverItArrives() {
        let none: Int? = nil
        let nestedNone: Int?? = .some(nil)
        var context: FormContext = ["a": 1, "b": 2, "c": 3]
        Self.write(none, for: "a", into: &context)
        Self.write(nestedNone, for: "b", into: &context)
        Self.write(Optional(Optional(4)), for: "c", into: &context)
        #expect(context == ["c": 4])
        #expect(context[FormKey<Int>("c")] == 4)

        let fromDictionary = FormContext(["a": Optional<Int>.none as any Hashable & Sendable, "b": Optional(2) as any Hashable & Sendable])
        #expect(fromDictionary == ["b": 2])
        #expect(fromDictionary.sortedKeys == ["b"])
    }

    @Test func anOptionalHoldingNilRemovesAKeyFromALiveForm() {
        let form = FormContextObject(["a": 1])
        let none: Int? = nil
        let change = form.set(Optional(none) as (any Hashable & Sendable)?, for: "a")
        #expect(change == FormChange(key: "a", oldValue: 1, newValue: nil, origin: .program))
        #expect(form.context.isEmpty)
        form.transaction { batch in batch.set(Optional(none) as (any Hashable & Sendable)?, for: "b") }
        #expect(form.context.isEmpty)
    }
}
