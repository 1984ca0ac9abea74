import Foundation

/// The `Double` that decimal `text` names, or `nil`.
///
/// The text is `[+-]digits[.digits][e[+-]digits]` (either side of the point may be empty, not both).
/// The result must be finite, and zero only when every digit before the exponent is zero: a
/// non-zero number too small for a `Double` is refused rather than read as zero.
func parseDouble(_ text: String) -> Double? {
    guard let mantissaIsZero = plainNumberMantissaIsZero(text), let value = Double(text), value.isFinite else { return nil }
    guard value != 0 || mantissaIsZero else { return nil }
    return value
}

/// Whether `text` is a decimal number with an optional exponent; if it is, whether every digit of
/// its mantissa is zero. `nil` for anything else (hexadecimal, `nan`, `inf`, separators, spaces).
private func plainNumberMantissaIsZero(_ text: String) -> Bool? {
    var scalars = Substring(text).unicodeScalars[...]
    if let sign = scalars.first, sign == "+" || sign == "-" { scalars = scalars.dropFirst() }
    var digits = 0
    var nonZero = false
    var sawPoint = false
    while let scalar = scalars.first, scalar != "e" && scalar != "E" {
        scalars = scalars.dropFirst()
        if ("0"..."9").contains(scalar) {
            digits += 1
            if scalar != "0" { nonZero = true }
        } else if scalar == "." && !sawPoint {
            sawPoint = true
        } else {
            return nil
        }
    }
    guard digits > 0 else { return nil }
    if !scalars.isEmpty {
        scalars = scalars.dropFirst()
        if let sign = scalars.first, sign == "+" || sign == "-" { scalars = scalars.dropFirst() }
        guard !scalars.isEmpty, scalars.allSatisfy({ ("0"..."9").contains($0) }) else { return nil }
    }
    return !nonZero
}

/// The `Decimal` that `text`, written `[+-]digits[.digits]`, names exactly; `nil` for other text and
/// for a number a `Decimal` would round (more than 38 significant digits, or out of its range).
func parseDecimal(_ text: String) -> Decimal? {
    guard let digits = plainDecimalDigits(text), digits.significantDigitCount <= 38,
        let value = Decimal(string: digits.text, locale: Locale(identifier: "en_US_POSIX"))
    else { return nil }
    // The digits Decimal keeps are compared with the digits written, so no rounding goes unnoticed.
    guard let kept = plainDecimalDigits(value.description), kept == digits else { return nil }
    return value
}

/// The digits of `[+-]digits[.digits]` (at least one digit), normalised; `nil` for anything else.
private func plainDecimalDigits(_ text: String) -> DecimalDigits? {
    var body = Substring(text)
    var isNegative = false
    if let sign = body.first, sign == "+" || sign == "-" {
        isNegative = sign == "-"
        body = body.dropFirst()
    }
    let parts = body.split(separator: ".", maxSplits: 1, omittingEmptySubsequences: false)
    let isDigits = { (part: Substring) in part.unicodeScalars.allSatisfy { ("0"..."9").contains($0) } }
    guard parts.allSatisfy(isDigits), parts.contains(where: { !$0.isEmpty }) else { return nil }
    return DecimalDigits(isNegative: isNegative, integer: parts[0], fraction: parts.count == 2 ? parts[1] : "")
}
