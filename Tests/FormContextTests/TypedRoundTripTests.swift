import Foundation
import Testing

@testable import FormContextCore
import TestSupport

/// A definition with one field of every type JSON can hold.
enum EveryType {
    static let fields: [FieldDefinition] = [
        FieldDefinition(FormKey<String>("string")),
        FieldDefinition(FormKey<Int>("int")),
        FieldDefinition(FormKey<Int8>("int8")),
        FieldDefinition(FormKey<Int16>("int16")),
        FieldDefinition(FormKey<Int32>("int32")),
        FieldDefinition(FormKey<Int64>("int64")),
        FieldDefinition(FormKey<UInt>("uint")),
        FieldDefinition(FormKey<UInt8>("uint8")),
        FieldDefinition(FormKey<UInt16>("uint16")),
        FieldDefinition(FormKey<UInt32>("uint32")),
        FieldDefinition(FormKey<UInt64>("uint64")),
        FieldDefinition(FormKey<Double>("double")),
        FieldDefinition(FormKey<Float>("float")),
        FieldDefinition(FormKey<Decimal>("decimal")),
        FieldDefinition(FormKey<Bool>("bool")),
        FieldDefinition(FormKey<Date>("date")),
        FieldDefinition(FormKey<UUID>("uuid")),
        FieldDefinition(FormKey<URL>("url")),
        FieldDefinition(FormKey<Preview>("preview")),
        FieldDefinition(FormKey<Level>("level")),
        FieldDefinition(FormKey<Int?>("optional")),
        FieldDefinition(FormKey<[String]>("tags")),
        FieldDefinition(FormKey<String>("password"), isSecure: true),
    ]

    static func definition() throws -> FormDefinition {
        try FormDefinition(fields, identifier: "every-type")
    }

    /// A random value for the field `key`.
    static func randomValue(for key: String, using random: inout SplitMix64) -> any Hashable & Sendable {
        func integer<I: FixedWidthInteger>(_ type: I.Type) -> I {
            switch Int.random(in: 0...3, using: &random) {
            case 0: I.min
            case 1: I.max
            case 2: I.zero
            default: I(truncatingIfNeeded: random.next())
            }
        }
        switch key {
        case "string", "password", "name", "note": return JSONParserTests.randomText(using: &random)
        case "int", "count": return integer(Int.self)
        case "int8": return integer(Int8.self)
        case "int16": return integer(Int16.self)
        case "int32": return integer(Int32.self)
        case "int64": return integer(Int64.self)
        case "uint": return integer(UInt.self)
        case "uint8": return integer(UInt8.self)
        case "uint16": return integer(UInt16.self)
        case "uint32": return integer(UInt32.self)
        case "uint64": return integer(UInt64.self)
        case "double": return randomFinite(Double.self, bits: random.next())
        case "float": return randomFinite(Float.self, bits: random.next())
        case "decimal":
            let digits = String(UInt64.random(in: 0...UInt64.max, using: &random)) + String(UInt32.random(in: 0...UInt32.max, using: &random))
            let point = Int.random(in: 0...digits.count, using: &random)
            let text = (Bool.random(using: &random) ? "-" : "") + digits.prefix(point) + "." + digits.dropFirst(point) + "1"
            return Decimal(string: text.hasPrefix(".") || text.hasPrefix("-.") ? text.replacingOccurrences(of: ".", with: "0.") : text) ?? 0
        case "bool": return Bool.random(using: &random)
        case "date":
            return Date(timeIntervalSince1970: TimeInterval(Int64.random(in: -62_135_596_800...253_402_300_799, using: &random)))
        case "uuid":
            var bytes: [UInt8] = (0..<16).map { _ in UInt8.random(in: 0...255, using: &random) }
            return bytes.withUnsafeMutableBytes { UUID(uuid: $0.load(as: uuid_t.self)) }
        case "url": return URL(string: "https://example.com/\(UInt32.random(in: 0...UInt32.max, using: &random))?q=a%20b#f") ?? URL(fileURLWithPath: "/")
        case "preview": return Preview.allCases[Int.random(in: 0..<3, using: &random)]
        case "level": return Bool.random(using: &random) ? Level.low : Level.high
        case "optional": return Int?.some(Int.random(in: Int.min...Int.max, using: &random))
        default: return (0..<Int.random(in: 0...3, using: &random)).map { _ in JSONParserTests.randomText(using: &random) }
        }
    }

