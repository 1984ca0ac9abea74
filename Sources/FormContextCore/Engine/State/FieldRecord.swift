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
    /// The current value.
    var stored = StoredValue.absent
    /// The value the field started from or was last reset to.
    var storedInitial = StoredValue.absent
    /// Visibility, enabled-ness, secrecy and who is interested.
    var flags: FieldFlags = []
    /// The index of the field's registrar key paths, or -1 while nobody has read it through Observation.
    var trackIndex: Int32 = -1

    init(key: String) {
        self.key = key
    }

    /// Whether the field takes part in validation and submission: neither hidden nor disabled.
    var isActive: Bool { flags.isDisjoint(with: .inactive) }

    /// The current value, `nil` for none.
    var value: AnyHashable? { stored.value }

    /// The initial value, `nil` for none.
    var initial: AnyHashable? { storedInitial.value }

    /// Whether the value differs from the initial value (in value or in type).
    var isDirty: Bool { !stored.isSame(as: storedInitial) }

    /// Replaces the value with `newValue`, in place, unless it is the same.
    ///
    /// - Parameters:
    ///   - newValue: The new value.
    ///   - wasDirty: Whether the value differed from the initial value before.
    /// - Returns: The old value and whether the new one differs from the initial value; `nil` if the
    ///   value was already the same (in value and type).
    @inline(__always)
    mutating func replaceValue(with newValue: consuming StoredValue, wasDirty: Bool) -> (old: StoredValue, isDirty: Bool)? {
        guard !stored.isSame(as: newValue) else { return nil }
        // A clean field held its initial value, so a different value is certainly dirty: only a
        // dirty field needs comparing with its initial value.
        let isDirty = !wasDirty || !newValue.isSame(as: storedInitial)
        var old = consume newValue
        swap(&old, &stored)
        return (consume old, isDirty)
    }

    /// Makes the initial value the value again, in place, unless the field already holds it.
    ///
    /// - Returns: The old value and whether the initial value is a value (not absent); `nil` if the
    ///   field already held its initial value (in value and type).
    @inline(__always)
    mutating func restoreInitial() -> (old: StoredValue, isPresent: Bool)? {
        // A clean field holds its initial value; a dirty one differs from it, which its digest or
        // type usually shows at once. The new value is the initial one, so it is clean without a
        // second comparison.
        guard !stored.isSame(as: storedInitial) else { return nil }
        var old = storedInitial
        swap(&old, &stored)
        return (consume old, stored.isPresent)
    }

    /// Whether the record holds nothing worth keeping a slot for.
    var isVacant: Bool { value == nil && initial == nil && flags.isEmpty && trackIndex < 0 }
}
