/// A finite number written out as plain decimal digits, with no exponent: `-12.5` is
/// `negative: true, integer: "12", fraction: "5"`.
///
/// The integer part has no leading zeros (it is `"0"` for a number below one) and the fraction no
/// trailing zeros (it is empty for a whole number).
struct DecimalDigits: Equatable {
    var isNegative: Bool
    var integer: String
    var fraction: String

    /// The shortest digits that read back as `value` (Swift's own description of a `Double`,
    /// with any exponent written out); `nil` for a value that is not finite.
    ///
    /// Negative zero has the digits of zero.
    init?(_ value: Double) {
        guard value.isFinite else { return nil }
        let text = value.magnitude.description
        let parts = text.split(separator: "e", maxSplits: 1)
        let exponent = parts.count == 2 ? Int(parts[1]) ?? 0 : 0
        let mantissa = parts[0].split(separator: ".", maxSplits: 1, omittingEmptySubsequences: false)
        let whole = String(mantissa[0])
        let digits = whole + (mantissa.count == 2 ? String(mantissa[1]) : "")
        let point = whole.count + exponent
        if point <= 0 {
            self.init(isNegative: false, integer: "0", fraction: String(repeating: "0", count: -point) + digits)
        } else if point >= digits.count {
            self.init(isNegative: false, integer: digits + String(repeating: "0", count: point - digits.count), fraction: "")
        } else {
            self.init(isNegative: false, integer: String(digits.prefix(point)), fraction: String(digits.dropFirst(point)))
        }
        isNegative = value < 0
    }

    /// Digits as given, normalised: leading zeros of the integer part and trailing zeros of the
    /// fraction removed, and zero never negative.
    init(isNegative: Bool, integer: some StringProtocol, fraction: some StringProtocol) {
        let integer = integer.drop { $0 == "0" }
        var fraction = Substring(fraction)
        while fraction.last == "0" { fraction.removeLast() }
        self.integer = integer.isEmpty ? "0" : String(integer)
        self.fraction = String(fraction)
        self.isNegative = isNegative && !(integer.isEmpty && fraction.isEmpty)
    }

    /// Whether the number is zero.
    var isZero: Bool { integer == "0" && fraction.isEmpty }

    /// The number as text: `-12.5`, `0.001`, `42`.
    var text: String {
        (isNegative ? "-" : "") + integer + (fraction.isEmpty ? "" : "." + fraction)
    }

    /// The digits from the first non-zero digit to the last, counted: the precision a type needs
    /// to hold the number exactly. Zero has none.
    var significantDigitCount: Int {
        if isZero { return 0 }
        if integer == "0" { return fraction.drop { $0 == "0" }.count }
        if fraction.isEmpty { return integer.reversed().drop { $0 == "0" }.count }
        return integer.count + fraction.count
    }
}

/// `1 - 0.digits` as the digits after the point: `"25"` gives `"75"`, `"1"` gives `"9"`.
///
/// `digits` must not be empty and must not end in `0`; neither does the result.
func complementOfFraction(_ digits: String) -> String {
    var result = ""
    result.reserveCapacity(digits.utf8.count)
    let values = digits.utf8.map { Int($0) - 48 }
    for (position, digit) in values.enumerated() {
        let complement = position == values.count - 1 ? 10 - digit : 9 - digit
        result.unicodeScalars.append(Unicode.Scalar(UInt8(48 + complement)))
    }
    return result
}