    /// A finite value of `F` from random bits (infinities and NaNs become the bits' integer value).
    static func randomFinite<F: BinaryFloatingPoint>(_ type: F.Type, bits: UInt64) -> F
    where F.RawSignificand: FixedWidthInteger {
        let value = F(sign: bits & 1 == 0 ? .plus : .minus, exponentBitPattern: F.RawExponent(truncatingIfNeeded: bits >> 1) % (F.RawExponent(1) << F.exponentBitCount - 1), significandBitPattern: F.RawSignificand(truncatingIfNeeded: bits >> 12))
        return value.isFinite ? value : F(Int32(truncatingIfNeeded: bits))
    }
}

@Suite("Typed round trips")
struct TypedRoundTripTests {
    @Test("seeded: values of every supported type go through submission JSON and come back equal")
    func everyTypeRoundTrips() throws {
        let definition = try EveryType.definition()
        let seed = UInt64.random(in: 0...UInt64.max)
        var random = SplitMix64(seed: seed)
        for _ in 0..<200 {
            var values = FormContext()
            for field in EveryType.fields where Int.random(in: 0...5, using: &random) > 0 {
                values.set(EveryType.randomValue(for: field.key, using: &random), for: field.key)
            }
            values.secureKeys = definition.secureKeys
            let submission = try FormSubmission(values)
            for pretty in [true, false] {
                let decoded = try FormSubmission(json: submission.json(pretty: pretty), definition: definition)
                #expect(decoded.values == values, "seed \(seed): \(submission.json(pretty: false, maskingSecrets: true))")
                #expect(decoded.json() == submission.json(), "seed \(seed)")
            }
        }
    }

    @Test("seeded: a value JSON cannot hold is refused with an error naming its key")
    func unencodableValuesAreRefused() throws {
        let seed = UInt64.random(in: 0...UInt64.max)
        var random = SplitMix64(seed: seed)
        let nonFinite: [any Hashable & Sendable] = [Double.infinity, -Double.infinity, Double.nan, Float.infinity, Float.nan, Point()]
        for _ in 0..<50 {
            let key = "field\(Int.random(in: 0...99, using: &random))"
            let value = nonFinite[Int.random(in: 0..<nonFinite.count, using: &random)]
            #expect(throws: SubmissionError.self, "seed \(seed)") { try FormSubmission([key: value, "other": 1]) }
            do {
                _ = try FormSubmission([key: value])
            } catch {
                #expect(error.key == key, "seed \(seed)")
            }
        }
    }

