extension FormContextObject {
    /// Restores every value to its initial value and clears every field's touched flag and validation issues.
    ///
    /// Each restored key notifies once. Connected controls show the reset value even where it did not
    /// change, so text a control could not parse is replaced and its parse error cleared.
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
            state.refreshControls(origin: origin, into: &notes)
        }
    }

    /// Makes `initial` the new initial values and resets the form to them.
    ///
    /// With `keepingEdits`, fields the user has already edited (dirty fields) keep their current
    /// values and touched flags; every other field takes its new initial value. Without it every field
    /// takes its new initial value, keys absent from `initial` are removed, and every touched flag is cleared.
    /// Connected controls then show their field's value, as after ``reset(origin:)`` (with `keepingEdits`,
    /// text that did not parse is replaced too: it never reached the form, so it is not an edit).
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
            let oldInitial = state.initial
            let oldSecureKeys = state.values.secureKeys
            state.initial = initial
            state.initial.secureKeys.formUnion(state.values.secureKeys)
            state.values.secureKeys.formUnion(initial.secureKeys)
            let wasDirty = state.dirty
            for key in keys { state.refreshDirty(key) }
            for key in keys.sorted() {
                if !edited.contains(key), state.write(initial.storage[key], for: key, origin: origin, into: &notes) != nil {
                    continue
                }
                // The value stayed: announce the field's state only if its initial value, dirtiness or secrecy changed.
                if wasDirty.contains(key) != state.dirty.contains(key) || !isSameValue(oldInitial.storage[key], initial.storage[key])
                    || oldSecureKeys.contains(key) != state.values.secureKeys.contains(key)
                {
                    state.recordStateChange(of: key, into: &notes)
                }
            }
            let cleared = keepingEdits ? state.touched.subtracting(edited) : state.touched
            for key in cleared { state.recordStateChange(of: key, into: &notes) }
            state.touched.subtract(cleared)
            state.clearAllIssues(into: &notes)
            state.refreshControls(origin: origin, into: &notes)
        }
    }
}
