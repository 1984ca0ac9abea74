extension FormContextObject {
    /// Restores every value to its initial value and clears every field's touched flag and validation issues.
    ///
    /// Each restored key notifies once.
    ///
    /// - Parameter origin: The origin the changes carry.
    /// - Complexity: O(*d* + *t*) for *d* dirty and *t* touched fields, plus the observer calls.
    public func reset(origin: FormChangeOrigin = .reset) {
        update { state, notes in
            for key in state.dirty.sorted() {
                state.write(state.initial.storage[key], for: key, origin: origin, into: &notes)
            }
            for key in state.touched { state.recordStateChange(of: key, into: &notes) }
            state.touched = []
            state.clearAllIssues(into: &notes)
        }
    }

    /// Makes `initial` the new initial values and resets the form to them.
    ///
    /// With `keepingEdits`, fields the user has already edited (dirty fields) keep their current
    /// values and touched flags; every other field takes its new initial value. Without it every field
    /// takes its new initial value, keys absent from `initial` are removed, and every touched flag is cleared.
    ///
    /// - Parameters:
    ///   - initial: The new initial values.
    ///   - keepingEdits: Whether dirty fields keep their values.
    ///   - origin: The origin the changes carry.
    /// - Complexity: O(*n* log *n*) for *n* keys in the form and in `initial`.
    public func reset(to initial: FormContext, keepingEdits: Bool = false, origin: FormChangeOrigin = .reset) {
        update { state, notes in
            let edited = keepingEdits ? state.dirty : []
            let keys = Set(state.values.keys).union(initial.keys).union(state.initial.keys)
            state.initial = initial
            state.initial.secureKeys.formUnion(state.values.secureKeys)
            state.values.secureKeys.formUnion(initial.secureKeys)
            for key in keys.sorted() {
                if !edited.contains(key), state.write(initial.storage[key], for: key, origin: origin, into: &notes) != nil {
                    continue
                }
                state.refreshDirty(key)
                state.recordStateChange(of: key, into: &notes)
            }
            let cleared = keepingEdits ? state.touched.subtracting(edited) : state.touched
            for key in cleared { state.recordStateChange(of: key, into: &notes) }
            state.touched.subtract(cleared)
            state.clearAllIssues(into: &notes)
        }
    }
}
