import Foundation

/// A value as JSON can hold it: the encoded form of one submitted field, and what
/// the form's JSON reader reads.
///
/// Numbers keep the exact text they are written as, so a `Decimal` with 38 digits or `Int64.min` reads
/// back unchanged; objects keep keys that differ only in their Unicode scalars apart, and are written
/// with their keys sorted.
///
/// ```swift
/// let json = try JSONValue(parsing: Data(#"{"amount": 12.50, "tags": ["a", null]}"#.utf8))
/// print(json)   // {"amount":12.50,"tags":["a",null]}
/// ```
public enum JSONValue: Hashable, Sendable {
    /// Text.
    case string(String)
    /// A number, kept as the exact text it is written as.
    case number(String)
    /// `true` or `false`.
    case bool(Bool)
    /// An array of values.
    case array([JSONValue])
    /// An object: values by key, keys compared by their Unicode scalars (``JSONObject``).
    case object(JSONObject)
    /// `null`.
    case null

    /// Converts a stored value: text, Booleans, integers, floating-point numbers, `Decimal`,
    /// `Date` (ISO 8601), `UUID`, `URL`, enumerations with a raw value, arrays of these, a
    /// ``RowID`` (`"r3"`) and a ``RowOrder`` (`["r1", "r3"]`).
    ///
    /// - Throws: ``SubmissionError`` naming `key` for any other type, for non-finite numbers, and for
    ///   dates with no ISO 8601 text (not finite, or outside the years 0001 to 9999).
    init(converting value: Any, key: String) throws(SubmissionError) {
        // An NSNumber (an element of an array, which the store does not look into) is the Swift value
        // it holds: 1 is a number, never `true`. The metatype is tested first, so no value is bridged.
        if type(of: value) is NSNumber.Type, let number = value as? NSNumber {
            self = try JSONValue(converting: swiftValue(of: number).base, key: key)
            return
        }
        switch value {
        case let json as JSONValue:
            self = json
        case let text as String:
            self = .string(text)
        case let flag as Bool:
            self = .bool(flag)
        case let integer as any BinaryInteger:
            self = .number(String(describing: integer))
        case let number as any BinaryFloatingPoint:
            guard number.isFinite else { throw .nonFiniteNumber(key: key, value: String(describing: number)) }
            self = .number(String(describing: number))
        case let decimal as Decimal:
            guard decimal.isFinite else { throw .nonFiniteNumber(key: key, value: decimal.description) }
            self = .number(decimal.description)
        case let date as Date:
            guard let text = ISO8601DateText.format(date) else {
                throw .invalidDate(key: key, value: ISO8601DateText.describe(date))
            }
            self = .string(text)
        case let uuid as UUID:
            self = .string(uuid.uuidString)
        case let url as URL:
            self = .string(url.absoluteString)
        case let enumeration as any RawRepresentable:
            self = try JSONValue(converting: enumeration.rawValue, key: key)
        case let order as RowOrder:
            self = .array(order.map { .string($0.description) })
        case let id as RowID:
            self = .string(id.description)
        case let array as [Any]:
            var elements: [JSONValue] = []
            elements.reserveCapacity(array.count)
            for element in array { elements.append(try JSONValue(converting: element, key: key)) }
            self = .array(elements)
        default:
            throw .unencodableValue(key: key, type: typeName(of: type(of: value)))
        }
    }

    /// Appends the JSON text of the value.
    ///
    /// - Parameters:
    ///   - output: The text to append to.
    ///   - indent: The current indentation when pretty, `nil` for compact output.
    func write(to output: inout String, indent: String?) {
        switch self {
        case .string(let text): JSONValue.writeString(text, to: &output)
        case .number(let text): output += text
        case .bool(let flag): output += flag ? "true" : "false"
        case .null: output += "null"
        case .object(let members):
            guard !members.isEmpty else {
                output += "{}"
                return
            }
            output += "{"
            let inner = indent.map { $0 + "  " }
            for (position, key) in members.sortedKeys.enumerated() {
                if position > 0 { output += "," }
                if let inner { output += "\n" + inner }
                JSONValue.writeString(key, to: &output)
                output += inner == nil ? ":" : ": "
                members[key]?.write(to: &output, indent: inner)
            }
            if let indent { output += "\n" + indent }
            output += "}"
        case .array(let elements):
            guard !elements.isEmpty else {
                output += "[]"
                return
            }
            output += "["
            let inner = indent.map { $0 + "  " }
            for (position, element) in elements.enumerated() {
                if position > 0 { output += "," }
                if let inner { output += "\n" + inner }
                element.write(to: &output, indent: inner)
            }
            if let indent { output += "\n" + indent }
            output += "]"
        }
    }

    /// Appends `text` as a JSON string literal: quotes, backslashes and control characters escaped.
    ///
    /// Beyond what JSON demands, DEL, the C1 controls, the line and paragraph separators and the
    /// bidirectional formatting characters are escaped too (`\u009b`), so JSON printed to a terminal
    /// cannot act on it.
    static func writeString(_ text: String, to output: inout String) {
        output += "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": output += "\\\""
            case "\\": output += "\\\\"
            case "\n": output += "\\n"
            case "\r": output += "\\r"
            case "\t": output += "\\t"
            case "\u{08}": output += "\\b"
            case "\u{0C}": output += "\\f"
            case let control where isUnsafeForTerminals(control):
                let hex = String(control.value, radix: 16)
                output += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
            default: output.unicodeScalars.append(scalar)
            }
        }
        output += "\""
    }
}
