@testable import FormContextCore
import Foundation
import Testing

/// Text a control reads is taken exactly, or refused: never rounded, truncated or completed.
@Suite("Field formats: exact or refused")
struct FieldFormatExactnessTests {
    typealias Parsed = FieldFormatTests.Parsed

    /// Midnight UTC of 2024-05-01, and 09:30 of that day.
    static let may1 = Date(timeIntervalSince1970: 1_714_521_600)
    static let may1At0930 = Date(timeIntervalSince1970: 1_714_555_800)

    @Test("a date-time without a zone, with a bad zone or with anything after it is refused", arguments: [
        "2024-05-01T09:30:00", "2024-05-01T09:30:00+99:99", "2024-05-01T09:30:00+24:00", "2024-05-01T09:30:00+02:60",
        "2024-05-01T09:30:00garbage", "2024-05-01T09:30:00.Z", "2024-05-01T09:30:00ZZ", "2024-05-01T09:30:00Z x", "2024-05-01T09:30:00z",
        "2024-05-01T09:30:00+0200", "2024-05-01T09:30:00+02", "2024-05-01T09:30:00.5", "2024-05-01T09:30:00,5Z",
        "2024-05-01T", "2024-05-01 09:30:00Z", "2024-05-01T09:30:00Z\u{0}", "2024-05-01Z", "+2024-05-01", "20240501",
        "2024-05-01T09:30:00.5.5Z", "2024-05-01T09:30:00-", "2024-5-01", "2024-05-01T9:30:00Z",
    ])
    func malformedDateTimes(text: String) {
        #expect(Parsed(FieldFormat<Date>.iso8601.parse(text)) == .invalid, "\(String(reflecting: text)) was accepted")
    }

    @Test("plain dates and date-times with a zone are read exactly, fractions kept", arguments: [
        ("2024-05-01", may1),
        ("2024-05-01T09:30:00Z", may1At0930),
        ("2024-05-01T09:30:00.5Z", may1At0930.addingTimeInterval(0.5)),
        ("2024-05-01T09:30:00.25+02:00", may1At0930.addingTimeInterval(0.25 - 7200)),
        ("2024-05-01T09:30:00-00:30", may1At0930.addingTimeInterval(1800)),
        ("2024-05-01T09:30:00.000Z", may1At0930),
        ("2000-12-31T23:59:59.75Z", Date(timeIntervalSinceReferenceDate: -0.25)),
        ("0001-01-01T00:00:00Z", Date(timeIntervalSince1970: -62_135_596_800)),
        ("9999-12-31T23:59:59Z", Date(timeIntervalSince1970: 253_402_300_799)),
    ])
    func exactDates(text: String, date: Date) {
        #expect(Parsed(FieldFormat<Date>.iso8601.parse(text)) == .value(date))
    }

    @Test("a date with fractional seconds prints them and reads back as the same date", arguments: [
        0.5, 0.25, 0.001, 0.123456, -0.25, -0.5, 1e-7, -1e-20, 736_248_600.5, -63_113_903_999.5, 1e-300,
    ])
    func fractionsRoundTrip(referenceSeconds: Double) throws {
        let date = Date(timeIntervalSinceReferenceDate: referenceSeconds)
        let text = FieldFormat<Date>.iso8601.format(date)
        #expect(text.contains("."), "\(text) lost its fraction")
        let parsed = try #require(FieldFormat<Date>.iso8601.parse(text) ?? nil, "\(text) did not parse")
        #expect(parsed.timeIntervalSinceReferenceDate == referenceSeconds, "\(text)")
    }

    @Test func fractionsAreShownWithTheFewestDigits() {
        #expect(FieldFormat<Date>.iso8601.format(Self.may1At0930.addingTimeInterval(0.5)) == "2024-05-01T09:30:00.5Z")
        #expect(FieldFormat<Date>.iso8601.format(Date(timeIntervalSinceReferenceDate: -0.25)) == "2000-12-31T23:59:59.75Z")
        #expect(FieldFormat<Date>.iso8601.format(Self.may1At0930) == "2024-05-01T09:30:00Z")
    }

    @Test("a decimal with more than 38 significant digits, or one Decimal would change, is refused", arguments: [
        String(repeating: "9", count: 41), String(repeating: "9", count: 39), "1." + String(repeating: "0", count: 40) + "1",
        "0." + String(repeating: "0", count: 130) + "1", "1" + String(repeating: "0", count: 200),
        "12345678901234567890.1234567890123456789",
    ])
    func inexactDecimals(text: String) {
        #expect(Parsed(FieldFormat<Decimal>.decimal.parse(text)) == .invalid, "\(text) was accepted")
    }

    @Test("decimals of up to 38 significant digits are kept exactly", arguments: [
        String(repeating: "9", count: 38), "-" + String(repeating: "9", count: 38), "0.00000000000000000000000000000000000001",
        "1234567890123456789.0123456789012345678", "000123.4500", "-0", "1" + String(repeating: "0", count: 100), "12" + String(repeating: "0", count: 130),
    ])
    func exactDecimals(text: String) throws {
        let value = try #require(FieldFormat<Decimal>.decimal.parse(text) ?? nil, "\(text) was refused")
        #expect(value == Decimal(string: text))
        #expect(FieldFormat<Decimal>.decimal.parse(FieldFormat<Decimal>.decimal.format(value)) == .some(value))
    }

    @Test("a Double is written in decimal digits: hexadecimal and text that underflows to zero are refused", arguments: [
        "0x10", "0x1p3", "-0X1P-2", "4.9e-325", "1e-400", "-1e-400", "0.1e-330", "1_000", "1e", "e5", ".", "+-1", "0x",
    ])
    func refusedDoubles(text: String) {
        #expect(Parsed(FieldFormat<Double>.number.parse(text)) == .invalid, "\(text) was accepted")
    }

    @Test("decimal text, zero itself, and the smallest subnormals are read", arguments: [
        ("0", 0.0), ("-0", -0.0), ("0e-400", 0.0), ("0.000", 0.0), (".5", 0.5), ("4.9e-324", Double.leastNonzeroMagnitude), ("1E3", 1000.0),
        ("-2.5e+2", -250.0), ("1.7976931348623157e308", Double.greatestFiniteMagnitude),
    ])
    func acceptedDoubles(text: String, value: Double) throws {
        let parsed = try #require(FieldFormat<Double>.number.parse(text) ?? nil, "\(text) was refused")
        #expect(parsed.bitPattern == value.bitPattern)
    }

    @Test func controlsNameTheKeyAndTheRefusedText() {
        let birthday = FieldControl<Date>(key: "birthday")
        birthday.text = "2024-05-01T09:30:00"
        #expect(birthday.parseError?.description
            == #"unreadable text for key 'birthday': expected Date (ISO 8601), found "2024-05-01T09:30:00""#)
        let balance = FieldControl<Decimal>(key: "balance")
        balance.text = String(repeating: "9", count: 41)
        #expect(balance.parseError?.description
            == "unreadable text for key 'balance': expected Decimal, found \"\(String(repeating: "9", count: 41))\"")
        #expect(balance.value == nil)
    }
}
