@testable import FormContextCore
import Foundation
import Testing

/// A date whose time interval is not a number, or infinite, or beyond the years 0001–9999 is never
/// shown as if it were a real date.
@Suite("Dates that are no real date")
struct NonFiniteDateTests {
    /// Time intervals from the reference date, and how such a date is shown. (Intervals, not dates,
    /// are the test arguments: Foundation's own `Date.description` traps on a date that is not a number.)
    static let cases: [(interval: Double, shown: String)] = [
        (.nan, "invalid date (nan)"),
        (-.nan, "invalid date (nan)"),
        (.infinity, "invalid date (inf)"),
        (-.infinity, "invalid date (-inf)"),
        (1e300, "date outside the years 0001 to 9999 (1e+300 seconds from 2001-01-01T00:00:00Z)"),
        (-63_113_904_001, "date outside the years 0001 to 9999 (-63113904001.0 seconds from 2001-01-01T00:00:00Z)"),
    ]

    @Test("descriptions, lines, change descriptions and dumps say what the date is", arguments: cases)
    func descriptions(interval: Double, shown: String) {
        let date = Date(timeIntervalSinceReferenceDate: interval)
        let context: FormContext = ["when": date]
        #expect(context.description == "[\"when\": \(shown)]")
        #expect(context.lines() == ["when: \(shown)"])
        #expect(context.displayValue(for: "when") == shown)
        var dumped = ""
        dump(context, to: &dumped)
        #expect(dumped.contains(shown))
        let change = FormChange(key: "when", oldValue: nil, newValue: date, origin: .user)
        #expect(change.description == "when: nil -> \(shown) (user)")
        let list: FormContext = ["when": [Date(timeIntervalSince1970: 0), date]]
        #expect(list.lines() == ["when: [1970-01-01T00:00:00Z, \(shown)]"])
        let form = FormContextObject(["when": date])
        #expect(form.fieldState(for: "when").description == "when: \(shown)")
        dumped = ""
        dump(form.fieldState(for: "when"), to: &dumped)
        #expect(dumped.contains(shown))
    }

    @Test("the date control shows no date for it", arguments: cases)
    func control(interval: Double, shown: String) {
        let date = Date(timeIntervalSinceReferenceDate: interval)
        let control = FieldControl<Date>(key: "when", date: date)
        #expect(control.text == shown)
        #expect(FieldFormat<Date>.iso8601.parse(control.text) == nil)
    }

    @Test("JSON refuses it, naming the key", arguments: cases)
    func json(interval: Double, shown: String) {
        let date = Date(timeIntervalSinceReferenceDate: interval)
        #expect(throws: SubmissionError.invalidDate(key: "when", value: shown)) {
            try FormSubmission(["name": "Ada", "when": date])
        }
        #expect(throws: SubmissionError.invalidDate(key: "dates", value: shown)) {
            try FormSubmission(["dates": [Date(timeIntervalSince1970: 0), date]])
        }
    }

    @Test func message() {
        #expect(SubmissionError.invalidDate(key: "when", value: "invalid date (nan)").description
            == "cannot encode the value of 'when' as JSON: invalid date (nan) has no ISO 8601 text")
        #expect(SubmissionError.invalidDate(key: "when", value: "invalid date (nan)").key == "when")
    }

    @Test func realDatesKeepTheirText() throws {
        let date = Date(timeIntervalSince1970: 1_714_555_800.25)
        let context: FormContext = ["when": date]
        #expect(context.lines() == ["when: 2024-05-01T09:30:00.25Z"])
        #expect(try FormSubmission(context).json(pretty: false) == #"{"when":"2024-05-01T09:30:00.25Z"}"#)
    }
}
