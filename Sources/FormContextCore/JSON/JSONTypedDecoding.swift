import Foundation

/// Turns JSON values into typed Swift values, choosing the conversion by the type's metadata.
@usableFromInline
enum JSONTypedDecoding {
    /// Reads `json` as a `T`: text, Booleans, every fixed-width integer, `Float`, `Double`, `Decimal`
    /// (only a number it holds exactly), `Date` (ISO 8601 with a zone), `UUID`, `URL` (only text it
    /// keeps as written), enumerations with such a raw value, optionals
    /// (`null` is `nil`), arrays of these, ``RowID`` (`"r3"`), ``RowOrder`` (`["r1", "r3"]`), and
    /// ``JSONValue`` itself.
    ///
    /// - Throws: ``JSONMismatch`` naming `T` and the JSON found.
    @usableFromInline
    static func decode<T>(_ type: T.Type, from json: JSONValue) throws(JSONMismatch) -> T {
        let mismatch = JSONMismatch(expected: typeName(of: T.self), found: json, isUnsupported: false)
        let value: Any?
        if T.self == JSONValue.self {
            value = json
        } else if T.self == RowOrder.self {
            value = try RowOrder(json: json)
        } else if let optional = T.self as? any JSONOptionalDecodable.Type {
            value = try optional.decodeOptional(from: json)
        } else if let array = T.self as? any JSONArrayDecodable.Type {
            value = try array.decodeArray(from: json)
        } else {
            value = try decodeScalar(T.self, from: json)
        }
        guard let typed = value as? T else { throw mismatch }
        return typed
    }

    /// Reads `json` as a single value (not an optional, not an array), or `nil` if it does not fit.
    private static func decodeScalar<T>(_ type: T.Type, from json: JSONValue) throws(JSONMismatch) -> Any? {
        switch json {
        case .string(let text):
            if T.self == String.self { return text }
            if T.self == Date.self { return ISO8601DateText.parse(text) }
            if T.self == UUID.self { return UUID(uuidString: text) }
            if T.self == URL.self { return url(from: text) }
            if T.self == RowID.self { return RowID(text) }
        case .number(let text):
            if let integer = T.self as? any FixedWidthInteger.Type { return integer.init(text, radix: 10) }
            if T.self == Decimal.self { return decimal(from: text) }
            if let floating = T.self as? any (BinaryFloatingPoint & LosslessStringConvertible).Type {
                return finite(floating, from: text)
            }
        case .bool(let flag):
            if T.self == Bool.self { return flag }
        case .array, .object, .null:
            break
        }
        if let enumeration = T.self as? any RawRepresentable.Type {
            return try rawValue(enumeration, from: json)
        }
        guard isSupported(T.self) else {
            throw JSONMismatch(expected: typeName(of: T.self), found: json, isUnsupported: true)
        }
        return nil
    }

    /// Whether JSON can hold values of `type` at all.
    static func isSupported(_ type: Any.Type) -> Bool {
        type == String.self || type == Bool.self || type == Date.self || type == UUID.self || type == URL.self
            || type == Decimal.self || type == JSONValue.self || type == RowID.self || type == RowOrder.self
            || type is any FixedWidthInteger.Type
            || type is any (BinaryFloatingPoint & LosslessStringConvertible).Type || type is any RawRepresentable.Type
            || type is any JSONOptionalDecodable.Type || type is any JSONArrayDecodable.Type
    }

    private static func rawValue<R: RawRepresentable>(_ type: R.Type, from json: JSONValue) throws(JSONMismatch) -> R? {
        do {
            return R(rawValue: try decode(R.RawValue.self, from: json))
        } catch where error.isUnsupported {
            throw JSONMismatch(expected: typeName(of: R.self), found: json, isUnsupported: true)
        } catch {
            return nil
        }
    }

    /// The nearest `F` to the number `text` writes; `nil` when that is not finite, or is zero for a
    /// number that is not (too small for the type).
    private static func finite<F: BinaryFloatingPoint & LosslessStringConvertible>(_ type: F.Type, from text: String) -> F? {
        guard let number = JSONNumber(text), let value = F(text), value.isFinite, value != 0 || number.isZero else { return nil }
        return value
    }

    /// The `Decimal` that holds the number `text` writes exactly; `nil` for a number it would round.
    private static func decimal(from text: String) -> Decimal? {
        JSONNumber(text)?.exactDecimal
    }

    /// The URL `text` is, written the same; `nil` for text a `URL` would change (`a b` would become
    /// `a%20b`) or does not take.
    private static func url(from text: String) -> URL? {
        guard let url = URL(string: text), url.absoluteString.utf8.elementsEqual(text.utf8) else { return nil }
        return url
    }
}
