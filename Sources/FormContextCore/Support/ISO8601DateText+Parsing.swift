import Foundation

extension ISO8601DateText {
    /// The date `text` stands for, or `nil` unless it is exactly a date in the accepted form.
    ///
    /// Fractional seconds are kept: the result is the `Date` nearest to the exact instant written.
    ///
    /// - Parameter text: The text, with no surrounding white space.
    /// - Complexity: O(*n*) in the length of the text.
    static func parse(_ text: some StringProtocol) -> Date? {
        var reader = DigitReader(bytes: Array(text.utf8))
        guard let year = reader.number(4), reader.skip("-"), let month = reader.number(2), reader.skip("-"),
            let day = reader.number(2), year >= 1, (1...12).contains(month), (1...CivilDate.daysInMonth(month, of: year)).contains(day)
        else { return nil }
        var seconds = CivilDate.days(year: year, month: month, day: day) * 86_400
        var fraction = ""
        if !reader.isAtEnd {
            guard reader.skip("T"), let hour = reader.number(2), reader.skip(":"), let minute = reader.number(2),
                reader.skip(":"), let second = reader.number(2), hour < 24, minute < 60, second < 60
            else { return nil }
            seconds += hour * 3600 + minute * 60 + second
            if reader.skip(".") {
                let digits = reader.digits()
                guard !digits.isEmpty else { return nil }
                fraction = digits
            }
            guard let offset = reader.zoneOffset(), reader.isAtEnd else { return nil }
            seconds -= offset
        }
        return date(wholeSecondsSince1970: seconds, fraction: fraction)
    }

    /// The `Date` nearest to `seconds + 0.fraction` after 1970, rounded once.
    private static func date(wholeSecondsSince1970 seconds: Int, fraction: String) -> Date? {
        let whole = seconds - referenceOffset
        let trimmed = DecimalDigits(isNegative: false, integer: "0", fraction: fraction).fraction
        // Written as one decimal number relative to the reference date, so that `Double` rounds it
        // once, exactly as it rounded the interval that printed these digits.
        let exact: DecimalDigits
        if whole < 0 && !trimmed.isEmpty {
            exact = DecimalDigits(isNegative: true, integer: String(-whole - 1), fraction: complementOfFraction(trimmed))
        } else {
            exact = DecimalDigits(isNegative: whole < 0, integer: String(whole.magnitude), fraction: trimmed)
        }
        guard let interval = Double(exact.text) else { return nil }
        return Date(timeIntervalSinceReferenceDate: interval)
    }
}

/// Reads fixed-width numbers and single characters from the bytes of a date.
private struct DigitReader {
    let bytes: [UInt8]
    var position = 0

    var isAtEnd: Bool { position == bytes.count }

    /// Skips `character` if it comes next.
    mutating func skip(_ character: Unicode.Scalar) -> Bool {
        guard position < bytes.count, bytes[position] == UInt8(ascii: character) else { return false }
        position += 1
        return true
    }

    /// Exactly `width` decimal digits, as a number.
    mutating func number(_ width: Int) -> Int? {
        guard position + width <= bytes.count else { return nil }
        var value = 0
        for byte in bytes[position..<position + width] {
            guard (48...57).contains(byte) else { return nil }
            value = value * 10 + Int(byte - 48)
        }
        position += width
        return value
    }

    /// Every decimal digit that comes next, as text.
    mutating func digits() -> String {
        let start = position
        while position < bytes.count, (48...57).contains(bytes[position]) { position += 1 }
        return String(decoding: bytes[start..<position], as: UTF8.self)
    }

    /// The zone: `Z` (0) or `±HH:MM` (the offset in seconds east of UTC), within ±23:59.
    mutating func zoneOffset() -> Int? {
        if skip("Z") { return 0 }
        let sign: Int
        if skip("+") {
            sign = 1
        } else if skip("-") {
            sign = -1
        } else {
            return nil
        }
        guard let hours = number(2), skip(":"), let minutes = number(2), hours < 24, minutes < 60 else { return nil }
        return sign * (hours * 3600 + minutes * 60)
    }
}
