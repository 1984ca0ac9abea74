@testable import FormContextCore
import Foundation
import Testing

@Suite("Field formats")
struct FieldFormatTests {
    /// What a text parses to.
    enum Parsed<Value: Equatable & Sendable>: Equatable, Sendable {
        case value(Value)
        case noValue
        case invalid

        init(_ result: Value??) {
            switch result {
            case .none: self = .invalid
            case .some(.none): self = .noValue
            case .some(.some(let value)): self = .value(value)
            }
        }
    }

    enum Preview: String, CaseIterable, Hashable, Sendable, CustomStringConvertible {
        case always, whenUnlocked, never
        var description: String { rawValue }
    }

    static let blanks = ["", " ", "\t", "\n", "  \n "]

    @Test(arguments: [
        ("42", Parsed.value(42)), ("-7", .value(-7)), ("+7", .value(7)), (" 42 ", .value(42)), ("42\n", .value(42)),
        ("0", .value(0)), ("9223372036854775807", .value(Int.max)), ("-9223372036854775808", .value(Int.min)),
        ("4x", .invalid), ("4.0", .invalid), ("1e3", .invalid), ("9223372036854775808", .invalid), ("+", .invalid),
        ("-", .invalid), ("4 2", .invalid), ("0x10", .invalid), ("٤٢", .invalid), ("4\u{301}", .invalid),
    ] + blanks.map { ($0, .noValue) })
    func integer(text: String, parsed: Parsed<Int>) {
        #expect(Parsed(FieldFormat<Int>.integer.parse(text)) == parsed)
    }

    @Test(arguments: [
        ("0.5", Parsed.value(0.5)), ("-12.5", .value(-12.5)), ("1e3", .value(1000)), (" 2 ", .value(2)), ("3", .value(3)),
        ("2.5\n", .value(2.5)), ("nan", .invalid), ("inf", .invalid), ("-infinity", .invalid), ("1e400", .invalid),
        ("1,5", .invalid), ("abc", .invalid), ("1.2.3", .invalid),
    ] + blanks.map { ($0, .noValue) })
    func number(text: String, parsed: Parsed<Double>) {
        #expect(Parsed(FieldFormat<Double>.number.parse(text)) == parsed)
    }

    @Test(arguments: [
        ("12.50", Parsed.value(Decimal(string: "12.5")!)), ("-0.25", .value(Decimal(string: "-0.25")!)), ("+3", .value(3)),
        ("007", .value(7)), ("0.1", .value(Decimal(string: "0.1")!)), (" 1.5 ", .value(Decimal(string: "1.5")!)),
        ("1e3", .invalid), (".", .invalid), ("1,5", .invalid), ("1.2.3", .invalid), ("--1", .invalid), ("12 50", .invalid),
        ("١٢", .invalid), ("abc", .invalid), ("+", .invalid),
    ] + blanks.map { ($0, .noValue) })
    func decimal(text: String, parsed: Parsed<Decimal>) {
        #expect(Parsed(FieldFormat<Decimal>.decimal.parse(text)) == parsed)
    }

    @Test(arguments: [
        ("true", Parsed.value(true)), ("TRUE", .value(true)), ("Yes", .value(true)), ("on", .value(true)), ("1", .value(true)),
        (" true\n", .value(true)), ("false", .value(false)), ("No", .value(false)), ("OFF", .value(false)), ("0", .value(false)),
        ("maybe", .invalid), ("2", .invalid), ("yes please", .invalid), ("t", .invalid),
    ] + blanks.map { ($0, .noValue) })
    func bool(text: String, parsed: Parsed<Bool>) {
        #expect(Parsed(FieldFormat<Bool>.bool.parse(text)) == parsed)
    }

    @Test(arguments: [
        ("2024-05-01T09:30:00Z", Parsed.value(Date(timeIntervalSince1970: 1_714_555_800))),
        ("2024-05-01T11:30:00+02:00", .value(Date(timeIntervalSince1970: 1_714_555_800))),
        (" 2024-05-01T09:30:00Z\n", .value(Date(timeIntervalSince1970: 1_714_555_800))),
        ("2024-05-01", .value(Date(timeIntervalSince1970: 1_714_521_600))),
        ("1970-01-01T00:00:00Z", .value(Date(timeIntervalSince1970: 0))),
        ("2024-13-01", .invalid), ("2024-05-01T25:00:00Z", .invalid), ("01/05/2024", .invalid), ("yesterday", .invalid),
        ("2024-05", .invalid), ("2024-02-29", .value(Date(timeIntervalSince1970: 1_709_164_800))), ("2024-02-30", .invalid),
        ("2023-02-29", .invalid), ("2000-02-29", .value(Date(timeIntervalSince1970: 951_782_400))), ("1900-02-29", .invalid),
        ("2024-04-31", .invalid), ("2024-05-00", .invalid), ("2024-05-01T09:60:00Z", .invalid),
        ("2024-05-01T09:30:60Z", .invalid), ("2024-05-01T23:59:59Z", .value(Date(timeIntervalSince1970: 1_714_607_999))),
        ("2024-05-01T09:30Z", .invalid), ("2024-05-01X09:30:00Z", .invalid),
    ] + blanks.map { ($0, .noValue) })
    func iso8601(text: String, parsed: Parsed<Date>) {
        #expect(Parsed(FieldFormat<Date>.iso8601.parse(text)) == parsed)
    }

