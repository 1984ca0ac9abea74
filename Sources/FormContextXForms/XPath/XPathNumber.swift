/// Numbers to text and back as JavaRosa does it.
enum XPathNumber {
    /// Text as a number: surrounding whitespace ignored, then digits, `-` and `.` only (no exponent,
    /// no `+`, no `Infinity`); anything else, and blank, is `NaN`.
    static func parse(_ text: String) -> Double {
        let trimmed = text.trimmingXPathSpace()
        guard !trimmed.isEmpty,
            trimmed.unicodeScalars.allSatisfy({ ("0"..."9").contains($0) || $0 == "-" || $0 == "." })
        else { return .nan }
        return Double(trimmed) ?? .nan
    }

    /// A number as JavaRosa writes it: an integral value as an integer (`4`, `3000000000`), `NaN`,
    /// `Infinity`, `-Infinity`, otherwise Java's `Double.toString` (`0.5`, `1.0E-4`, `1.23456785E7`).
    static func string(_ value: Double) -> String {
        if value.isNaN { return "NaN" }
        if value.isInfinite { return value < 0 ? "-Infinity" : "Infinity" }
        if value == value.rounded(.towardZero), abs(value) < 9.2e18 { return String(Int64(value)) }
        return javaString(value)
    }

    /// Java's `Double.toString`: the shortest digits that read back as the same double, written plain
    /// between 10⁻³ and 10⁷ and as `d.dddE±n` outside.
    static func javaString(_ value: Double) -> String {
        let sign = value.sign == .minus ? "-" : ""
        if value == 0 { return sign + "0.0" }
        // Swift's description gives the shortest round-tripping digits; take them and their exponent.
        let text = "\(abs(value))"
        let parts = text.split(separator: "e", maxSplits: 1)
        let mantissa = parts[0]
        var exponent = parts.count > 1 ? Int(parts[1]) ?? 0 : 0
        var digits = ""
        var pointAt = mantissa.count
        for (i, c) in mantissa.enumerated() {
            if c == "." { pointAt = i } else { digits.append(c) }
        }
        // value = 0.digits × 10^(pointAt + exponent), once leading zeros are dropped.
        exponent += pointAt
        while digits.hasPrefix("0"), digits.count > 1 {
            digits.removeFirst()
            exponent -= 1
        }
        while digits.hasSuffix("0"), digits.count > 1 { digits.removeLast() }
        let magnitude = abs(value)
        if magnitude >= 1e-3, magnitude < 1e7 {
            if exponent <= 0 { return sign + "0." + String(repeating: "0", count: -exponent) + digits }
            if exponent >= digits.count { return sign + digits + String(repeating: "0", count: exponent - digits.count) + ".0" }
            let cut = digits.index(digits.startIndex, offsetBy: exponent)
            return sign + digits[..<cut] + "." + digits[cut...]
        }
        let rest = digits.dropFirst()
        return sign + String(digits.prefix(1)) + "." + (rest.isEmpty ? "0" : rest) + "E" + String(exponent - 1)
    }
}

extension String {
    /// The text without leading and trailing characters at or below a space, as Java's `trim()`.
    func trimmingXPathSpace() -> String {
        let scalars = unicodeScalars
        guard let first = scalars.firstIndex(where: { $0.value > 32 }), let last = scalars.lastIndex(where: { $0.value > 32 })
        else { return "" }
        return String(scalars[first...last])
    }
}
