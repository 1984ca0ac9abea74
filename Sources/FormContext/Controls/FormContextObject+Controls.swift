extension FormContextObject {
    /// Connects a control storing `Value` to `key` in one step, so no other write can come in between.
    ///
    /// Checks that the control's value type agrees with the other controls of the key and with the
    /// form's value, marks the key secret if asked, and subscribes `handler`. If the form knows the key
    /// (it has a value or an initial value for it), `handler` is then called once with the form's value,
    /// in order with every later change. Otherwise `value`, the control's own, becomes the key's value
    /// and initial value, so the field starts clean and ``reset(origin:)`` returns to it.
    ///
    /// - Throws: ``FormControlError/conflictingValueType(key:existing:new:)`` or
    ///   ``FormControlError/typeMismatch(key:expected:found:)``; the form is then unchanged.
    /// - Returns: The subscription that delivers the key's changes to `handler`.
    func attachControl<Value: Hashable & Sendable>(
        key: String, value: Value?, isSecure: Bool, handler: @escaping @Sendable (FormChange) -> Void
    ) throws(FormControlError) -> FormSubscription {
        let id = try update { state, notes throws(FormControlError) in
            let valueType = ObjectIdentifier(Value.self)
            if let slot = state.controls[key], slot.valueType != valueType {
                throw .conflictingValueType(key: key, existing: slot.valueTypeName, new: typeName(of: Value.self))
            }
            let existing = state.values.storage[key]
            if let existing, !(existing.base is Value) {
                throw .typeMismatch(key: key, expected: typeName(of: Value.self), found: typeName(of: type(of: existing.base)))
            }
            state.controls[key, default: .init(valueType: valueType, valueTypeName: typeName(of: Value.self), count: 0)].count += 1
            if isSecure && !state.values.secureKeys.contains(key) {
                state.values.setSecure(for: key)
                state.initial.setSecure(for: key)
                state.recordStateChange(of: key, into: &notes)
            }
            let id = state.makeID()
            state.keyObservers[key, default: []].append(.init(id: id, handler: handler, isControl: true))
            if existing != nil || state.initial.storage[key] != nil {
                let current = FormChange(
                    key: key, oldValue: existing, newValue: existing, origin: .program, isSecure: state.values.secureKeys.contains(key))
                notes.calls.append((handler, current))
            } else if let value = boxed(value) {
                state.initial.storage[key] = value
                state.refreshDirty(key)
                state.write(value, for: key, origin: .program, into: &notes)
            }
            return id
        }
        return keySubscription(key: key, id: id)
    }

    /// Records that one control connected to `key` went away.
    func unregisterControl(key: String) {
        state.withAnnotatedLock { state in
            guard let slot = state.controls[key] else { return }
            state.controls[key] = slot.count > 1 ? .init(valueType: slot.valueType, valueTypeName: slot.valueTypeName, count: slot.count - 1) : nil
        }
    }

    /// The number of controls connected to `key`.
    public func controlCount(for key: String) -> Int {
        state.withAnnotatedLock { $0.controls[key]?.count ?? 0 }
    }
}
