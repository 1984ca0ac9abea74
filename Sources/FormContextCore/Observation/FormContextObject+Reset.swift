extension FormContextObject {
    /// Restores every value to its initial value and clears every field's touched flag and validation issues.
    ///
    /// Each restored key notifies once. Connected controls holding text they could not parse show
    /// the field's value again and lose their parse error.
    ///
    /// - Parameter origin: The origin the changes carry.
    /// - Complexity: O(*d* log *d*) for *d* dirty fields, plus the observed fields that were touched or had
    ///   issues, the asynchronous runs under way, and the observer calls; not the size of the form.
    public func reset(origin: FormChangeOrigin = .reset) {
        mutate { state, changes in
            state.reserveChangeCalls(forWrites: state.fields.dirty.count)
            for slot in state.fields.dirty.members.sorted(by: { state.fields.key(at: $0) < state.fields.key(at: $1) }) {
                state.restoreInitial(at: slot, origin: origin, into: &changes)
            }
            state.untouchAll(into: &changes)
            state.clearAllIssues(into: &changes)
            state.refreshControls(origin: origin, into: &changes)
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
        mutate { state, changes in
            let edited = keepingEdits ? Set(state.fields.dirty.members) : []
            state.markSecret(initial.secureKeys, into: &changes)
            for key in initial.keys { _ = state.fields.slot(creating: key) }
            let order = state.fields.liveSlots.sorted { state.fields[$0].key < state.fields[$1].key }
            for slot in order {
                let value = StoredValue(stored: initial.storage[state.fields[slot].key])
                state.setInitial(value, at: slot, into: &changes)
                if !edited.contains(slot) {
                    _ = state.write(value, at: slot, origin: origin, into: &changes)
                }
            }
            let touched = Array(state.fields.touched.members)
            for slot in touched where !edited.contains(slot) {
                state.setTouched(false, at: slot, into: &changes)
            }
            state.clearAllIssues(into: &changes)
            state.refreshControls(origin: origin, into: &changes)
        }
    }
}

extension EngineState {
    /// Clears every touched flag, telling only the observed fields.
    ///
    /// - Complexity: O(*t*) for the touched fields while anyone observes field state, O(1) otherwise.
    mutating func untouchAll(into changes: inout ChangeSet) {
        if !fields.touched.isEmpty && (tracking.hasTrackedFields || observers.hasEventSubscribers) {
            for slot in fields.touched.members where isObserved(fields[slot]) {
                outgoing.note(.touched, of: slot)
            }
        }
        fields.untouchAll()
    }

    /// Queues a call to every connected control of a key this mutation did not change that holds
    /// text it could not parse, with the key's current value (as old and new value), so that a reset
    /// clears that text and its parse error.
    mutating func refreshControls(origin: FormChangeOrigin, into changes: inout ChangeSet) {
        for slot in Array(fields.pendingText.members) {
            fields.setFlag(.pendingControlText, false, at: slot)
            let record = fields[slot]
            guard let list = observers.observers(of: slot) else { continue }
            // A control whose key changed hears about it anyway.
            if outgoing.changeCalls.contains(where: { $0.change.key == record.key }) { continue }
            let current = FormChange(
                key: record.key, boxedOld: record.value, boxedNew: record.value, origin: origin,
                isSecure: record.flags.contains(.secret))
            let write = outgoing.nextWrite()
            for observer in list where observer.isControl {
                if case .change(let handler) = observer.handler { outgoing.call(handler, with: current, of: slot, write: write) }
            }
        }
    }
}
