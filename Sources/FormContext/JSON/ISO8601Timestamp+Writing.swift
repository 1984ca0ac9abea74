import Foundation

extension ISO8601Timestamp {
    /// The date as ISO 8601 in UTC with as many fractional digits as it takes to read back the same
    /// `Date` exactly (`2024-05-01T12:00:00.1234567Z`; none when the seconds are whole), or `nil` for
    /// a date outside the years 1 to 9999.
    static func exactString(from date: Date) -> String? {
        let interval = date.timeIntervalSinceReferenceDate
        guard interval.isFinite else { return nil }
        let whole = interval.rounded(.down)
        let fraction = interval - whole
        let parts = calendar.dateComponents(
            [.era, .year, .month, .day, .hour, .minute, .second], from: Date(timeIntervalSinceReferenceDate: whole))
        guard parts.era == 1, let year = parts.year, (1...9999).contains(year), let month = parts.month, let day = parts.day,
            let hour = parts.hour, let minute = parts.minute, let second = parts.second
        else { return nil }
        func padded(_ value: Int, _ width: Int) -> String {
            let digits = String(value)
            return String(repeating: "0", count: max(0, width - digits.count)) + digits
        }
        var text = "\(padded(year, 4))-\(padded(month, 2))-\(padded(day, 2))T\(padded(hour, 2)):\(padded(minute, 2)):\(padded(second, 2))"
        if fraction > 0 { text += "." + fractionDigits(fraction) }
        return text + "Z"
    }

    /// The shortest decimal digits after `0.` that read back as `fraction` (which is in `0..<1`).
    private static func fractionDigits(_ fraction: Double) -> String {
        let text = fraction.description
        guard let exponentMark = text.firstIndex(of: "e"), let exponent = Int(text[text.index(after: exponentMark)...]) else {
            return String(text.dropFirst(2))
        }
        let mantissa = text[..<exponentMark].filter { $0 != "." }
        return String(repeating: "0", count: max(0, -exponent - 1)) + mantissa
    }
}
