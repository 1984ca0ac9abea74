extension FormContextObject {
    /// Connects a control storing `Value` to `key` in one step, so no other write can come in between.
    ///
    /// Checks that the control's value type agrees with the other controls of the key and with the
    /// form's value, marks the key secret if asked, and subscribes `handler`. If the form knows the key
    /// (it has a value or an initial value for it), `handler` is then called once with the form's value,
    /// in order with every later change. Otherwise `value`, the control's own, becomes the key's value
    /// and initial value, so the field starts clean and ``reset(keeping:origin:)`` returns to it.
    ///
    /// - Throws: ``FormControlError/conflictingValueType(key:existing:new:)`` or
    ///   ``FormControlError/typeMismatch(key:expected:found:)``; the form is then unchanged.
    /// - Returns: The subscription that delivers the key's changes to `handler`.
    func attachControl<Value: Hashable & Sendable>(
        key: String, value: Value?, isSecure: Bool, handler: @escaping @Sendable (FormChange) -> Void
    ) throws(FormControlError) -> FormSubscription {
        let handle = try mutate { state, changes throws(FormControlError) in
            let valueType = ObjectIdentifier(Value.self)
            if let slot = state.observers.controls[key], slot.valueType != valueType {
                throw .conflictingValueType(key: key, existing: slot.valueTypeName, new: typeName(of: Value.self))
            }
            let existing = state.fields.value(of: key)
            if let existing, !(existing.base is Value) {
                throw .typeMismatch(key: key, expected: typeName(of: Value.self), found: typeName(of: type(of: existing.base)))
            }
            state.observers.controls[key, default: ControlSlot(valueType: valueType, valueTypeName: typeName(of: Value.self), count: 0)]
                .count += 1
            let slot = state.fields.slot(creating: key)
            if isSecure { state.setSecret(true, at: slot, into: &changes) }
            let (handle, flags) = state.observers.add(Observer(handler: .change(handler), aspects: .value, isControl: true), of: slot)
            state.setObserverFlags(flags, at: slot)
            let record = state.fields[slot]
            if record.value != nil || record.initial != nil {
                let current = FormChange(
                    key: key, boxedOld: record.value, boxedNew: record.value, origin: .program,
                    isSecure: record.flags.contains(.secret))
                state.outgoing.call(handler, with: current, of: slot, write: state.outgoing.nextWrite())
            } else if let value {
                let stored = StoredValue(value)
                state.setInitial(stored, at: slot, into: &changes)
                _ = state.write(stored, at: slot, origin: .program, into: &changes)
            }
            return handle
        }
        return keySubscription(key: key, handle: handle)
    }

    /// Writes `value` under `key` as an edit by the person filling in the form (origin
    /// ``FormChangeOrigin/user``): the one door every control and cell edits through. A read-only
    /// field (``FieldState/isReadOnly``) refuses it, and nothing changes; the check and the write are
    /// one step, so no rule can make the field read-only in between.
    ///
    /// - Returns: `nil` when the value was written (or was the same already); otherwise the
    ///   refusal, with the value the field keeps.
    @discardableResult
    func userEdit(_ value: (any Hashable & Sendable)?, for key: String) -> (error: FormControlError, kept: AnyHashable?)? {
        let newValue = StoredValue(value)
        let refused = mutate { state, changes -> (error: FormControlError, kept: StoredValue)? in
            if state.isReadOnly(key) {
                return (.readOnly(key: key), state.fields.slot(of: key).map { state.fields.stored(at: $0) } ?? .absent)
            }
            _ = state.write(newValue, for: key, origin: .user, into: &changes)
            return nil
        }
        return refused.map { ($0.error, $0.kept.value) }
    }

    /// Whether the field `key` is read-only, read without observation: what a navigator asks before
    /// it starts editing a text entry.
    func isReadOnlyForEditing(_ key: String) -> Bool {
        read { $0.isReadOnly(key) }
    }

    /// Whether each field of `keys` is read-only (`false` for `nil`), read without observation under
    /// one lock: what a live screen asks of the cells of a row it shows for the first time.
    ///
    /// - Complexity: O(*k*) lookups for *k* keys; nothing when the form has no rules.
    func isReadOnlyForEditing(_ keys: [String?]) -> [Bool] {
        read { state in keys.map { key in key.map { state.isReadOnly($0) } ?? false } }
    }

    /// Whether the row of key `row` (`members.r1`) is read-only, by its own condition or one of a
    /// group around it, read without observation: what a navigator asks before it removes the row.
    func isReadOnlyForEditing(row: String) -> Bool {
        read { $0.isReadOnly(under: row) }
    }

    /// Records that one control connected to `key` went away.
    func unregisterControl(key: String) {
        bookkeep { state in
            guard let slot = state.observers.controls[key] else { return }
            state.observers.controls[key] =
                slot.count > 1 ? ControlSlot(valueType: slot.valueType, valueTypeName: slot.valueTypeName, count: slot.count - 1) : nil
        }
    }

    /// Records whether a control of `key` holds text it could not parse, so that a reset brings it
    /// back in line with the form.
    func controlText(of key: String, isPending: Bool) {
        bookkeep { state in
            guard let slot = state.fields.slot(of: key) else { return }
            state.fields.setFlag(.pendingControlText, isPending, at: slot)
        }
    }

    /// The number of controls connected to `key`.
    func controlCount(for key: String) -> Int {
        read { $0.observers.controls[key]?.count ?? 0 }
    }
}
