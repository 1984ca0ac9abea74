import Foundation

/// How a control shows its value as text and reads typed text back.
public struct FieldFormat<Value>: Sendable {
    /// The value type and the form of text it takes, as shown in parse errors (`Int`, `Date (ISO 8601)`).
    let expected: String
    /// Whether empty text (or only white space) means "no value" rather than a parse error.
    let emptyMeansNoValue: Bool
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
    func format(_ value: Value?) -> String {
        value.map(formatValue) ?? ""
    }

    /// The value `text` stands for: `.some(nil)` for "no value", `nil` when the text does not parse.
    ///
    /// The built-in formats other than `text` ignore white space and line breaks around the text.
    func parse(_ text: String) -> Value?? {
        if emptyMeansNoValue && text.allSatisfy(\.isWhitespace) { return .some(nil) }
        guard let value = parseText(text) else { return nil }
        return .some(value)
    }
}

extension FieldFormat where Value == String {
    /// Text as it is; empty text is an empty string, not "no value".
    static var text: FieldFormat {
        FieldFormat(expected: "String", emptyMeansNoValue: false, format: { $0 }, parse: { $0 })
    }
}

extension FieldFormat where Value == Bool {
    /// `true`/`false`, also accepting `yes`/`no`, `on`/`off` and `1`/`0` in any case.
    static var bool: FieldFormat {
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
    static var integer: FieldFormat {
        FieldFormat(expected: "Int", format: { String($0) }) { Int($0.trimmingCharacters(in: .whitespacesAndNewlines)) }
    }
}

extension FieldFormat where Value == Double {
    /// A finite number in decimal digits such as `-12.5`, `.5` or `1e3`, written with a dot.
    ///
    /// Hexadecimal (`0x10`), `nan` and `inf` are refused, and so is text that is too large for a
    /// `Double` or that names a non-zero number too small for one (`4.9e-325` would be read as zero).
    static var number: FieldFormat {
        FieldFormat(expected: "Double", format: { String($0) }) { text in
            parseDouble(text.trimmingCharacters(in: .whitespacesAndNewlines))
        }
    }
}

extension FieldFormat where Value == Decimal {
    /// An exact decimal number such as `-12.50`, written with a dot; no exponent, no grouping.
    ///
    /// A number is read only if a `Decimal` holds it exactly: at most 38 significant digits, and a
    /// magnitude `Decimal` can reach. Anything else is refused, never rounded.
    static var decimal: FieldFormat {
        FieldFormat(expected: "Decimal", format: { "\($0)" }) { text in
            parseDecimal(text.trimmingCharacters(in: .whitespacesAndNewlines))
        }
    }
}

extension FieldFormat where Value == Date {
    /// An ISO 8601 date and time with a zone (`2024-05-01T09:30:00Z`, `2024-05-01T11:30:00.25+02:00`),
    /// or a plain date (`2024-05-01`, as midnight UTC).
    ///
    /// Shown in UTC, with fractional seconds when the date has them (`2024-05-01T09:30:00.25Z`); they
    /// read back as the same date. A date-time without a zone, with anything after the zone, or with an
    /// impossible field (`2024-02-30`, `T25:00:00Z`, `+99:99`) is refused, never completed or rolled over.
    /// A date that has no such text (a time interval that is not finite, or a year outside 0001 to
    /// 9999) is shown as what it is, such as `invalid date (nan)`, which does not read back.
    static var iso8601: FieldFormat {
        FieldFormat(expected: "Date (ISO 8601)", format: { ISO8601DateText.describe($0) }) { text in
            ISO8601DateText.parse(text.trimmingCharacters(in: .whitespacesAndNewlines))
        }
    }
}

extension FieldFormat where Value: CaseIterable & Sendable {
    /// One of the cases, written as it prints (`String(describing:)`), in any case.
    static var choice: FieldFormat {
        let cases = Array(Value.allCases)
        let names = cases.map { String(describing: $0) }
        return FieldFormat(expected: typeName(of: Value.self) + " (one of " + names.joined(separator: ", ") + ")", format: { String(describing: $0) }) { text in
            let wanted = text.trimmingCharacters(in: .whitespacesAndNewlines).lowercased()
            return names.firstIndex { $0.lowercased() == wanted }.map { cases[$0] }
        }
    }
}
