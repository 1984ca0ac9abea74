extension FormContextObject {
    /// Brings the form back to the editing state `draft` holds: its initial values, values, secret,
    /// hidden, disabled and touched fields. Observers see the changes with origin
    /// ``FormChangeOrigin/restore``.
    ///
    /// Fields listed in ``FormDraft/skippedKeys`` or ``FormDraft/omittedSecretKeys`` keep the values
    /// the form has. Every other field takes the draft's value and initial value; a field the draft
    /// holds no value for is left without one. Touched fields are touched again with ``blur(_:)``, so
    /// they show the errors they showed before. Validation issues are not part of a draft: they follow
    /// from the values.
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
        let current = context
        let currentInitial = initialValues
        var initial = draft.initialValues
        for key in kept { initial.storage[key] = currentInitial.storage[key] }
        initial.secureKeys.formUnion(draft.secureKeys)
        reset(to: initial, origin: .restore)

        var writes = FormContext()
        var removals: [String] = []
        for key in Set(draft.values.keys).union(initial.keys).union(kept) {
            let value = kept.contains(key) ? current.storage[key] : draft.values.storage[key]
            guard !isSameValue(value, initial.storage[key]) else { continue }
            if let value { writes.storage[key] = value } else { removals.append(key) }
        }
        set(writes, origin: .restore)
        for key in removals.sorted() { set(nil, for: key, origin: .restore) }

        let secret = draft.secureKeys.union(definition?.secureKeys ?? [])
        var keys = draft.allKeys.union(context.keys).union(initialValues.keys).union(current.secureKeys)
        keys.formUnion(definition?.keys ?? [])
        for key in keys.sorted() {
            if current.secureKeys.contains(key) && !secret.contains(key) { setSecure(false, for: key) }
            setVisible(!draft.hiddenKeys.contains(key), for: key)
            setEnabled(!draft.disabledKeys.contains(key), for: key)
        }
        for key in draft.touchedKeys.subtracting(kept).sorted() { blur(key) }
    }
}
