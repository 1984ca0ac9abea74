import Foundation
import Testing

@testable import FormContextCore
import TestSupport

/// JSON read exactly: keys compared by their Unicode scalars, as JSON compares them; a `Decimal`
/// read only when it holds the number written, to the last digit; a `URL` only when it keeps the
/// text written. Anything else is refused with an error naming the key.
///
/// The seeded tests depend only on their seed; run one seed alone with
/// `FORMCONTEXT_SEED=<seed> swift test --filter JSONExactnessTests`.
@Suite("JSON read exactly: keys, numbers, URLs")
struct JSONExactnessTests {
    static let seeds: [UInt64] = {
        var seeds: [UInt64] = [1, 2, 3, 42, 0x5EED, 0xDEAD_BEEF, .max]
        if let extra = ProcessInfo.processInfo.environment["FORMCONTEXT_SEED"].flatMap(UInt64.init) { seeds.append(extra) }
        return seeds
    }()

    // MARK: Keys

    @Test("keys that differ only in how their characters are composed are two keys, each read back as written")
    func keysByScalars() throws {
        let json = try JSONValue(parsing: #"{"caf\u00e9":1,"cafe\u0301":2}"#)
        guard case .object(let members) = json else {
            Issue.record("not an object: \(json)")
            return
        }
        #expect(members.count == 2)
        #expect(members["caf\u{E9}"] == .number("1"))
        #expect(members["cafe\u{301}"] == .number("2"))
        #expect(members.sortedKeys.map { Array($0.unicodeScalars) } == [Array("cafe\u{301}".unicodeScalars), Array("caf\u{E9}".unicodeScalars)])
        #expect(json.text.unicodeScalars.elementsEqual("{\"cafe\u{301}\":2,\"caf\u{E9}\":1}".unicodeScalars))
        #expect(try JSONValue(parsing: json.text) == json)
        // The same scalars twice are one key twice, escaped or not.
        #expect(throws: JSONParseError.self) { try JSONValue(parsing: "{\"caf\\u00e9\":1,\"caf\u{E9}\":2}") }
        #expect(throws: JSONParseError.self) { try JSONValue(parsing: "{\"cafe\u{301}\":1,\"cafe\\u0301\":2}") }
    }

    /// Keys made of letters and combining marks, many of them one text composed in different ways.
    static func randomKey(using random: inout SplitMix64) -> String {
        let pieces: [String] = ["e", "\u{E9}", "\u{301}", "\u{323}", "\u{1EB9}", "\u{1EC7}", "a", "\u{C5}", "\u{212B}", "\u{30A}"]
        var scalars = String.UnicodeScalarView()
        for _ in 0..<Int.random(in: 1...3, using: &random) { scalars += pieces[Int.random(in: 0..<pieces.count, using: &random)].unicodeScalars }
        return String(scalars)
    }

    @Test("seeded: an object keeps one member per distinct sequence of scalars, through text and back", arguments: seeds)
    func keysProperty(seed: UInt64) throws {
        var random = SplitMix64(seed: seed)
        for sample in 0..<200 {
            // The oracle: members keyed by their scalars' values, which compare exactly.
            var oracle: [[UInt32]: (String, Int)] = [:]
            var object = JSONObject()
            for value in 0..<Int.random(in: 0...8, using: &random) {
                let key = Self.randomKey(using: &random)
                oracle[key.unicodeScalars.map(\.value)] = (key, value)
                object[key] = .number(String(value))
            }
            let text = JSONValue.object(object).text
            let parsed = try JSONValue(parsing: text)
            guard case .object(let members) = parsed else {
                Issue.record("seed \(seed), sample \(sample): not an object")
                continue
            }
            #expect(members.count == oracle.count, "seed \(seed), sample \(sample): \(text)")
            for (key, value) in oracle.values {
                #expect(members[key] == .number(String(value)), "seed \(seed), sample \(sample): \(key.unicodeScalars.map(\.value))")
            }
            #expect(parsed.text.unicodeScalars.elementsEqual(text.unicodeScalars), "seed \(seed), sample \(sample)")
        }
    }

    @Test("a form's values refuse two keys that name one field, showing both spellings")
    func formRefusesKeysNamingOneField() throws {
        let definition = try FormDefinition([FieldDefinition(FormKey<Int>("caf\u{E9}"))])
        let json = #"{"caf\u00e9":1,"cafe\u0301":2}"#
        let expected = FormDecodingError.repeatedKey(key: "cafe\u{301}", written: ["cafe\u{301}", "caf\u{E9}"])
        #expect(throws: expected) { try FormSubmission(json: json, definition: definition).values }
        #expect(expected.description == #"cannot read 'cafe\#u{301}': the JSON gives it twice, as "cafe\u{301}" and "caf\u{E9}" (the same text, its characters composed differently)"#)
        #expect(throws: expected) { try FormSubmission(json: json, definition: nil) }
        // In a row, the row is named.
        let rows = try FormDefinition([FieldDefinition(RepeatGroup("items", fields: [FieldDefinition(FormKey<Int>("caf\u{E9}"))]))])
        #expect(throws: FormDecodingError.repeatedKey(key: "items[0].cafe\u{301}", written: ["cafe\u{301}", "caf\u{E9}"])) {
            try FormSubmission(json: #"{"items":[{"caf\u00e9":1,"cafe\u0301":2}]}"#, definition: rows).values
        }
        // Kept as JSON, an object inside a value keeps both.
        let kept = try FormSubmission(json: #"{"extra":{"caf\u00e9":1,"cafe\u0301":2}}"#, definition: definition, unknownKeys: .keepAsJSON).values
        guard case .object(let members)? = kept.storage["extra"]?.base as? JSONValue else {
            Issue.record("extra was not kept as an object: \(kept)")
            return
        }
        #expect(members.count == 2)
    }

    // MARK: Decimals

    /// A number's exact value as the plain digits a `Decimal`'s description writes: `-0.0125`, `1200`.
    static func plain(negative: Bool, digits: String, exponent: Int) -> String {
        guard !digits.isEmpty else { return "0" }
        let body: String
        if exponent >= 0 {
            body = digits + String(repeating: "0", count: exponent)
        } else if -exponent >= digits.count {
            body = "0." + String(repeating: "0", count: -exponent - digits.count) + digits
        } else {
            body = digits.dropLast(-exponent) + "." + digits.suffix(-exponent)
        }
        return (negative ? "-" : "") + body
    }

    /// Whether a `Decimal` holds `digits` × 10^`exponent` exactly: a mantissa below 2¹²⁸ times a
    /// power of ten from 10⁻¹²⁸ to 10¹²⁷ (the digits carry no zero at either end).
    static func decimalHolds(digits: String, exponent: Int) -> Bool {
        guard !digits.isEmpty else { return true }
        guard exponent >= -128 else { return false }
        let mantissa = digits + String(repeating: "0", count: max(0, exponent - 127))
        let largest = "340282366920938463463374607431768211455"
        if mantissa.count != largest.count { return mantissa.count < largest.count }
        return mantissa <= largest
    }

    /// The significant digits of a random number: no zero at either end.
    static func randomDigits(using random: inout SplitMix64) -> String {
        let length = [1, 2, 5, 17, 37, 38, 39, 39, 40, 42, 60][Int.random(in: 0..<11, using: &random)]
        var digits = ""
        for position in 0..<length {
            let isEnd = position == 0 || position == length - 1
            digits.append(String(Int.random(in: isEnd ? 1...9 : 0...9, using: &random)))
        }
        // The largest mantissas, and those just above, come up often.
        if Int.random(in: 0..<4, using: &random) == 0 {
            digits = ["340282366920938463463374607431768211455", "340282366920938463463374607431768211457", "34028236692093846346337460743176821145"][
                Int.random(in: 0..<3, using: &random)]
        }
        return digits
    }

    /// JSON text for `digits` × 10^`exponent`, written one of several ways: the point moved, zeros
    /// added after it, the exponent in either case and with either sign.
    static func randomText(negative: Bool, digits: String, exponent: Int, using random: inout SplitMix64) -> String {
        let trailing = String(repeating: "0", count: Int.random(in: 0...3, using: &random))
        let point = Int.random(in: 0...digits.count, using: &random)
        // digits = whole.fraction × 10^(count − point)
        let whole = point == 0 ? "0" : String(digits.prefix(point))
        let fraction = String(digits.dropFirst(point)) + trailing
        let power = exponent + (digits.count - point)
        var text = (negative ? "-" : "") + whole + (fraction.isEmpty ? "" : "." + fraction)
        if power != 0 || Bool.random(using: &random) {
            text += (Bool.random(using: &random) ? "e" : "E") + (power < 0 ? "-" : Bool.random(using: &random) ? "+" : "") + String(power.magnitude)
        }
        return text
    }

    @Test("seeded: a JSON number is read as a Decimal holding exactly its value, or refused naming the key", arguments: seeds)
    func decimalsProperty(seed: UInt64) throws {
        let definition = try FormDefinition([FieldDefinition(FormKey<Decimal>("amount"))])
        var random = SplitMix64(seed: seed)
        var held = 0
        for sample in 0..<400 {
            let negative = Bool.random(using: &random)
            let isZero = Int.random(in: 0..<20, using: &random) == 0
            let digits = isZero ? "" : Self.randomDigits(using: &random)
            let exponent = [Int.random(in: -40...40, using: &random), Int.random(in: -170...170, using: &random), Int.random(in: -500...500, using: &random)][
                Int.random(in: 0..<3, using: &random)]
            let text = Self.randomText(negative: negative, digits: isZero ? "0" : digits, exponent: exponent, using: &random)
            let json = #"{"amount":"# + text + "}"
            let context = "seed \(seed), sample \(sample): \(text)"
            if Self.decimalHolds(digits: digits, exponent: exponent) {
                let values = try FormSubmission(json: json, definition: definition).values
                let value = try #require(values[FormKey<Decimal>("amount")], "\(context)")
                #expect(value.description == Self.plain(negative: negative, digits: digits, exponent: exponent), "\(context)")
                // Written again, it reads back the same.
                let again = try FormSubmission(json: FormSubmission(values).json(), definition: definition).values
                #expect(again[FormKey<Decimal>("amount")] == value, "\(context)")
                #expect(again[FormKey<Decimal>("amount")]?.description == value.description, "\(context)")
                held += 1
            } else {
                #expect(throws: FormDecodingError.typeMismatch(key: "amount", expected: "Decimal", found: JSONValue.number(text).excerpt()), "\(context)") {
                    try FormSubmission(json: json, definition: definition).values
                }
            }
        }
        #expect(held > 50 && held < 380, "seed \(seed): \(held) of 400 held; the samples should test both sides")
    }

    @Test("numbers a Decimal would round are refused, those it holds read exactly", arguments: [
        ("123456789012345678901234567890123456789012", nil),
        ("340282366920938463463374607431768211456", nil),
        ("340282366920938463463374607431768211455", "340282366920938463463374607431768211455"),
        ("1e-400", nil), ("1e-129", nil), ("10e-129", "0." + String(repeating: "0", count: 127) + "1"),
        ("1e130", "1" + String(repeating: "0", count: 130)), ("3e165", "3" + String(repeating: "0", count: 165)), ("4e165", nil),
        ("-0.000", "0"), ("12.50", "12.5"), ("1E+2", "100"),
    ] as [(String, String?)])
    func decimalEdges(text: String, expected: String?) throws {
        let definition = try FormDefinition([FieldDefinition(FormKey<Decimal>("amount"))])
        if let expected {
            #expect(try FormSubmission(json: #"{"amount":"# + text + "}", definition: definition).values[FormKey<Decimal>("amount")]?.description == expected)
        } else {
            #expect(throws: FormDecodingError.typeMismatch(key: "amount", expected: "Decimal", found: JSONValue.number(text).excerpt())) {
                try FormSubmission(json: #"{"amount":"# + text + "}", definition: definition).values
            }
        }
    }

    @Test("a non-zero number too small for Double or Float is refused, not read as zero", arguments: [
        ("double", "1e-400", false), ("double", "0e-400", true), ("double", "-0.0", true), ("double", "5e-324", true),
        ("float", "1e-50", false), ("float", "1e-45", true), ("float", "0.000e7", true),
    ])
    func floatingUnderflow(key: String, text: String, isRead: Bool) throws {
        let definition = try EveryType.definition()
        let json = "{\"\(key)\":\(text)}"
        if isRead {
            #expect(try FormSubmission(json: json, definition: definition).values.storage[key] != nil)
        } else {
            #expect(throws: FormDecodingError.typeMismatch(key: key, expected: key == "double" ? "Double" : "Float", found: text)) {
                try FormSubmission(json: json, definition: definition).values
            }
        }
    }

    // MARK: URLs

    @Test("a URL is read only when it keeps the text written", arguments: [
        ("a b", false), ("https://example.com/a b", false), ("https://example.com/caf\u{E9}", false), ("", false),
        ("https://example.com/a%20b?q=1#f", true), ("a", true), ("mailto:ada@example.com", true),
    ])
    func urls(text: String, isRead: Bool) throws {
        let definition = try EveryType.definition()
        var json = ""
        JSONValue.writeString(text, to: &json)
        json = #"{"url":"# + json + "}"
        if isRead {
            let url = try #require(try FormSubmission(json: json, definition: definition).values[FormKey<URL>("url")])
            #expect(url.absoluteString == text)
            #expect(try FormSubmission([FormKey<URL>("url").name: url]).json(pretty: false) == json)
        } else {
            #expect(throws: FormDecodingError.typeMismatch(key: "url", expected: "URL", found: JSONValue.string(text).text)) {
                try FormSubmission(json: json, definition: definition).values
            }
        }
    }
}
