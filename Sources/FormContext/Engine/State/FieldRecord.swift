/// Everything a live form keeps for one key, in one record, so that a write finds it with one
/// hash of the key.
///
/// The hash of each stored value is kept beside it: a write hashes its new value once and compares
/// hashes before it ever compares (or copies) a stored value.
struct FieldRecord: @unchecked Sendable {
    // `@unchecked Sendable` is sound: both values come from the store's door (`boxed(_:)`), which
    // admits only `Hashable & Sendable` values.

    /// The field key.
    let key: String
    /// The current value, `nil` for none.
    var value: AnyHashable?
    /// The value the field started from or was last reset to.
    var initial: AnyHashable?
    /// `value`'s hash (0 when `nil`).
    var valueHash = 0
    /// `initial`'s hash (0 when `nil`).
    var initialHash = 0
    /// Visibility, enabled-ness, secrecy and who is interested.
    var flags: FieldFlags = []
    /// The index of the field's registrar key paths, or -1 while nobody has read it through Observation.
    var trackIndex: Int32 = -1

    init(key: String) {
        self.key = key
    }

    /// Whether the field takes part in validation and submission: neither hidden nor disabled.
    var isActive: Bool { flags.isDisjoint(with: .inactive) }

    /// Whether the value differs from the initial value (in value or in type).
    var isDirty: Bool { !isSameValue(value, valueHash, initial, initialHash) }

    /// Whether the record holds nothing worth keeping a slot for.
    var isVacant: Bool { value == nil && initial == nil && flags.isEmpty && trackIndex < 0 }
}

/// Whether two stored values, whose hashes are known, are the same value of the same type.
///
/// Different hashes settle most comparisons without touching either value; equal hashes are
/// confirmed with `isEqualValue(_:_:)`.
@inline(__always)
func isSameValue(_ lhs: AnyHashable?, _ lhsHash: Int, _ rhs: AnyHashable?, _ rhsHash: Int) -> Bool {
    guard let lhs, let rhs else { return lhs == nil && rhs == nil }
    return lhsHash == rhsHash && isEqualValue(lhs, rhs)
}

/// The hash a record keeps for `value`: its hash value, or 0 for `nil`.
@inline(__always)
func storedHash(of value: AnyHashable?) -> Int {
    value?.hashValue ?? 0
}
