/// The derived parts of a field's state that a live form answers per key: whether a value is
/// required, whether it changed since the last successful submit, and the state of a rules' group.
extension EngineState {
    /// Whether the field in `slot` requires a value: its required-when rule holds, or its definition
    /// (or its row template) lists `.required()` as an error.
    func isRequired(at slot: Int) -> Bool {
        if fields.flags(at: slot).contains(.ruleRequired) { return true }
        guard let position = checkPosition(of: slot) else { return false }
        if position < validation.definitionFieldCount {
            return position < validation.demandsValue.count && validation.demandsValue[position]
        }
        return repeats.check(at: position)?.field.demandsValue ?? false
    }

    /// Puts the required-when flag of `slot` to `isRequired`, telling whoever follows the field.
    mutating func setRequired(_ isRequired: Bool, at slot: Int, into changes: inout ChangeSet) {
        guard fields.setFlag(.ruleRequired, isRequired, at: slot) else { return }
        note(.required, of: slot, into: &changes)
        if changes.isSettling { changes.activity.append(slot) }
    }

    /// Whether the value of the field in `slot` differs from the last successful submit (from its
    /// initial value before the first).
    func isDirtySinceLastSubmit(at slot: Int) -> Bool {
        guard submit.submitted != nil else { return fields.dirty.contains(slot) }
        return submit.changedSinceSubmit.contains(fields.key(at: slot))
    }

    /// Changes what the form last submitted with `body`, telling the observed fields whose
    /// ``isDirtySinceLastSubmit(at:)`` changed.
    ///
    /// - Complexity: O(*c* + *d*) for *c* keys changed since the last submit before and after, and *d*
    ///   dirty fields, plus what `body` costs.
    mutating func updateSubmitted(_ body: (inout SubmitState) -> Void) {
        var candidates = submit.changedSinceSubmit
        if submit.submitted == nil { candidates.formUnion(fields.keys(of: fields.dirty)) }
        var before: [String: Bool] = [:]
        for key in candidates {
            guard let slot = fields.slot(of: key) else { continue }
            before[key] = isDirtySinceLastSubmit(at: slot)
        }
        body(&submit)
        candidates.formUnion(submit.changedSinceSubmit)
        if submit.submitted == nil { candidates.formUnion(fields.keys(of: fields.dirty)) }
        for key in candidates {
            guard let slot = fields.slot(of: key), isObserved(at: slot) else { continue }
            if before[key] ?? false != isDirtySinceLastSubmit(at: slot) { outgoing.note(.dirtySinceSubmit, of: slot) }
        }
    }

    /// Returns the submit state to how a new form has it, but for what `options` keeps; a submit
    /// under way keeps it all (it ends the submit state itself).
    mutating func resetSubmitState(keeping options: ResetOptions) {
        guard !submit.phase.isInProgress else { return }
        if !options.contains(.submitState) {
            submit.phase = .idle
            submit.isSubmitted = false
            if submit.submitted != nil { updateSubmitted { $0.forgetSubmitted() } }
        }
        if !options.contains(.submitCount) { submit.count = 0 }
    }

    /// Whether the field `key` is read-only, by its rules or its groups': what a user edit asks.
    ///
    /// - Complexity: O(1) for a key with a slot; O(*d*) lookups for *d* dots in a key without one.
    func isReadOnly(_ key: String) -> Bool {
        guard !rules.isEmpty else { return false }
        return isReadOnly(key, hash: fields.hash(of: key))
    }

    /// `isReadOnly(_:)` for a key whose `hashValue` the caller has made already (the edit door,
    /// which writes the key next by the same hash).
    ///
    /// - Parameters:
    ///   - key: The field's key.
    ///   - hash: `key.hashValue`, from ``FieldTable/hash(of:)``.
    /// - Returns: Whether the field is read-only.
    func isReadOnly(_ key: String, hash: Int) -> Bool {
        guard !rules.isEmpty else { return false }
        guard let slot = fields.slot(of: key, hash: hash) else { return rules.groupFlags(ofUnslotted: key).contains(.ruleReadOnly) }
        return fields.flags(at: slot).contains(.ruleReadOnly)
    }

    /// Whether the rules make everything under `prefix` read-only: the group of `prefix` (a row's,
    /// a ``FieldGroup``'s) or one around it.
    ///
    /// - Complexity: O(*d*) lookups for *d* dots in `prefix`.
    func isReadOnly(under prefix: String) -> Bool {
        !rules.isEmpty && rules.groupFlags(ofUnslotted: prefix + ".").contains(.ruleReadOnly)
    }

    /// Whether `key` names a group of the rules (a ``FieldGroup``'s prefix).
    ///
    /// - Complexity: O(1): one lookup, whatever the number of groups and rows.
    func isRulesGroup(_ key: String) -> Bool {
        rules.hasGroup(key)
    }

    /// The flags (`.ruleHidden`, `.ruleDisabled`, `.groupHidden`, `.groupDisabled`) that the rules'
    /// group of `prefix`, the groups around it and the repeat groups it lies in give it.
    func groupFlags(ofGroup prefix: String) -> FieldFlags {
        rules.groupFlags(ofUnslotted: prefix + ".").union(repeatGroupFlags(around: prefix))
    }

    /// The state of the rules' group of `prefix`: shown, enabled and read-only as its own rules and
    /// those around it (the rules' groups and the repeat groups it lies in) say; a group requires
    /// nothing of its own.
    func groupState(of prefix: String) -> FieldState {
        FieldState(key: prefix, holdingNothingUnder: groupFlags(ofGroup: prefix))
    }

    /// The flags (`.groupHidden`, `.groupDisabled`) that the repeat groups `key` lies in give it: a
    /// row's key, or a group of a row's fields, is hidden and disabled with its repeat group, as the
    /// row's fields are.
    ///
    /// - Complexity: O(*d*) dictionary lookups for *d* dots in `key`.
    func repeatGroupFlags(around key: String) -> FieldFlags {
        guard !repeats.isEmpty else { return [] }
        var flags: FieldFlags = []
        var index = key.startIndex
        while let dot = key[index...].firstIndex(of: ".") {
            if let group = repeats.group(withKey: String(key[..<dot])) {
                let own = fields.flags(at: repeats.groups[group].slot)
                if !own.isDisjoint(with: .concealed) { flags.insert(.groupHidden) }
                if !own.isDisjoint(with: .locked) { flags.insert(.groupDisabled) }
            }
            index = key.index(after: dot)
        }
        return flags
    }
}

extension FieldDefinition {
    /// Whether a validator of the field demands a value whatever the other fields hold: an error
    /// `.required()`. Asked of the field's check with no value, which reports exactly its
    /// requirements and runs no validator's test. A repeat group's field demands rows when its
    /// minimum is at least 1, decided from the group as declared: its check counts rows and runs
    /// the app's row validators, which must not be called to answer a query.
    var demandsValue: Bool {
        if let group = repeatGroup { return group.minimumCount > 0 }
        var report = ValidationReport()
        check(nil, FormValues([:]), &report)
        return !report.errors.isEmpty
    }
}
