import Foundation

/// Dates as ODK reads and writes them: `yyyy-MM-dd` dates (midnight in the evaluation's time zone),
/// `yyyy-MM-ddTHH:mm:ss.sss±hh:mm` dateTimes, `HH:mm:ss.sss±hh:mm` times, and days since 1970-01-01.
enum XPathDates {
    static let secondsPerDay = 86_400.0

    static func calendar(_ zone: TimeZone) -> Calendar {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = zone
        return calendar
    }

    /// A date (`2020-02-29`) or a dateTime (`2020-02-29T13:45:30.250+02:00`, zone optional: local),
    /// checked field by field (`2020-02-30` is no date); `nil` for anything else.
    static func parse(_ text: String, in zone: TimeZone) -> Date? {
        let text = text.trimmingXPathSpace()
        let parts = text.split(separator: "T", maxSplits: 1, omittingEmptySubsequences: false)
        guard let day = civilDate(parts[0]) else { return nil }
        var components = DateComponents(year: day.year, month: day.month, day: day.day)
        var zoneHere = zone
        if parts.count == 2 {
            guard let time = parseTime(parts[1]) else { return nil }
            components.hour = time.hour
            components.minute = time.minute
            components.second = time.second
            if let offset = time.offset { zoneHere = TimeZone(secondsFromGMT: offset) ?? zone }
            guard let date = calendar(zoneHere).date(from: components) else { return nil }
            return date.addingTimeInterval(time.fraction)
        }
        return calendar(zoneHere).date(from: components)
    }

    /// `yyyy-MM-dd` with a month of 1–12 and a day that month has.
    static func civilDate(_ text: Substring) -> (year: Int, month: Int, day: Int)? {
        let fields = text.split(separator: "-", omittingEmptySubsequences: false)
        guard fields.count == 3, fields[0].count == 4, fields[1].count == 2, fields[2].count == 2,
            fields.allSatisfy({ $0.allSatisfy({ ("0"..."9").contains($0) }) }),
            let year = Int(fields[0]), let month = Int(fields[1]), let day = Int(fields[2]),
            (1...12).contains(month), day >= 1, day <= daysIn(month: month, year: year)
        else { return nil }
        return (year, month, day)
    }

    static func daysIn(month: Int, year: Int) -> Int {
        switch month {
        case 2: (year % 4 == 0 && year % 100 != 0) || year % 400 == 0 ? 29 : 28
        case 4, 6, 9, 11: 30
        default: 31
        }
    }

    /// `HH:mm[:ss[.sss]][Z|±hh:mm]`: the fields, the fraction of a second, and the zone's offset in
    /// seconds when one is given.
    static func parseTime(_ text: Substring) -> (hour: Int, minute: Int, second: Int, fraction: Double, offset: Int?)? {
        var body = text
        var offset: Int?
        if body.hasSuffix("Z") {
            offset = 0
            body = body.dropLast()
        } else if let sign = body.lastIndex(where: { $0 == "+" || $0 == "-" }) {
            let zone = body[body.index(after: sign)...].split(separator: ":")
            guard (1...2).contains(zone.count), let hours = Int(zone[0]), hours <= 23 else { return nil }
            let minutes = zone.count == 2 ? Int(zone[1]) : 0
            guard let minutes, minutes <= 59 else { return nil }
            offset = (body[sign] == "-" ? -1 : 1) * (hours * 3600 + minutes * 60)
            body = body[..<sign]
        }
        let fields = body.split(separator: ":", omittingEmptySubsequences: false)
        guard (2...3).contains(fields.count), let hour = Int(fields[0]), let minute = Int(fields[1]),
            fields[0].count == 2, fields[1].count == 2, hour <= 24, minute <= 59
        else { return nil }
        var second = 0
        var fraction = 0.0
        if fields.count == 3 {
            let secondParts = fields[2].split(separator: ".", maxSplits: 1, omittingEmptySubsequences: false)
            guard secondParts[0].count == 2, let whole = Int(secondParts[0]), whole <= 60 else { return nil }
            second = whole
            if secondParts.count == 2 {
                guard !secondParts[1].isEmpty, secondParts[1].allSatisfy({ ("0"..."9").contains($0) }),
                    let value = Double("0." + secondParts[1])
                else { return nil }
                fraction = value
            }
        }
        return (hour, minute, second, fraction, offset)
    }

