import Foundation
import Testing
import TestSupport

@testable import FormContextXForms

/// Days since 1970-01-01 and the dates they stand for, both ways, before the Gregorian reform too:
/// `today()` and `date(n)` make a date from a day count, and reading that date back gives the count.
@Suite struct XPathDayCountTests {
    static let zones = [
        TimeZone(secondsFromGMT: 0)!, TimeZone(secondsFromGMT: 19_800)!, TimeZone(secondsFromGMT: -28_800)!,
        TimeZone(identifier: "America/New_York")!, TimeZone(identifier: "Asia/Kathmandu")!,
    ]

    /// A day count made a date reads back as the same count, in every zone, for seeded counts from
    /// the year 1 to the year 9999 and for the days around 1582-10-15.
    @Test(arguments: 0..<zones.count)
    func aDayCountMadeADateReadsBackTheSame(zone index: Int) {
        let zone = Self.zones[index]
        var random = SplitMix64(seed: UInt64(index) + 41)
        let reform = -141_427.0  // 1582-10-15
        var counts = (-20...20).map { reform + Double($0) }
        for _ in 0..<500 { counts.append(Double(Int(random.next() % 3_652_059)) - 719_162) }
        for days in counts {
            guard let date = XPathDates.date(fromDays: days, in: zone) else {
                Issue.record("no date for \(days)")
                continue
            }
            #expect(XPathDates.days(date, in: zone) == days, "\(days) in \(zone.identifier): \(XPathDates.dateString(date, in: zone))")
        }
    }

    /// `today()` on a clock set to a day before the reform is that day.
    @Test(arguments: ["1500-03-01", "0001-01-01", "1582-10-04", "1582-10-15", "1969-12-31", "9999-12-31"])
    func todayIsTheClocksDay(day: String) throws {
        let utc = TimeZone(secondsFromGMT: 0)!
        let now = try #require(XPathDates.parse(day, in: utc))
        let tree = Fixture.tree()
        let environment = XPathEnvironment.seeded(1, now: now.addingTimeInterval(3600))
        let value = try XPathExpression("today()").evaluate(in: tree, context: tree.node("data"), environment: environment)
        #expect(value.string(in: tree, environment: environment) == day)
        let count = try XPathExpression("date(today()) + 0").evaluate(in: tree, context: tree.node("data"), environment: environment)
        let back = try XPathExpression("string(date(\(count.string(in: tree, environment: environment))))")
            .evaluate(in: tree, context: tree.node("data"), environment: environment)
        #expect(back.string(in: tree, environment: environment) == day)
    }
}
