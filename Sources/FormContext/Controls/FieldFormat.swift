public import Foundation

/// How a control shows its value as text and reads typed text back.
public struct FieldFormat<Value>: Sendable {
    /// The name of the value type, as shown in parse errors (`integer`, `ISO 8601 date`).
    public let expected: String
    /// Whether empty text (or only white space) means "no value" rather than a parse error.
    public let emptyMeansNoValue: Bool
    private let formatValue: @Sendable (Value) -> String
    private let parseText: @Sendable (String) -> Value?

    /// Creates a format from a pair of functions.
    ///
    /// - Parameters:
    ///   - expected: What the text should be, for parse errors ("integer", "ISO 8601 date").
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
    public func parse(_ text: String) -> Value?? {
        if emptyMeansNoValue && text.allSatisfy(\.isWhitespace) { return .some(nil) }
        guard let value = parseText(text) else { return nil }
        return .some(value)
    }
}

extension FieldFormat where Value == String {
    /// Text as it is; empty text is an empty string, not "no value".
    public static var text: FieldFormat {
        FieldFormat(expected: "text", emptyMeansNoValue: false, format: { $0 }, parse: { $0 })
    }
}

extension FieldFormat where Value == Bool {
    /// `true`/`false`, also accepting `yes`/`no`, `on`/`off` and `1`/`0` in any case.
    public static var bool: FieldFormat {
        FieldFormat(expected: "true or false", format: { $0 ? "true" : "false" }) { text in
            switch text.trimmingCharacters(in: .whitespaces).lowercased() {
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
        FieldFormat(expected: "integer", format: { String($0) }) { Int($0.trimmingCharacters(in: .whitespaces)) }
    }
}

extension FieldFormat where Value == Double {
    /// A finite decimal number such as `-12.5` or `1e3`, written with a dot.
    public static var number: FieldFormat {
        FieldFormat(expected: "number", format: { String($0) }) { text in
            guard let value = Double(text.trimmingCharacters(in: .whitespaces)), value.isFinite else { return nil }
            return value
        }
    }
}

extension FieldFormat where Value == Decimal {
    /// An exact decimal number such as `-12.50`, written with a dot; no exponent, no grouping.
    public static var decimal: FieldFormat {
        FieldFormat(expected: "decimal number", format: { "\($0)" }) { text in
            let trimmed = text.trimmingCharacters(in: .whitespaces)
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
    public static var iso8601: FieldFormat {
        FieldFormat(expected: "ISO 8601 date", format: { $0.formatted(.iso8601) }) { text in
            let trimmed = text.trimmingCharacters(in: .whitespaces)
            if let date = try? Date.ISO8601FormatStyle().parse(trimmed) { return date }
            return try? Date.ISO8601FormatStyle().year().month().day().parse(trimmed)
        }
    }
}

extension FieldFormat where Value: CaseIterable & Sendable {
    /// One of the cases, written as it prints (`String(describing:)`), in any case.
    public static var choice: FieldFormat {
        let cases = Array(Value.allCases)
        let names = cases.map { String(describing: $0) }
        return FieldFormat(expected: "one of " + names.joined(separator: ", "), format: { String(describing: $0) }) { text in
            let wanted = text.trimmingCharacters(in: .whitespaces).lowercased()
            return names.firstIndex { $0.lowercased() == wanted }.map { cases[$0] }
        }
    }
}
