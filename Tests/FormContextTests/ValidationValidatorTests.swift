import Foundation
import Testing

@testable import FormContextCore

/// One input for a text validator and whether it must pass.
struct TextCase: CustomTestStringConvertible, Sendable {
    let name: String
    let value: String?
    let passes: Bool
    var testDescription: String { name }

    init(_ name: String, _ value: String?, _ passes: Bool) {
        self.name = name
        self.value = value
        self.passes = passes
    }
}

let longText = String(repeating: "a", count: 100_000)

@Suite("Validators")
struct ValidationValidatorTests {
    @Test(arguments: [
        TextCase("absent", nil, false),
        TextCase("empty", "", false),
        TextCase("whitespace", " \t\n ", false),
        TextCase("unicode whitespace", "\u{00A0}\u{2003}", false),
        TextCase("text", "Ada", true),
        TextCase("padded text", "  Ada ", true),
        TextCase("unicode", "Zoë 🙂", true),
        TextCase("very long", longText, true),
    ])
    func required(_ input: TextCase) {
        #expect(Validator<String>.required().passes(input.value) == input.passes)
    }

    @Test func requiredOnCollectionsAndNumbers() {
        #expect(!Validator<[String]>.required().passes([]))
        #expect(Validator<[String]>.required().passes(["a"]))
        #expect(Validator<Int>.required().passes(0))
        #expect(!Validator<Int>.required().passes(nil))
    }

    @Test(arguments: [
        TextCase("absent", nil, true),
        TextCase("empty", "", true),
        TextCase("two spaces (blank, so empty)", "  ", true),
        TextCase("three spaces", "   ", true),
        TextCase("too short", "ab", false),
        TextCase("exact", "abc", true),
        TextCase("composed é counts once", "ab\u{E9}", true),
        TextCase("decomposed é counts once", "ae\u{301}", false),
        TextCase("flag emoji counts once", "🇫🇷🇫🇷", false),
        TextCase("very long", longText, true),
    ])
    func minLength(_ input: TextCase) {
        #expect(Validator<String>.minLength(3).passes(input.value) == input.passes)
    }

    @Test(arguments: [
        TextCase("absent", nil, true),
        TextCase("empty", "", true),
        TextCase("whitespace", "     ", true),
        TextCase("exact", "abcde", true),
        TextCase("too long", "abcdef", false),
        TextCase("five emoji", "🙂🙂🙂🙂🙂", true),
        TextCase("decomposed letters", "e\u{301}e\u{301}e\u{301}e\u{301}e\u{301}", true),
        TextCase("very long", longText, false),
    ])
    func maxLength(_ input: TextCase) {
        #expect(Validator<String>.maxLength(5).passes(input.value) == input.passes)
    }

    @Test func lengthMessages() {
        #expect(Validator<String>.minLength(3).message == "must be at least 3 characters")
        #expect(Validator<String>.minLength(1).message == "must be at least 1 character")
        #expect(Validator<String>.maxLength(40).message == "must be at most 40 characters")
        #expect(Validator<[Int]>.maxLength(2).message == "must be at most 2 items")
        #expect(Validator<[Int]>.maxLength(2).rule == "maxLength(2)")
        #expect(!Validator<[Int]>.maxLength(2).passes([1, 2, 3]))
    }

    @Test(arguments: [(nil, true), (-1, false), (0, true), (5, true), (10, true), (11, false), (Int.max, false), (Int.min, false)] as [(Int?, Bool)])
    func range(_ value: Int?, _ passes: Bool) {
        let validator = Validator<Int>.range(0...10)
        #expect(validator.passes(value) == passes)
        #expect(validator.message == "must be between 0 and 10")
        #expect(validator.rule == "range(0...10)")
    }

