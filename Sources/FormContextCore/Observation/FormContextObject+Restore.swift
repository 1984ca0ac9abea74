extension FormContextObject {
    /// Brings the form back to the editing state `draft` holds: its initial values, values, secret,
    /// hidden, disabled and touched fields. Observers see the changes with origin
    /// ``FormChangeOrigin/restore``.
    ///
    /// Fields listed in ``FormDraft/skippedKeys`` or ``FormDraft/omittedSecretKeys`` keep the values
    /// the form has. Every other field takes the draft's value and initial value; a field the draft
    /// holds no value for is left without one. Touched fields are touched again and validated as
    /// ``blur(_:)`` validates them, so they show the errors they showed before. Validation issues are
    /// not part of a draft: they follow from the values. It is one mutation, settled like any other:
    /// calculated fields and the summaries of repeat groups take the values the restored fields give
    /// them, whatever the draft holds for them. The fields of a row the restored form does not have
    /// (the draft's order was skipped, or refused) are left without a value, as the draft's other
    /// rows' fields go with their rows. Observers see each changed field once, and no reader sees half
    /// a restore.
    ///
    /// ```swift
    /// if let draft = try store.load() {
    ///     form.restore(draft)
    ///     for (key, reason) in draft.skippedKeys { log("\(key) was not restored: \(reason)") }
    /// }
    /// ```
    ///
    /// - Parameter draft: The draft, as ``DraftStore/load()`` reads it.
    /// - Complexity: O(*n* log *n*) for *n* fields, plus the observer calls.
    public func restore(_ draft: FormDraft) {
        let kept = Set(draft.skippedKeys.keys).union(draft.omittedSecretKeys)
        mutate { state, changes in
            let secret = draft.secureKeys.union(state.validation.definition?.secureKeys ?? [])
            for key in draft.allKeys.union(state.validation.definition?.keys ?? []) { _ = state.fields.slot(creating: key) }
            let order = state.fields.liveSlots.sorted { state.fields[$0].key < state.fields[$1].key }
            // A group inside a restored row takes the draft's order before it is given its minimum rows.
            state.repeats.holdsFills += 1
            for slot in order {
                let key = state.fields[slot].key
                state.setSecret(secret.contains(key), at: slot, into: &changes)
                // The group's key comes before its rows' keys: whether the row exists is known here.
                if state.isOutsideRows(slot, into: &changes) {
                    state.setInitial(.absent, at: slot, into: &changes)
                    _ = state.write(.absent, at: slot, origin: .restore, into: &changes)
                    state.setTouched(false, at: slot, into: &changes)
                    continue
                }
                if !kept.contains(key) {
                    state.setInitial(StoredValue(stored: draft.initialValues.storage[key]), at: slot, into: &changes)
                    _ = state.write(StoredValue(stored: draft.values.storage[key]), at: slot, origin: .restore, into: &changes)
                }
                state.setHidden(draft.hiddenKeys.contains(key), at: slot, into: &changes)
                state.setDisabled(draft.disabledKeys.contains(key), at: slot, into: &changes)
                let isTouched = draft.touchedKeys.contains(key) && !kept.contains(key)
                state.setTouched(isTouched, at: slot, into: &changes)
                // Touched fields are validated as losing focus validates them, to show what they showed.
                if isTouched && changes.isSettling { changes.blurred.append(slot) }
            }
            state.fillRowsHeldBack(into: &changes)
        }
    }
}
