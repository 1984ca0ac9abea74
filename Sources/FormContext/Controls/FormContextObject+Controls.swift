extension FormContextObject {
    /// Records that a control storing `valueType` is connected to `key`.
    ///
    /// - Throws: ``FormControlError/conflictingValueType(key:existing:new:)`` if a control of another
    ///   value type is connected to the key.
    func registerControl(key: String, valueType: Any.Type) throws(FormControlError) {
        try state.withLock { state throws(FormControlError) in
            let id = ObjectIdentifier(valueType)
            if let slot = state.controls[key] {
                guard slot.valueType == id else {
                    throw .conflictingValueType(key: key, existing: slot.valueTypeName, new: typeName(of: valueType))
                }
                state.controls[key]?.count += 1
            } else {
                state.controls[key] = .init(valueType: id, valueTypeName: typeName(of: valueType), count: 1)
            }
        }
    }

    /// Records that one control connected to `key` went away.
    func unregisterControl(key: String) {
        state.withLock { state in
            guard let slot = state.controls[key] else { return }
            state.controls[key] = slot.count > 1 ? .init(valueType: slot.valueType, valueTypeName: slot.valueTypeName, count: slot.count - 1) : nil
        }
    }

    /// The number of controls connected to `key`.
    public func controlCount(for key: String) -> Int {
        state.withLock { $0.controls[key]?.count ?? 0 }
    }
}
