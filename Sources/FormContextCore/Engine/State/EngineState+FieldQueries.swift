/// The derived parts of a field's state that a live form answers per key: whether it changed since
/// the last successful submit, and the submit state a reset returns.
extension EngineState {
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
}
