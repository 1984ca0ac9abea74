import Foundation

/// A value as a live form keeps it: boxed once at the store's door, with a digest of it and its type
/// noted once, so that comparing two stored values rarely touches either box, and an `Int` is read
/// back without opening its box.
///
/// Absence is a stored value too (``absent``), so records never hold an optional box: unwrapping
/// one copies it through the value witnesses, which costs more than a whole dictionary insert.
struct StoredValue: @unchecked Sendable {
    // `@unchecked Sendable` is sound: every box comes through the store's door (`boxed(_:)`), which
    // admits only `Hashable & Sendable` values, or is the private absent marker.

    /// The value, or the absent marker.
    let box: AnyHashable
    /// A digest of the value itself: an `Int`'s own value, any other value's hash (not its box's,
    /// which hashes some numbers differently); 0 for the absent marker. Two values of one type with
    /// different digests differ.
    let digest: Int
    /// The value's dynamic type.
    let type: ObjectIdentifier

    /// No value.
    static let absent = StoredValue(box: AnyHashable(Absent()), digest: 0, type: ObjectIdentifier(Absent.self))

    private struct Absent: Hashable {}

    private init(box: AnyHashable, digest: Int, type: ObjectIdentifier) {
        self.box = box
        self.digest = digest
        self.type = type
    }

    /// Boxes `value` through the store's door: `nil`, and an optional holding `nil`, are absent.
    @inline(__always)
    init(_ value: (any Hashable & Sendable)?) {
        self = value.map { StoredValue.boxing($0) } ?? .absent
    }

    /// Boxes a value of a known type (the existential opened, so nothing is copied but into the box).
    @inline(__always)
    static func boxing<Value: Hashable & Sendable>(_ value: Value) -> StoredValue {
        // The commonest types go straight in. Boxing unwraps an optional and flattens an
        // `AnyHashable`, and the door converts an `NSNumber` and canonicalises a NaN: those values
        // take the door's way in. Every other value's type is its box's.
        if !(Value.self == String.self || Value.self == Int.self || Value.self == Bool.self) {
            if _isOptional(Value.self) || Value.self == AnyHashable.self || Value.self is NSNumber.Type {
                return StoredValue(stored: boxedValue(value))
            }
            if let canonical = canonicalNaN(value) { return StoredValue(stored: canonical) }
        }
        if Value.self == Int.self, let int = value as? Int {
            // `AnyHashable(value)` looks up at run time whether the type has a custom representation;
            // an `Int` has, and asking the `Int` for it gives the very same box without the lookup.
            let box = int._toCustomAnyHashable() ?? AnyHashable(int)
            return StoredValue(box: box, digest: int, type: ObjectIdentifier(Int.self))
        }
        return StoredValue(box: AnyHashable(value), digest: value.hashValue, type: ObjectIdentifier(Value.self))
    }

    /// A value already boxed (from a ``FormContext``); `nil` is absent.
    init(stored value: AnyHashable?) {
        guard let value, let base = value.base as? any Hashable else {
            self = .absent
            return
        }
        let type = ObjectIdentifier(Swift.type(of: base))
        let digest = type == ObjectIdentifier(Int.self) ? (base as? Int ?? base.hashValue) : base.hashValue
        self.init(box: value, digest: digest, type: type)
    }

    /// Whether there is a value.
    @inline(__always)
    var isPresent: Bool { type != StoredValue.absent.type }

    /// The value, or `nil` when absent.
    var value: AnyHashable? { isPresent ? box : nil }

    /// The value if it is an `Int`, read without opening its box.
    @inline(__always)
    var int: Int? { type == ObjectIdentifier(Int.self) ? digest : nil }

    /// The value, or `nil` when absent, moved out of this stored value.
    consuming func take() -> AnyHashable? {
        isPresent ? box : nil
    }

    /// Whether `other` is the same value of the same type. Different digests or types settle most
    /// comparisons without touching either box.
    @inline(__always)
    func isSame(as other: StoredValue) -> Bool {
        guard type == other.type && digest == other.digest && isPresent else { return type == other.type && digest == other.digest }
        // Text, the commonest value, is compared as itself: two `AnyHashable`s compare through a
        // generic unboxing that looks up type metadata on every call and costs ten times more.
        if type == ObjectIdentifier(String.self), let text = box.base as? String, let otherText = other.box.base as? String {
            return text == otherText
        }
        return box == other.box || areBothNaN(box.base, other.box.base)
    }
}
