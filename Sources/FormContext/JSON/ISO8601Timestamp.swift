import Foundation

/// Reads ISO 8601 date-times with a zone (`2024-05-01T12:00:00Z`, `2024-05-01T14:00:00.125+02:00`),
/// keeping every fractional digit the text has.
enum ISO8601Timestamp {
    /// The date `text` names, or `nil` if it is not an ISO 8601 date-time with a zone.
    ///
    /// - Complexity: O(*n*) in the length of `text`.
    static func date(from text: String) -> Date? {
        var reader = Reader(Array(text.utf8))
        guard let year = reader.number(4), reader.skip("-"), let month = reader.number(2), reader.skip("-"),
            let day = reader.number(2), reader.skip("T"), let hour = reader.number(2), reader.skip(":"),
            let minute = reader.number(2), reader.skip(":"), let second = reader.number(2)
        else { return nil }
        var fraction = 0.0
        if reader.skip(".") {
            let digits = reader.digits()
            guard !digits.isEmpty, let value = Double("0." + digits) else { return nil }
            fraction = value
        }
        var offset = 0
        if !reader.skip("Z") {
            let sign: Int
            if reader.skip("+") { sign = 1 } else if reader.skip("-") { sign = -1 } else { return nil }
            guard let hours = reader.number(2), reader.skip(":"), let minutes = reader.number(2), hours < 24, minutes < 60
            else { return nil }
            offset = sign * (hours * 3600 + minutes * 60)
        }
        guard reader.isAtEnd, (1...12).contains(month), day >= 1, day <= daysIn(month: month, year: year), hour < 24,
            minute < 60, second < 60
        else { return nil }
        // Foundation's Gregorian calendar, as its ISO 8601 writer uses: dates before October 1582
        // are Julian there, so a date written by Foundation reads back as the same instant.
        let components = DateComponents(year: year, month: month, day: day, hour: hour, minute: minute, second: second)
        guard let whole = calendar.date(from: components) else { return nil }
        // Counting from the reference date keeps the most precision for the fraction.
        return Date(timeIntervalSinceReferenceDate: whole.timeIntervalSinceReferenceDate.rounded() - Double(offset) + fraction)
    }

    static let calendar: Calendar = {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(secondsFromGMT: 0) ?? calendar.timeZone
        return calendar
    }()

    private static func daysIn(month: Int, year: Int) -> Int {
        switch month {
        case 2: (year % 4 == 0 && year % 100 != 0) || year % 400 == 0 ? 29 : 28
        case 4, 6, 9, 11: 30
        default: 31
        }
    }

    private struct Reader {
        let bytes: [UInt8]
        var index = 0

        init(_ bytes: [UInt8]) { self.bytes = bytes }

        var isAtEnd: Bool { index == bytes.count }

        mutating func skip(_ character: Unicode.Scalar) -> Bool {
            guard index < bytes.count, bytes[index] == UInt8(ascii: character) else { return false }
            index += 1
            return true
        }

        mutating func number(_ count: Int) -> Int? {
            guard bytes.count - index >= count else { return nil }
            var value = 0
            for byte in bytes[index..<index + count] {
                guard (48...57).contains(byte) else { return nil }
                value = value * 10 + Int(byte - 48)
            }
            index += count
            return value
        }

        mutating func digits() -> String {
            let start = index
            while index < bytes.count, (48...57).contains(bytes[index]) { index += 1 }
            return String(decoding: bytes[start..<index], as: UTF8.self)
        }
    }
}