    @Test func minimumMaximumAndDoubles() {
        #expect(Validator<Double>.minimum(0.5).passes(0.5))
        #expect(!Validator<Double>.minimum(0.5).passes(0.49))
        #expect(!Validator<Double>.maximum(1).passes(1.0000001))
        #expect(!Validator<Double>.range(0...1).passes(.nan))
        #expect(Validator<Double>.maximum(1).message == "must be at most 1.0")
        #expect(Validator<Decimal>.range(Decimal(1)...Decimal(2)).passes(Decimal(string: "1.5")))
    }

    @Test(arguments: [
        TextCase("absent", nil, true),
        TextCase("empty", "", true),
        TextCase("whitespace (blank, so empty)", "   ", true),
        TextCase("lowercase", "abc", true),
        TextCase("digit inside", "ab1c", false),
        TextCase("prefix only matches", "abc!", false),
        TextCase("unicode letter", "zoë", false),
        TextCase("very long", longText, true),
    ])
    func pattern(_ input: TextCase) {
        #expect(Validator<String>.pattern("[a-z]+").passes(input.value) == input.passes)
    }

    @Test func patternWithUnicodeClassAndAlternation() {
        let letters = Validator<String>.pattern("\\p{L}+")
        #expect(letters.passes("zoë"))
        #expect(letters.passes("日本語"))
        #expect(!letters.passes("zoë1"))
        let either = Validator<String>.pattern("cat|dog")
        #expect(either.passes("dog"))
        #expect(!either.passes("catdog"))
        let prefix = Validator<String>.pattern("a|ab")
        #expect(prefix.passes("ab"), "the whole value matches the second alternative")
        #expect(!prefix.passes("abc"))
        let multiline = Validator<String>.pattern("[a-z]+")
        #expect(!multiline.passes("abc\ndef"), "a line break is not a way around the anchors")
        let commented = Validator<String>.pattern("(?x) [0-9]+  # digits only")
        #expect(commented.passes("123"))
        #expect(!commented.passes("12a"))
        #expect(letters.rule == "pattern(\\p{L}+)")
        #expect(letters.message == "has an invalid format")
    }

    @Test(arguments: [
        TextCase("absent", nil, true),
        TextCase("empty", "", true),
        TextCase("whitespace (blank, so empty)", " ", true),
        TextCase("plain", "ada@example.com", true),
        TextCase("subdomain and plus", "ada+forms@mail.example.co.uk", true),
        TextCase("unicode", "zoë@exämple.de", true),
        TextCase("no at", "ada.example.com", false),
        TextCase("two ats", "ada@b@example.com", false),
        TextCase("no local part", "@example.com", false),
        TextCase("no dot in domain", "ada@example", false),
        TextCase("empty label", "ada@example..com", false),
        TextCase("trailing dot", "ada@example.com.", false),
        TextCase("space inside", "ada lovelace@example.com", false),
        TextCase("very long", longText + "@example.com", true),
    ])
    func email(_ input: TextCase) {
        #expect(Validator<String>.email().passes(input.value) == input.passes)
    }

    @Test(arguments: [
        TextCase("absent", nil, true),
        TextCase("empty", "", true),
        TextCase("whitespace (blank, so empty)", "  ", true),
        TextCase("https", "https://example.com/path?q=1", true),
        TextCase("http with port", "http://localhost:8080", true),
        TextCase("uppercase scheme", "HTTPS://example.com", true),
        TextCase("ftp not allowed", "ftp://example.com", false),
        TextCase("no scheme", "example.com", false),
        TextCase("no host", "https://", false),
        TextCase("space", "https://exa mple.com", false),
        TextCase("very long", "https://example.com/" + longText, true),
    ])
    func url(_ input: TextCase) {
        #expect(Validator<String>.url().passes(input.value) == input.passes)
    }

    @Test func urlWithOtherSchemes() {
        #expect(Validator<String>.url(schemes: ["ftp"]).passes("ftp://example.com"))
        #expect(!Validator<String>.url(schemes: ["ftp"]).passes("https://example.com"))
    }

