import Foundation

/// The one text form of a date in this package, printed and read: ISO 8601 in UTC.
///
/// Printed: `YYYY-MM-DDTHH:MM:SSZ`, with fractional seconds (`…:00.25Z`) when the date has them,
/// in the fewest digits that read back as the very same `Date`. Only dates in the years 0001 to
/// 9999 have this form; any other date, and one whose time interval is not finite, is described
/// (``describe(_:)``) without pretending to be a date.
///
/// Read (``parse(_:)``): exactly a plain date `YYYY-MM-DD` (midnight UTC), or a date and time
/// `YYYY-MM-DDTHH:MM:SS`, optionally with a fraction `.d…`, followed by a zone: `Z` or `±HH:MM`.
/// Every field must be in range: no 30 February, no hour 24, no leap second, no offset beyond
/// ±23:59. Anything else, however close, is not a date.
enum ISO8601DateText {
    /// Seconds from 1970-01-01 to 2001-01-01, the reference date of `Date`.
    static let referenceOffset = 978_307_200
    /// The largest distance from the reference date this form is computed for (beyond ±9999 years).
    static let limit: Double = 4e11

    /// The text of `date`, or `nil` when it has none.
    ///
    /// - Complexity: O(*d*) for *d* digits of the fraction.
    static func format(_ date: Date) -> String? {
        let interval = date.timeIntervalSinceReferenceDate
        guard interval.magnitude < limit, let digits = DecimalDigits(interval), let magnitude = Int(digits.integer) else {
            return nil
        }
        // Whole seconds toward minus infinity, and a fraction in [0, 1) in decimal digits.
        var whole = digits.isNegative ? -magnitude : magnitude
        var fraction = digits.fraction
        if digits.isNegative && !fraction.isEmpty {
            whole -= 1
            fraction = complementOfFraction(fraction)
        }
        let seconds = whole + referenceOffset
        let (days, secondOfDay) = seconds.quotientAndRemainderFlooring(dividingBy: 86_400)
        let (year, month, day) = CivilDate.fromDays(days)
        guard (1...9999).contains(year) else { return nil }
        var text = padded(year, 4) + "-" + padded(month, 2) + "-" + padded(day, 2)
        text += "T" + padded(secondOfDay / 3600, 2) + ":" + padded(secondOfDay / 60 % 60, 2) + ":" + padded(secondOfDay % 60, 2)
        if !fraction.isEmpty { text += "." + fraction }
        return text + "Z"
    }

    /// The text of `date`, or for a date that has none, what it is instead:
    /// `invalid date (nan)`, `invalid date (-inf)`,
    /// `date outside the years 0001 to 9999 (1e+300 seconds from 2001-01-01T00:00:00Z)`.
    static func describe(_ date: Date) -> String {
        if let text = format(date) { return text }
        let interval = date.timeIntervalSinceReferenceDate
        // A not-a-number has no meaningful sign, so it is shown as `nan` whatever its bits.
        guard interval.isFinite else { return "invalid date (\(interval.isNaN ? "nan" : "\(interval)"))" }
        return "date outside the years 0001 to 9999 (\(interval) seconds from 2001-01-01T00:00:00Z)"
    }

    /// `value` in decimal digits, left-padded with zeros to `width`.
    private static func padded(_ value: Int, _ width: Int) -> String {
        let digits = String(value)
        return digits.count >= width ? digits : String(repeating: "0", count: width - digits.count) + digits
    }
}

extension Int {
    /// The quotient rounded toward minus infinity, and the remainder that goes with it (never negative
    /// for a positive divisor).
    func quotientAndRemainderFlooring(dividingBy divisor: Int) -> (quotient: Int, remainder: Int) {
        let (quotient, remainder) = quotientAndRemainder(dividingBy: divisor)
        return remainder < 0 ? (quotient - 1, remainder + divisor) : (quotient, remainder)
    }
}