    @Test(arguments: [
        ("always", Parsed.value(Preview.always)), ("ALWAYS", .value(.always)), (" never\n", .value(.never)),
        ("whenunlocked", .value(.whenUnlocked)), ("WhenUnlocked", .value(.whenUnlocked)), ("sometimes", .invalid),
        ("alway", .invalid), ("always never", .invalid),
    ] + blanks.map { ($0, .noValue) })
    func choice(text: String, parsed: Parsed<Preview>) {
        #expect(Parsed(FieldFormat<Preview>.choice.parse(text)) == parsed)
    }

    @Test(arguments: ["", " ", "\n", "Ada", " padded ", "😀 e\u{301} שלום"])
    func textIsTakenAsItIs(text: String) {
        #expect(Parsed(FieldFormat<String>.text.parse(text)) == .value(text))
        #expect(FieldFormat<String>.text.format(text) == text)
    }

    @Test func expectedNames() {
        #expect(FieldFormat<String>.text.expected == "String")
        #expect(FieldFormat<Bool>.bool.expected == "Bool (true or false)")
        #expect(FieldFormat<Int>.integer.expected == "Int")
        #expect(FieldFormat<Double>.number.expected == "Double")
        #expect(FieldFormat<Decimal>.decimal.expected == "Decimal")
        #expect(FieldFormat<Date>.iso8601.expected == "Date (ISO 8601)")
        #expect(FieldFormat<Preview>.choice.expected == "Preview (one of always, whenUnlocked, never)")
        #expect(!FieldFormat<String>.text.emptyMeansNoValue)
        #expect(FieldFormat<Int>.integer.emptyMeansNoValue)
    }

    @Test func formattingShowsValuesAndNothingForNoValue() {
        #expect(FieldFormat<Int>.integer.format(-42) == "-42")
        #expect(FieldFormat<Int>.integer.format(nil) == "")
        #expect(FieldFormat<Double>.number.format(0.1) == "0.1")
        #expect(FieldFormat<Decimal>.decimal.format(Decimal(string: "12.50")) == "12.5")
        #expect(FieldFormat<Bool>.bool.format(true) == "true")
        #expect(FieldFormat<Date>.iso8601.format(Date(timeIntervalSince1970: 1_714_555_800)) == "2024-05-01T09:30:00Z")
        #expect(FieldFormat<Preview>.choice.format(.whenUnlocked) == "whenUnlocked")
    }

    @Test func formattedValuesParseBack() {
        for value in [Int.min, -1, 0, 1, 42, Int.max] {
            #expect(Parsed(FieldFormat<Int>.integer.parse(FieldFormat<Int>.integer.format(value))) == .value(value))
        }
        for value in [-12.5, 0, 0.1, 1.0 / 3.0, 1e300, -Double.leastNonzeroMagnitude] {
            #expect(Parsed(FieldFormat<Double>.number.parse(FieldFormat<Double>.number.format(value))) == .value(value))
        }
        for text in ["0", "-0.25", "12.5", "123456789.987654321"] {
            let value = Decimal(string: text)!
            #expect(Parsed(FieldFormat<Decimal>.decimal.parse(FieldFormat<Decimal>.decimal.format(value))) == .value(value))
        }
        for value in [true, false] {
            #expect(Parsed(FieldFormat<Bool>.bool.parse(FieldFormat<Bool>.bool.format(value))) == .value(value))
        }
        for seconds in [0, 1_714_555_800, -4_861_728_000, 4_102_444_799] as [TimeInterval] {
            let date = Date(timeIntervalSince1970: seconds)
            #expect(Parsed(FieldFormat<Date>.iso8601.parse(FieldFormat<Date>.iso8601.format(date))) == .value(date))
        }
        for option in Preview.allCases {
            #expect(Parsed(FieldFormat<Preview>.choice.parse(FieldFormat<Preview>.choice.format(option))) == .value(option))
        }
    }

    @Test func aCustomFormat() {
        let percent = FieldFormat<Int>(expected: "percentage", emptyMeansNoValue: false, format: { "\($0)%" }) { text in
            guard text.hasSuffix("%") else { return nil }
            return Int(text.dropLast())
        }
        #expect(percent.format(50) == "50%")
        #expect(Parsed(percent.parse("50%")) == .value(50))
        #expect(Parsed(percent.parse("50")) == .invalid)
        #expect(Parsed(percent.parse("")) == .invalid)

        let control = FieldControl(key: "share", value: 10, format: percent)
        control.text = "half"
        #expect(control.parseError?.description == #"unreadable text for key 'share': expected percentage, found "half""#)
        #expect(control.value == 10)
    }

    @Test(arguments: [
        ("Int", "4x", #"unreadable text for key 'age': expected Int, found "4x""#),
        ("Double", "1,5", #"unreadable text for key 'age': expected Double, found "1,5""#),
        ("Decimal", "1e3", #"unreadable text for key 'age': expected Decimal, found "1e3""#),
        ("Date (ISO 8601)", "2024-13-01", #"unreadable text for key 'age': expected Date (ISO 8601), found "2024-13-01""#),
        ("Int", "say \"hi\"", #"unreadable text for key 'age': expected Int, found "say \"hi\"""#),
    ])
    func parseErrorMessages(expected: String, text: String, message: String) {
        let error = FormControlError.unparsableText(key: "age", text: text, expected: expected)
        #expect(error.description == message)
        #expect(error.key == "age")
    }
}
