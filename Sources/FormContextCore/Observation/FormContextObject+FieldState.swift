extension FormContextObject {
    /// Everything the form knows about the field, group or row `key`. Observation tracks this key's
    /// state.
    ///
    /// For a field, its value, its initial value and every flag: hidden by the program
    /// (``setVisible(_:for:)``), by its rules, by a group it is under, or with its repeat group;
    /// read-only by its rule or one around it (ODK's `relevant` and `readonly`, read back). For the
    /// prefix of a ``FieldGroup`` of the definition (`household`), the group's own state: shown,
    /// enabled and read-only as its rules and those of every group around it say, and never
    /// required. A row's key (`members.r1`) and a group of a row's fields (`members.r1.vitals`) are
    /// hidden, disabled and read-only with their repeat group and row too.
    ///
    /// ```swift
    /// if form.fieldState(for: "household").isVisible { showHouseholdPage() }
    /// ```
    ///
    /// - Parameter key: A field's key, a group's prefix or a row's key.
    /// - Returns: The state, as of now.
    /// - Complexity: O(*d*) for *d* dots in the key, plus the size of the field's issues.
    public func fieldState(for key: String) -> FieldState {
        self[fieldStateOf: key]
    }

    /// The key path the registrar uses for the state of one field.
    subscript(fieldStateOf key: String) -> FieldState {
        let (fieldState, paths) = bookkeep { state -> (FieldState, FieldKeyPaths?) in
            if state.isRulesGroup(key) {
                // A group has no state of its own: whoever reads it hears when a group it is under
                // decides otherwise.
                state.tracking.await(key)
                return (state.groupState(of: key), nil)
            }
            guard let slot = state.fields.slot(of: key) else {
                // A key with no slot gets none: whoever reads it hears when its slot is made, or
                // when a rules' group it is under decides otherwise.
                state.tracking.await(key)
                return (state.unslottedState(of: key), nil)
            }
            return (state.fieldState(at: slot), state.trackPaths(of: slot))
        }
        registrar.access(self, keyPath: (paths ?? FieldKeyPaths(key)).fieldState)
        return fieldState
    }

    /// Whether any field's value differs from its initial value. Observable.
    ///
    /// - Complexity: O(1): the form keeps the set of dirty keys as values change.
    public var isDirty: Bool { observed(\.isDirty) { $0.isDirty } }

    /// Whether any field has been touched. Observable.
    ///
    /// - Complexity: O(1): the form keeps the set of touched keys as fields are visited.
    public var isTouched: Bool { observed(\.isTouched) { !$0.fields.touched.isEmpty } }

    /// The keys whose values differ from their initial values.
    ///
    /// - Complexity: O(*d*) for *d* dirty keys.
    public var dirtyKeys: Set<String> {
        read { $0.fields.keys(of: $0.fields.dirty) }
    }

    /// The keys that have been touched.
    ///
    /// - Complexity: O(*t*) for *t* touched keys.
    public var touchedKeys: Set<String> {
        read { $0.fields.keys(of: $0.fields.touched) }
    }

    /// Whether the value under `key` differs from its initial value.
    func isDirty(_ key: String) -> Bool {
        fieldState(for: key).isDirty
    }

    /// Whether `key` has been touched (its control lost focus, or a submit was attempted).
    func isTouched(_ key: String) -> Bool {
        fieldState(for: key).isTouched
    }

    /// The initial value of `key`: the value the form started from or was last reset to.
    func initialValue(for key: String) -> AnyHashable? {
        read { state in state.fields.slot(of: key).flatMap { state.fields[$0].initial } }
    }

    /// Every initial value.
    ///
    /// - Complexity: O(*n*) for *n* fields.
    public var initialValues: FormContext {
        read { $0.fields.initialContext }
    }

    /// Shows or hides `key`. A hidden field keeps its value but is left out of validation and submission.
    public func setVisible(_ isVisible: Bool, for key: String) {
        mutate { state, changes in
            _ = state.setHidden(!isVisible, at: state.fields.slot(creating: key), into: &changes)
        }
    }

    /// Enables or disables `key`. A disabled field keeps its value but is left out of validation and submission.
    public func setEnabled(_ isEnabled: Bool, for key: String) {
        mutate { state, changes in
            state.setDisabled(!isEnabled, at: state.fields.slot(creating: key), into: &changes)
        }
    }

    /// Whether `key` is shown, read without observation: for the form's own code (a live screen's
    /// first layout), which must not make the key announce its every change to the registrar.
    func isShown(_ key: String) -> Bool {
        // A key with no slot gets none: the rules' groups it is under decide.
        read { state in
            // A group's prefix answers for the group, as `fieldState(for:)` does.
            if state.isRulesGroup(key) { return state.groupState(of: key).isVisible }
            guard let slot = state.fields.slot(of: key) else { return state.unslottedState(of: key).isVisible }
            return state.fields.flags(at: slot).isDisjoint(with: .concealed)
        }
    }


    /// Marks `key` as secret or not: secret values are masked in every description.
    public func setSecure(_ isSecure: Bool = true, for key: String) {
        mutate { state, changes in
            state.setSecret(isSecure, at: state.fields.slot(creating: key), into: &changes)
        }
    }

    /// Whether the value under `key` is secret, without observation: the one answer every output
    /// that might show the value asks.
    func isSecret(_ key: String) -> Bool {
        read { $0.fields.isSecret(key) }
    }

    /// The keys that take part in validation and submission: those with a value that are visible and enabled.
    ///
    /// - Complexity: O(*n*) for *n* fields.
    public var activeValues: FormContext {
        read { $0.activeContext }
    }
}
