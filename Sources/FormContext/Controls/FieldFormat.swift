public import Foundation

/// How a control shows its value as text and reads typed text back.
public struct FieldFormat<Value>: Sendable {
    /// The value type and the form of text it takes, as shown in parse errors (`Int`, `Date (ISO 8601)`).
    public let expected: String
    /// Whether empty text (or only white space) means "no value" rather than a parse error.
    public let emptyMeansNoValue: Bool
    private let formatValue: @Sendable (Value) -> String
    private let parseText: @Sendable (String) -> Value?

    /// Creates a format from a pair of functions.
    ///
    /// - Parameters:
    ///   - expected: The value type and the form of text it takes, for parse errors (`Int`, `Bool (true or false)`).
    ///   - emptyMeansNoValue: Whether empty text clears the value instead of failing to parse.
    ///   - format: Shows a value as text.
    ///   - parse: Reads text; `nil` when the text is not a valid value.
    public init(
        expected: String, emptyMeansNoValue: Bool = true, format: @escaping @Sendable (Value) -> String,
        parse: @escaping @Sendable (String) -> Value?
    ) {
        self.expected = expected
        self.emptyMeansNoValue = emptyMeansNoValue
        self.formatValue = format
        self.parseText = parse
    }

    /// The text for `value`; empty for no value.
    public func format(_ value: Value?) -> String {
        value.map(formatValue) ?? ""
    }

    /// The value `text` stands for: `.some(nil)` for "no value", `nil` when the text does not parse.
    ///
    /// The built-in formats other than ``text`` ignore white space and line breaks around the text.
    public func parse(_ text: String) -> Value?? {
        if emptyMeansNoValue && text.allSatisfy(\.isWhitespace) { return .some(nil) }
        guard let value = parseText(text) else { return nil }
        return .some(value)
    }
}

extension FieldFormat where Value == String {
    /// Text as it is; empty text is an empty string, not "no value".
    public static var text: FieldFormat {
        FieldFormat(expected: "String", emptyMeansNoValue: false, format: { $0 }, parse: { $0 })
    }
}

extension FieldFormat where Value == Bool {
    /// `true`/`false`, also accepting `yes`/`no`, `on`/`off` and `1`/`0` in any case.
    public static var bool: FieldFormat {
        FieldFormat(expected: "Bool (true or false)", format: { $0 ? "true" : "false" }) { text in
            switch text.trimmingCharacters(in: .whitespacesAndNewlines).lowercased() {
            case "true", "yes", "on", "1": true
            case "false", "no", "off", "0": false
            default: nil
            }
        }
    }
}

extension FieldFormat where Value == Int {
    /// A whole number in decimal digits, with an optional sign.
    public static var integer: FieldFormat {
        FieldFormat(expected: "Int", format: { String($0) }) { Int($0.trimmingCharacters(in: .whitespacesAndNewlines)) }
    }
}

extension FieldFormat where Value == Double {
    /// A finite decimal number such as `-12.5` or `1e3`, written with a dot.
    public static var number: FieldFormat {
        FieldFormat(expected: "Double", format: { String($0) }) { text in
            guard let value = Double(text.trimmingCharacters(in: .whitespacesAndNewlines)), value.isFinite else { return nil }
            return value
        }
    }
}

extension FieldFormat where Value == Decimal {
    /// An exact decimal number such as `-12.50`, written with a dot; no exponent, no grouping.
    public static var decimal: FieldFormat {
        FieldFormat(expected: "Decimal", format: { "\($0)" }) { text in
            let trimmed = text.trimmingCharacters(in: .whitespacesAndNewlines)
            guard isPlainDecimal(trimmed) else { return nil }
            return Decimal(string: trimmed, locale: Locale(identifier: "en_US_POSIX"))
        }
    }
}

/// Whether `text` is `[+-]digits[.digits]` with at least one digit.
private func isPlainDecimal(_ text: String) -> Bool {
    var scalars = Substring(text).unicodeScalars[...]
    if let first = scalars.first, first == "+" || first == "-" { scalars = scalars.dropFirst() }
    var digits = 0
    var dots = 0
    for scalar in scalars {
        if ("0"..."9").contains(scalar) {
            digits += 1
        } else if scalar == "." {
            dots += 1
        } else {
            return false
        }
    }
    return digits > 0 && dots <= 1
}

extension FieldFormat where Value == Date {
    /// An ISO 8601 date and time with a zone (`2024-05-01T09:30:00Z`), or a plain date (`2024-05-01`, as midnight UTC).
    ///
    /// Impossible fields (`2024-02-30`, `T25:00:00Z`) are parse errors, never rolled over into another date.
    public static var iso8601: FieldFormat {
        FieldFormat(expected: "Date (ISO 8601)", format: { $0.formatted(.iso8601) }) { text in
            let trimmed = text.trimmingCharacters(in: .whitespacesAndNewlines)
            guard hasValidISO8601Fields(trimmed) else { return nil }
            if let date = try? Date.ISO8601FormatStyle().parse(trimmed) { return date }
            return try? Date.ISO8601FormatStyle().year().month().day().parse(trimmed)
        }
    }
}

/// Whether `text` starts `YYYY-MM-DD`, optionally followed by `THH:MM:SS`, with every field in range:
/// a month of 1–12, a day that exists in that month, an hour of 0–23, minutes and seconds of 0–59.
///
/// The ISO 8601 parser alone rolls impossible fields over (`T25:00:00Z` becomes the next day), so a
/// typing mistake would silently become another date.
private func hasValidISO8601Fields(_ text: String) -> Bool {
    let bytes = Array(text.utf8)
    func number(_ range: Range<Int>) -> Int? {
        guard range.upperBound <= bytes.count else { return nil }
        var value = 0
        for byte in bytes[range] {
            guard (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) else { return nil }
            value = value * 10 + Int(byte - UInt8(ascii: "0"))
        }
        return value
    }
    func byte(at index: Int, is character: Unicode.Scalar) -> Bool {
        index < bytes.count && bytes[index] == UInt8(ascii: character)
    }
    guard let year = number(0..<4), byte(at: 4, is: "-"), let month = number(5..<7), byte(at: 7, is: "-"),
        let day = number(8..<10), (1...12).contains(month)
    else { return false }
    let isLeapYear = year.isMultiple(of: 4) && (!year.isMultiple(of: 100) || year.isMultiple(of: 400))
    let daysInMonth = [31, isLeapYear ? 29 : 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31][month - 1]
    guard (1...daysInMonth).contains(day) else { return false }
    guard bytes.count > 10 else { return true }
    guard byte(at: 10, is: "T"), let hour = number(11..<13), byte(at: 13, is: ":"), let minute = number(14..<16),
        byte(at: 16, is: ":"), let second = number(17..<19)
    else { return false }
    return hour < 24 && minute < 60 && second < 60
}

extension FieldFormat where Value: CaseIterable & Sendable {
    /// One of the cases, written as it prints (`String(describing:)`), in any case.
    public static var choice: FieldFormat {
        let cases = Array(Value.allCases)
        let names = cases.map { String(describing: $0) }
        return FieldFormat(expected: typeName(of: Value.self) + " (one of " + names.joined(separator: ", ") + ")", format: { String(describing: $0) }) { text in
            let wanted = text.trimmingCharacters(in: .whitespacesAndNewlines).lowercased()
            return names.firstIndex { $0.lowercased() == wanted }.map { cases[$0] }
        }
    }
}