    @Test("dates: ISO 8601 with a zone, with and without fractional seconds, fractions kept", arguments: [
        ("2024-05-01T12:00:00Z", 736_257_600.0),
        ("2024-05-01T14:00:00+02:00", 736_257_600.0),
        ("2024-05-01T07:30:00-04:30", 736_257_600.0),
        ("2024-05-01T12:00:00.5Z", 736_257_600.5),
        ("2024-05-01T12:00:00.125+00:00", 736_257_600.125),
        ("2024-02-29T00:00:00.000001Z", 730_857_600.000001),
        ("1969-12-31T23:59:59.75Z", -978_307_200.25),
    ])
    func readsDates(text: String, sinceReference: Double) throws {
        let definition = try FormDefinition([FieldDefinition(FormKey<Date>("at"))])
        let values = try FormSubmission(json: #"{"at": "\#(text)"}"#, definition: definition).values
        let date = try #require(values[FormKey<Date>("at")])
        #expect(abs(date.timeIntervalSinceReferenceDate - sinceReference) < 1e-7)
    }

    @Test("refused values name the key, the expected type and the JSON found", arguments: [
        (#"{"int": "twelve"}"#, #"cannot read 'int': expected Int, found "twelve""#),
        (#"{"int": 1.5}"#, "cannot read 'int': expected Int, found 1.5"),
        (#"{"int8": 128}"#, "cannot read 'int8': expected Int8, found 128"),
        (#"{"uint": -1}"#, "cannot read 'uint': expected UInt, found -1"),
        (#"{"int64": 9223372036854775808}"#, "cannot read 'int64': expected Int64, found 9223372036854775808"),
        (#"{"double": 1e999}"#, "cannot read 'double': expected Double, found 1e999"),
        (#"{"decimal": 1e99999999999999999999}"#, "cannot read 'decimal': expected Decimal, found 1e99999999999999999999"),
        (#"{"decimal": -1e-99999999999999999999}"#, "cannot read 'decimal': expected Decimal, found -1e-99999999999999999999"),
        (#"{"float": 1e39}"#, "cannot read 'float': expected Float, found 1e39"),
        (#"{"bool": "true"}"#, #"cannot read 'bool': expected Bool, found "true""#),
        (#"{"date": "2024-05-01T12:00:00"}"#, #"cannot read 'date': expected Date, found "2024-05-01T12:00:00""#),
        (#"{"date": "2024-02-30T12:00:00Z"}"#, #"cannot read 'date': expected Date, found "2024-02-30T12:00:00Z""#),
        (#"{"uuid": "not-a-uuid"}"#, #"cannot read 'uuid': expected UUID, found "not-a-uuid""#),
        (#"{"preview": "sometimes"}"#, #"cannot read 'preview': expected Preview, found "sometimes""#),
        (#"{"level": 2}"#, "cannot read 'level': expected Level, found 2"),
        (#"{"tags": ["a", 1]}"#, #"cannot read 'tags': expected Int, found ["a",1]"#.replacingOccurrences(of: "Int", with: "String")),
        (#"{"string": {"a": [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15]}}"#, #"cannot read 'string': expected String, found {"a":[1,2,3,4,5,6,7,8,9,10,11,12,13,14,1…"#),
        (#"{"password": 12345678}"#, "cannot read 'password': expected String, found a number"),
        (#"{"nickname": "Ada"}"#, "cannot read 'nickname': the form has no such field (found a string)"),
        (#"[1, 2]"#, "cannot read the form's values: expected a JSON object, found [1,2]"),
        (#"{"int": }"#, "cannot read the form's values: invalid JSON at line 1, column 9: expected a value, found text not shown (the form has secret fields)"),
    ])
    func refusesWithMessage(json: String, message: String) throws {
        let definition = try EveryType.definition()
        #expect(throws: FormDecodingError.self) { try FormSubmission(json: json, definition: definition).values }
        do {
            _ = try FormSubmission(json: json, definition: definition).values
        } catch {
            #expect(error.description == message)
        }
    }

    @Test("invalid JSON for a form with secret fields does not show the offending text")
    func invalidJSONWithSecrets() throws {
        let definition = try EveryType.definition()
        #expect(throws: FormDecodingError.invalidJSON(JSONParseError(
            line: 1, column: 14, expected: "a value", found: "text not shown (the form has secret fields)"))
        ) { try FormSubmission(json: #"{"password": hunter2}"#, definition: definition) }
        let open = try FormDefinition([FieldDefinition(FormKey<Int>("n"))])
        #expect(throws: FormDecodingError.invalidJSON(JSONParseError(line: 1, column: 7, expected: "a value", found: "'x}'"))) {
            try FormSubmission(json: #"{"n": x}"#, definition: open).values
        }
    }

    @Test("a field whose type has no JSON form is named; null is an absent value")
    func unsupportedAndNull() throws {
        let definition = try FormDefinition([FieldDefinition(FormKey<Point>("point")), FieldDefinition(FormKey<Int>("n"))])
        #expect(throws: FormDecodingError.unsupportedType(key: "point", type: "Point")) {
            try FormSubmission(json: #"{"point": {"x": 1}}"#, definition: definition).values
        }
        let values = try FormSubmission(json: #"{"point": null, "n": null}"#, definition: definition).values
        #expect(values.isEmpty)
    }

    @Test("unknown keys: refused, ignored, or kept as JSON and written back unchanged")
    func unknownKeys() throws {
        let definition = try FormDefinition([FieldDefinition(FormKey<Int>("n"))])
        let json = #"{"extra":{"b":[1.50,null]},"n":3}"#
        #expect(throws: FormDecodingError.unknownKey(key: "extra", found: "an object")) { try FormSubmission(json: json, definition: definition).values }
        #expect(try FormSubmission(json: json, definition: definition, unknownKeys: .ignore).values == ["n": 3])
        let kept = try FormSubmission(json: json, definition: definition, unknownKeys: .keepAsJSON)
        #expect(kept["extra"] == AnyHashable(JSONValue.object(["b": .array([.number("1.50"), .null])])))
        #expect(kept.json(pretty: false) == json)
        let untyped = try FormSubmission(json: json, definition: nil)
        #expect(untyped.json(pretty: false) == json)
    }

    @Test("a server decodes, validates with the client's definition and answers with field errors")
    func serverValidates() async throws {
        let signUp = try FormDefinition([
            FieldDefinition(FormKey<String>("email"), validators: [.required(), .email()]),
            FieldDefinition(FormKey<Int>("age"), validators: [.range(18...150)]),
            FieldDefinition(FormKey<String>("password"), isSecure: true, validators: [.minLength(8)]),
        ])
        let client = FormContextObject(definition: signUp, values: ["email": "ada@example", "age": 12, "password": "hunter2"])
        let sent = try FormSubmission(client.context)
        let received = try FormSubmission(json: sent.json(), definition: signUp)
        #expect(received.values == client.context)
        #expect(received.values.secureKeys == ["password"])
        let report = signUp.validate(received.values)
        #expect(report.lines == ["email: is not a valid email address", "age: must be between 18 and 150", "password: must be at least 8 characters"])
        #expect(!received.description.contains("hunter2"))
    }
}