    @Test func equalsComparesValueAndType() {
        let validator = Validator<String>.equals("password")
        #expect(validator.passes("secret", in: ["password": "secret"]))
        #expect(!validator.passes("secret", in: ["password": "Secret"]))
        #expect(!validator.passes("secret", in: [:]))
        #expect(validator.passes(nil, in: ["password": "secret"]))
        #expect(validator.message == "must match password")
        #expect(validator.dependencies == ["password"])
        let number = Validator<Int>.equals("other")
        #expect(!number.passes(1, in: ["other": 1.0]))
        #expect(number.passes(1, in: ["other": 1]))
    }

    @Test func oneOf() {
        let validator = Validator<String>.oneOf(["always", "whenUnlocked", "never"])
        #expect(validator.passes("never"))
        #expect(!validator.passes("Never"))
        #expect(validator.passes(" "), "blank text is empty: it passes every validator but required")
        #expect(validator.passes(""))
        #expect(validator.message == "must be one of always, whenUnlocked, never")
    }

    @Test func customSeesTheOtherValues() {
        let later = Validator<Int>.custom("after", message: "must be after start", dependsOn: ["start"]) { value, context in
            guard let start = context[FormKey<Int>("start")] else { return true }
            return value > start
        }
        #expect(later.passes(5, in: ["start": 4]))
        #expect(!later.passes(4, in: ["start": 4]))
        #expect(later.rule == "after")
        #expect(later.dependencies == ["start"])
    }

    @Test func warningAndMessageModifiers() {
        let validator = Validator<String>.minLength(12).warning("Longer is safer")
        #expect(validator.severity == .warning)
        #expect(validator.message == "Longer is safer")
        #expect(Validator<String>.required().message("Enter a name").message == "Enter a name")
        #expect(Validator<String>.required().severity == .error)
    }
}

@Suite("Validators on awkward input")
struct ValidationAwkwardInputTests {
    /// Whether `value` is blank: empty or white space only, which every validator but `required` passes.
    func isBlank(_ value: String) -> Bool { value.allSatisfy(\.isWhitespace) }

    static let inputs: [(name: String, value: String)] = [
        ("empty", ""), ("whitespace", " \t "), ("unicode", "Zoë 東京 🙂"), ("very long", longText),
    ]

    @Test(arguments: inputs)
    func equalsPassesOnlyTheSameText(name: String, value: String) {
        let validator = Validator<String>.equals("other")
        #expect(validator.passes(value, in: ["other": value]))
        #expect(
            validator.passes(value, in: ["other": value + "x"]) == isBlank(value),
            "empty and blank values pass every validator but required")
    }

    @Test(arguments: inputs)
    func oneOfPassesOnlyListedValues(name: String, value: String) {
        #expect(Validator<String>.oneOf([value, "other"]).passes(value))
        #expect(Validator<String>.oneOf(["other"]).passes(value) == isBlank(value))
    }

    @Test(arguments: inputs)
    func customSeesTheValueAsItIs(name: String, value: String) {
        let sameLength = Validator<String>.custom("len", message: "m") { text, _ in text.unicodeScalars.count == value.unicodeScalars.count }
        #expect(sameLength.passes(value))
        let never = Validator<String>.custom("never", message: "m") { _, _ in false }
        #expect(never.passes(value) == isBlank(value))
    }

    @Test(arguments: inputs)
    func definitionReportsInDeclarationOrder(name: String, value: String) throws {
        let definition = try FormDefinition([
            FieldDefinition(FormKey<String>("f"), validators: [
                .required(), .minLength(3), .maxLength(10), .pattern("[a-z]+"), .email(), .url(),
            ])
        ])
        let rules = definition.validate(["f": value]).errors.map(\.rule)
        switch name {
        case "empty": #expect(rules == ["required"])
        case "whitespace": #expect(rules == ["required"])
        case "unicode": #expect(rules == ["pattern([a-z]+)", "email", "url"])
        default: #expect(rules == ["maxLength(10)", "email", "url"])
        }
    }
}
