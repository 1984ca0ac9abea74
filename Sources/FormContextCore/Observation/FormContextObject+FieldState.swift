extension FormContextObject {
    /// Everything the form knows about `key`. Observation tracks this key's state.
    public func fieldState(for key: String) -> FieldState {
        self[fieldStateOf: key]
    }

    /// The key path the registrar uses for the state of one field.
    subscript(fieldStateOf key: String) -> FieldState {
        let (fieldState, paths) = bookkeep { state -> (FieldState, FieldKeyPaths?) in
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

    /// Whether the field or group `key` is shown. Observable per key, as ``fieldState(for:)`` is.
    ///
    /// For a field, its ``FieldState/isVisible``: hidden by the program (``setVisible(_:for:)``), by
    /// its visibility rule, by a group it is under, or with its repeat group. For the prefix of a
    /// ``FieldGroup`` of the definition (`household`), whether the group is shown: its own rule
    /// holds and so does every group around it. A row's key (`members.r1`) and a group of a row's
    /// fields (`members.r1.vitals`) are hidden with their repeat group too. ODK's `relevant`, read back.
    ///
    /// ```swift
    /// if form.isVisible("household") { showHouseholdPage() }
    /// ```
    ///
    /// - Parameter key: A field's key, or a group's prefix.
    /// - Returns: Whether it is shown.
    /// - Complexity: O(*d*) for *d* dots in the key.
    public func isVisible(_ key: String) -> Bool {
        if let flags = groupFlags(ofGroup: key) { return flags.isDisjoint(with: .concealed) }
        return fieldState(for: key).isVisible
    }

    /// Whether the field or group `key` can be edited. Observable per key, as ``fieldState(for:)`` is.
    ///
    /// For a field, its ``FieldState/isEnabled``; for the prefix of a ``FieldGroup``, whether the
    /// group's enabled rule holds and so does every group around it (for ODK's `readonly`, see
    /// ``isReadOnly(_:)``).
    /// A row's key and a group of a row's fields are disabled with their repeat group too.
    ///
    /// - Parameter key: A field's key, or a group's prefix.
    /// - Returns: Whether it can be edited.
    /// - Complexity: O(*d*) for *d* dots in the key.
    public func isEnabled(_ key: String) -> Bool {
        if let flags = groupFlags(ofGroup: key) { return flags.isDisjoint(with: .locked) }
        return fieldState(for: key).isEnabled
    }

    /// Whether the field, group or row `key` is read-only (ODK's `readonly`, read back). Observable
    /// per key, as ``fieldState(for:)`` is.
    ///
    /// For a field, its ``FieldState/isReadOnly``: its read-only rule holds, or that of a
    /// ``FieldGroup``, a row (``RepeatGroup/rowReadOnly(when:)``) or a repeat group it lies in. For
    /// the prefix of a group, or a row's key (`members.r1`), whether its own rule or one around it
    /// holds. A read-only field stays in validation and submission; only the person filling in the
    /// form cannot edit it.
    ///
    /// - Parameter key: A field's key, a group's prefix or a row's key.
    /// - Returns: Whether it is read-only.
    /// - Complexity: O(*d*) for *d* dots in the key.
    public func isReadOnly(_ key: String) -> Bool {
        if let flags = groupFlags(ofGroup: key) { return flags.contains(.ruleReadOnly) }
        return fieldState(for: key).isReadOnly
    }

    /// Whether the field `key` requires a value: its ``FieldState/isRequired`` (its required-when
    /// rule holds, or its definition lists `.required()` as an error; for a repeat group's key, the
    /// group's minimum is at least 1). Observable per key, as ``fieldState(for:)`` is. A group
    /// requires nothing of its own: `false` for a group's prefix.
    ///
    /// - Parameter key: A field's key, or a group's prefix.
    /// - Returns: Whether a value is required.
    public func isRequired(_ key: String) -> Bool {
        if groupFlags(ofGroup: key) != nil { return false }
        return fieldState(for: key).isRequired
    }

    /// The flags the rules' groups give the group of prefix `key` (with observation of them
    /// registered), or `nil` if `key` names no group.
    private func groupFlags(ofGroup key: String) -> FieldFlags? {
        let flags = bookkeep { state -> FieldFlags? in
            guard state.isRulesGroup(key) else { return nil }
            // A group has no slot: whoever read it hears when a group it is under decides otherwise.
            state.tracking.await(key)
            return state.groupFlags(ofGroup: key)
        }
        if flags != nil { registrar.access(self, keyPath: FieldKeyPaths(key).fieldState) }
        return flags
    }

    /// Whether `key` is shown, read without observation: for the form's own code (a live screen's
    /// first layout), which must not make the key announce its every change to the registrar.
    func isShown(_ key: String) -> Bool {
        // A key with no slot gets none: the rules' groups it is under decide.
        read { state in
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