    /// Whole days from 1970-01-01 to the instant's date in `zone` (negative before 1970).
    static func days(_ date: Date, in zone: TimeZone) -> Double {
        let local = date.timeIntervalSince1970 + Double(zone.secondsFromGMT(for: date))
        return (local / secondsPerDay).rounded(.down)
    }

    /// Days since 1970-01-01 UTC with the time of day as the fraction (`decimal-date-time`).
    static func decimalDays(_ date: Date) -> Double { date.timeIntervalSince1970 / secondsPerDay }

    /// Midnight, in `zone`, of the date `days` whole days after 1970-01-01 (the fraction dropped):
    /// the inverse of ``days(_:in:)``.
    ///
    /// The date is the one the calendar gives the noon, UTC, of that day; adding the days to
    /// 1970-01-01 as a date's field would count the ten days the Gregorian reform of October 1582
    /// removed (and more) once for every earlier date.
    static func date(fromDays days: Double, in zone: TimeZone) -> Date? {
        guard days.isFinite, abs(days) < 1e8 else { return nil }
        let noon = Date(timeIntervalSince1970: (days.rounded(.down) + 0.5) * secondsPerDay)
        let day = calendar(TimeZone(secondsFromGMT: 0)!).dateComponents([.era, .year, .month, .day], from: noon)
        return calendar(zone).date(from: day)
    }

    /// `yyyy-MM-dd` in `zone`.
    static func dateString(_ date: Date, in zone: TimeZone) -> String {
        format(date, "%Y-%m-%d", in: zone)
    }

    /// `yyyy-MM-ddTHH:mm:ss.sss±hh:mm` in `zone`, as ODK writes a dateTime.
    static func dateTimeString(_ date: Date, in zone: TimeZone) -> String {
        let seconds = zone.secondsFromGMT(for: date)
        let sign = seconds < 0 ? "-" : "+"
        let offset = abs(seconds)
        return format(date, "%Y-%m-%dT%H:%M:%S.%3", in: zone) + sign + pad(offset / 3600, 2) + ":" + pad(offset % 3600 / 60, 2)
    }

    static let months = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]
    static let weekdays = ["Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"]

    static func pad(_ value: Int, _ width: Int) -> String {
        let text = String(value)
        return text.count >= width ? text : String(repeating: "0", count: width - text.count) + text
    }

    /// `format-date`/`format-date-time`'s patterns: `%Y %y %m %n %b %d %e %a %H %h %M %S %3`; any
    /// other character, and `%` before any other, is kept as written.
    static func format(_ date: Date, _ pattern: String, in zone: TimeZone) -> String {
        let parts = calendar(zone).dateComponents([.year, .month, .day, .weekday, .hour, .minute, .second, .nanosecond], from: date)
        let year = parts.year ?? 1970
        let millis = Int(((date.timeIntervalSince1970 * 1000).rounded(.down))).quotientAndRemainder(dividingBy: 1000).remainder
        var out = ""
        var chars = pattern.makeIterator()
        while let c = chars.next() {
            guard c == "%" else { out.append(c); continue }
            guard let code = chars.next() else { out.append("%"); break }
            switch code {
            case "Y": out += pad(year, 4)
            case "y": out += pad(abs(year) % 100, 2)
            case "m": out += pad(parts.month ?? 1, 2)
            case "n": out += String(parts.month ?? 1)
            case "b": out += months[(parts.month ?? 1) - 1]
            case "d": out += pad(parts.day ?? 1, 2)
            case "e": out += String(parts.day ?? 1)
            case "a": out += weekdays[(parts.weekday ?? 1) - 1]
            case "H": out += pad(parts.hour ?? 0, 2)
            case "h": out += String(parts.hour ?? 0)
            case "M": out += pad(parts.minute ?? 0, 2)
            case "S": out += pad(parts.second ?? 0, 2)
            case "3": out += pad((millis + 1000) % 1000, 3)
            default:
                out.append("%")
                out.append(code)
            }
        }
        return out
    }
}
