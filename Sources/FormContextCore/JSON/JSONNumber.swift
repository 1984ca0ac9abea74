import Foundation

/// A JSON number as its significant digits and a power of ten: `-12.50e3` is negative, digits
/// `125`, exponent 2. Read from the text exactly, so a number can be checked against what a type
/// holds before it is converted.
struct JSONNumber: Equatable {
    /// The largest mantissa a `Decimal` holds: 2¹²⁸ − 1.
    static let largestDecimalMantissa = "340282366920938463463374607431768211455"
    /// The powers of ten a `Decimal` multiplies its mantissa by.
    static let decimalExponents = -128...127
    /// An exponent this far from zero is kept as this, which is already far out of any type's range.
    private static let exponentLimit = 1 << 40

    var isNegative: Bool
    /// From the first non-zero digit to the last non-zero one; empty for zero.
    var digits: String
    /// The power of ten the digits are multiplied by.
    var exponent: Int

    /// The number `text` writes, in JSON's grammar (`-? digits (. digits)? ([eE] [+-]? digits)?`);
    /// `nil` for other text.
    init?(_ text: String) {
        var bytes = Substring(text).utf8[...]
        isNegative = bytes.first == UInt8(ascii: "-")
        if isNegative { bytes = bytes.dropFirst() }
        let isDigit = { (byte: UInt8) in (48...57).contains(byte) }
        let whole = bytes.prefix(while: isDigit)
        bytes = bytes.dropFirst(whole.count)
        var fraction = bytes.prefix(0)
        if bytes.first == UInt8(ascii: ".") {
            fraction = bytes.dropFirst().prefix(while: isDigit)
            guard !fraction.isEmpty else { return nil }
            bytes = bytes.dropFirst(1 + fraction.count)
        }
        guard !whole.isEmpty else { return nil }
        var power = 0
        if let marker = bytes.first, marker == UInt8(ascii: "e") || marker == UInt8(ascii: "E") {
            bytes = bytes.dropFirst()
            let isNegativePower = bytes.first == UInt8(ascii: "-")
            if bytes.first == UInt8(ascii: "-") || bytes.first == UInt8(ascii: "+") { bytes = bytes.dropFirst() }
            let powerDigits = bytes.prefix(while: isDigit)
            guard !powerDigits.isEmpty else { return nil }
            bytes = bytes.dropFirst(powerDigits.count)
            for digit in powerDigits where power < Self.exponentLimit { power = power * 10 + Int(digit - 48) }
            power = Swift.min(power, Self.exponentLimit)
            if isNegativePower { power = -power }
        }
        guard bytes.isEmpty else { return nil }
        // The digits written, without the zeros that carry no value; each zero dropped at the end
        // moves the point.
        var all = Array(whole) + Array(fraction)
        var scale = power - fraction.count
        let leading = all.prefix { $0 == UInt8(ascii: "0") }.count
        all.removeFirst(leading)
        while all.last == UInt8(ascii: "0") {
            all.removeLast()
            scale += 1
        }
        digits = String(decoding: all, as: UTF8.self)
        exponent = all.isEmpty ? 0 : scale
    }

    /// Whether the number is zero.
    var isZero: Bool { digits.isEmpty }

    /// The `Decimal` that holds exactly this number, or `nil` when a `Decimal` would round it: a
    /// mantissa of at most 2¹²⁸ − 1 times a power of ten from 10⁻¹²⁸ to 10¹²⁷.
    var exactDecimal: Decimal? {
        guard !isZero else { return Decimal(0) }
        guard exponent >= Self.decimalExponents.lowerBound else { return nil }
        // A power above the largest is written as zeros on the mantissa.
        let shift = Swift.max(0, exponent - Self.decimalExponents.upperBound)
        let mantissaLength = digits.utf8.count + shift
        guard mantissaLength <= Self.largestDecimalMantissa.utf8.count else { return nil }
        let mantissa = digits + String(repeating: "0", count: shift)
        // Digits of the same length compare as their numbers do.
        if mantissaLength == Self.largestDecimalMantissa.utf8.count,
            Self.largestDecimalMantissa.utf8.lexicographicallyPrecedes(mantissa.utf8)
        {
            return nil
        }
        return check(mantissa, shift)
    }

    /// The `Decimal` of `mantissa` × 10^(exponent − `shift`), if it holds this number exactly.
    private func check(_ mantissa: String, _ shift: Int) -> Decimal? {
        let text = (isNegative ? "-" : "") + mantissa + "e" + String(exponent - shift)
        guard let value = Decimal(string: text, locale: Locale(identifier: "en_US_POSIX")) else { return nil }
        // What the Decimal holds is read back and compared, so no rounding goes unnoticed.
        guard value.isFinite, JSONNumber(value.description) == self else { return nil }
        return value
    }
}
