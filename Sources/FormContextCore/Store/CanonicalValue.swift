import Foundation

// The store's door: every value is boxed in the one form the store compares, hashes and prints.
//
// - A NaN of a floating-point type (`Double`, `Float`, `Float16`, `CGFloat`), a `Decimal` NaN and a
//   date whose time interval is NaN are stored as that type's one canonical NaN, so that equal values
//   hash alike (`Double`'s hash depends on a NaN's sign and payload); ``isSameValue(_:_:)`` then
//   treats two NaNs of one type as the same value.
// - An `NSNumber` is stored as the Swift value it holds: `Bool` only for a real Boolean, `Int` for an
//   integer (`UInt64` beyond `Int.max`), `Double` for a floating-point number, `Decimal` for an
//   `NSDecimalNumber`.
//
// The checks compare type metadata first, so a `String`, `Int` or `Bool` pays three pointer
// comparisons; any other value a few more and one metatype check, and only a value of one of the
// types named here is looked at.

/// `value` boxed in its canonical form; `nil` for an optional that holds `nil`.
///
/// `AnyHashable` unwraps an optional that holds a value, but keeps `Optional.none` as a present value
/// of type `Optional<Wrapped>`; here that is `nil`, so an optional `nil` removes a key like any `nil`.
func boxedValue<T: Hashable & Sendable>(_ value: T) -> AnyHashable? {
    if T.self == String.self || T.self == Int.self || T.self == Bool.self { return AnyHashable(value) }
    // Asking whether the type is an optional reads its metadata, with no protocol lookup.
    if _isOptional(T.self) {
        let box = AnyHashable(value)
        if let optional = box.base as? any OptionalValue, optional.holdsNil { return nil }
        return canonicalBox(box)
    }
    if let canonical = canonicalNaN(value) { return canonical }
    if T.self is NSNumber.Type, let number = value as? NSNumber { return swiftValue(of: number) }
    return AnyHashable(value)
}

/// The canonical NaN of `T` if `value` is a NaN of one of the types that have several; otherwise `nil`.
func canonicalNaN<T>(_ value: T) -> AnyHashable? {
    if T.self == Double.self { return (value as? Double)?.isNaN == true ? AnyHashable(Double.nan) : nil }
    if T.self == Float.self { return (value as? Float)?.isNaN == true ? AnyHashable(Float.nan) : nil }
    if T.self == CGFloat.self { return (value as? CGFloat)?.isNaN == true ? AnyHashable(CGFloat.nan) : nil }
    if T.self == Decimal.self { return (value as? Decimal)?.isNaN == true ? AnyHashable(Decimal.nan) : nil }
    if T.self == Date.self {
        return (value as? Date)?.timeIntervalSinceReferenceDate.isNaN == true ? AnyHashable(canonicalNaNDate) : nil
    }
    #if !((os(macOS) || targetEnvironment(macCatalyst)) && arch(x86_64))
    if #available(macOS 11.0, iOS 14.0, tvOS 14.0, watchOS 7.0, *), T.self == Float16.self {
        return (value as? Float16)?.isNaN == true ? AnyHashable(Float16.nan) : nil
    }
    #endif
    return nil
}

/// The date that stands for every date whose time interval is NaN.
let canonicalNaNDate = Date(timeIntervalSinceReferenceDate: .nan)

/// A value already in a box (an optional's, unwrapped by `AnyHashable`) in its canonical form.
func canonicalBox(_ box: AnyHashable) -> AnyHashable {
    switch box.base {
    case let value as any (Hashable & Sendable) where !(value is AnyHashable): boxedValue(value) ?? box
    default: box
    }
}

/// Whether two values of one type are both NaN: the one case where equal values are not `==`.
@usableFromInline
func areBothNaN(_ lhs: Any, _ rhs: Any) -> Bool {
    isNaN(lhs) && isNaN(rhs)
}

/// Whether `value` is a NaN of a floating-point type, a `Decimal` NaN, or a date whose interval is NaN.
private func isNaN(_ value: Any) -> Bool {
    switch value {
    case let number as Double: return number.isNaN
    case let number as Float: return number.isNaN
    case let number as CGFloat: return number.isNaN
    case let number as Decimal: return number.isNaN
    case let date as Date: return date.timeIntervalSinceReferenceDate.isNaN
    default:
        #if !((os(macOS) || targetEnvironment(macCatalyst)) && arch(x86_64))
        if #available(macOS 11.0, iOS 14.0, tvOS 14.0, watchOS 7.0, *), let number = value as? Float16 { return number.isNaN }
        #endif
        return false
    }
}

/// The Swift value an `NSNumber` holds, boxed.
func swiftValue(of number: NSNumber) -> AnyHashable {
    if number === NSNumber(value: true) { return AnyHashable(true) }
    if number === NSNumber(value: false) { return AnyHashable(false) }
    if let decimal = number as? NSDecimalNumber { return boxedValue(decimal.decimalValue) ?? AnyHashable(decimal.decimalValue) }
    switch String(cString: number.objCType) {
    case "f", "d":
        return boxedValue(number.doubleValue) ?? AnyHashable(number.doubleValue)
    case "C", "S", "I", "L", "Q":
        let value = number.uint64Value
        return value <= UInt64(Int.max) ? AnyHashable(Int(value)) : AnyHashable(value)
    default:
        return AnyHashable(Int(truncatingIfNeeded: number.int64Value))
    }
}
