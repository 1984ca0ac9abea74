extension FormContextObject {
    /// Everything the form knows about `key`. Observation tracks this key's state.
    public func fieldState(for key: String) -> FieldState {
        self[fieldStateOf: key]
    }

    /// The key path the registrar uses for the state of one field.
    subscript(fieldStateOf key: String) -> FieldState {
        let (fieldState, paths) = state.withAnnotatedLock { state in
            (state.fieldState(for: key), state.track(key))
        }
        registrar.access(self, keyPath: paths.fieldState)
        return fieldState
    }

    /// Whether any field's value differs from its initial value.
    ///
    /// - Complexity: O(1): the form keeps the set of dirty keys as values change.
    public var isDirty: Bool {
        registrar.access(self, keyPath: \.isDirty)
        return state.withAnnotatedLock { !$0.dirty.isEmpty }
    }

    /// The keys whose values differ from their initial values.
    public var dirtyKeys: Set<String> {
        state.withAnnotatedLock { $0.dirty }
    }

    /// The keys that have been touched.
    public var touchedKeys: Set<String> {
        state.withAnnotatedLock { $0.touched }
    }

    /// Whether the value under `key` differs from its initial value.
    public func isDirty(_ key: String) -> Bool {
        fieldState(for: key).isDirty
    }

    /// Whether `key` has been touched (its control lost focus, or a submit was attempted).
    public func isTouched(_ key: String) -> Bool {
        fieldState(for: key).isTouched
    }

    /// The initial value of `key`: the value the form started from or was last reset to.
    public func initialValue(for key: String) -> AnyHashable? {
        state.withAnnotatedLock { $0.initial.storage[key] }
    }

    /// Every initial value.
    public var initialValues: FormContext {
        state.withAnnotatedLock { $0.initial }
    }

    /// Shows or hides `key`. A hidden field keeps its value but is left out of validation and submission.
    public func setVisible(_ isVisible: Bool, for key: String) {
        setMembership(!isVisible, of: key, in: \.hidden, changesActivity: true)
    }

    /// Enables or disables `key`. A disabled field keeps its value but is left out of validation and submission.
    public func setEnabled(_ isEnabled: Bool, for key: String) {
        setMembership(!isEnabled, of: key, in: \.disabled, changesActivity: true)
    }

    /// Puts `key` in or out of one of the state's key sets, announcing the field's state if that changed it.
    ///
    /// - Parameters:
    ///   - isMember: Whether `key` belongs in the set.
    ///   - set: The set: touched, hidden or disabled keys.
    ///   - changesActivity: Whether membership decides if the field is validated and submitted.
    private func setMembership(
        _ isMember: Bool, of key: String, in set: WritableKeyPath<FormState, Set<String>>, changesActivity: Bool
    ) {
        update { state, notes in
            let changed = isMember ? state[keyPath: set].insert(key).inserted : state[keyPath: set].remove(key) != nil
            guard changed else { return }
            state.recordStateChange(of: key, into: &notes)
            if changesActivity { state.activityDidChange(key, into: &notes) }
        }
    }

    /// Whether `key` is shown.
    public func isVisible(_ key: String) -> Bool {
        fieldState(for: key).isVisible
    }

    /// Whether `key` can be edited.
    public func isEnabled(_ key: String) -> Bool {
        fieldState(for: key).isEnabled
    }

    /// Marks `key` as secret or not: secret values are masked in every description.
    public func setSecure(_ isSecure: Bool = true, for key: String) {
        update { state, notes in
            let wasSecure = state.values.secureKeys.contains(key)
            state.values.setSecure(isSecure, for: key)
            state.initial.setSecure(isSecure, for: key)
            if wasSecure != isSecure { state.recordStateChange(of: key, into: &notes) }
        }
    }

    /// The keys that take part in validation and submission: those with a value that are visible and enabled.
    ///
    /// - Complexity: O(*n*) for *n* values.
    public var activeValues: FormContext {
        state.withAnnotatedLock { state in
            var active = state.values
            for key in state.hidden.union(state.disabled) { active.removeValue(for: key) }
            return active
        }
    }
}
