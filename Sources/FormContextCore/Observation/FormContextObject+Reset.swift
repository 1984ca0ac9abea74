extension FormContextObject {
    /// Restores every value to its initial value, clears every field's touched flag and validation
    /// issues and the form's, and returns the submit state to how a new form has it: phase
    /// ``SubmitPhase/idle``, ``submitCount`` 0, the last submit forgotten (so the mode before a
    /// submit is in force again). `keeping` leaves parts as they are.
    ///
    /// Each restored key notifies once. Connected controls holding text they could not parse show
    /// the field's value again and lose their parse error. A submit under way keeps its submit state.
    ///
    /// ```swift
    /// form.reset(keeping: [.submitCount])
    /// ```
    ///
    /// - Parameters:
    ///   - keeping: What the reset leaves as it is (react-hook-form's `keep…` options); nothing by default.
    ///   - origin: The origin the changes carry.
    /// - Complexity: O(*d* log *d*) for *d* dirty fields, plus the observed fields that were touched or had
    ///   issues, the asynchronous runs under way, and the observer calls; not the size of the form.
    public func reset(keeping: ResetOptions = [], origin: FormChangeOrigin = .reset) {
        mutate { state, changes in
            let kept = state.keptIssues(if: keeping)
            let firstWrite = changes.values.count
            if !keeping.contains(.edits) {
                state.reserveChangeCalls(forWrites: state.fields.dirty.count)
                for slot in state.fields.dirty.members.sorted(by: { state.fields.key(at: $0) < state.fields.key(at: $1) }) {
                    state.restoreInitial(at: slot, origin: origin, into: &changes)
                }
                if !keeping.contains(.touched) { state.untouchAll(into: &changes) }
            } else if !keeping.contains(.touched) {
                for slot in Array(state.fields.touched.members) where !state.fields.dirty.contains(slot) {
                    state.setTouched(false, at: slot, into: &changes)
                }
            }
            state.settleIssues(kept, writtenFrom: firstWrite, into: &changes)
            state.resetSubmitState(keeping: keeping)
            state.refreshControls(origin: origin, into: &changes)
        }
    }

    /// Restores the field `key` to its initial value and clears its touched flag and its issues:
    /// react-hook-form's `resetField`. `keeping` leaves parts as they are; the submit state is the
    /// form's and stays as it is.
    ///
    /// ```swift
    /// form.reset("email", keeping: [.errors])
    /// ```
    ///
    /// A change of the value notifies once, with `origin`; a connected control holding text it
    /// could not parse shows the field's value again. A key the form knows nothing of changes nothing,
    /// and so does a key of a row the form no longer has (its values went with the row). The key of a
    /// repeat group resets the group, and the rest of the form is left as it is: its initial rows come back
    /// with their values and the rows inside them, and every row's fields lose their touched flags and
    /// issues, as `keeping` says.
    ///
    /// - Parameters:
    ///   - key: The field.
    ///   - keeping: What the reset leaves as it is: ``ResetOptions/edits`` (an edited field keeps its
    ///     value, so only its state is reset), ``ResetOptions/errors``, ``ResetOptions/touched``.
    ///   - origin: The origin the change carries.
    /// - Complexity: O(1) for a field, O(*r*·*f*) for a repeat group's *r* rows, initial and current,
    ///   of *f* fields; plus the observer calls.
    public func reset(_ key: String, keeping: ResetOptions = [], origin: FormChangeOrigin = .reset) {
        mutate { state, changes in
            guard let slot = state.fields.slot(of: key), !state.isOutsideRows(slot, into: &changes) else { return }
            let kept = keeping.contains(.errors) ? state.validation.issues(at: slot) : nil
            let keepsValue = keeping.contains(.edits) && state.fields.dirty.contains(slot)
            if let group = state.repeats.group(withKey: key) {
                state.resetRows(ofGroup: group, keeping: keeping, origin: origin, into: &changes)
            } else if !keepsValue {
                state.restoreInitial(at: slot, origin: origin, into: &changes)
            }
            if !keepsValue && !keeping.contains(.touched) { state.setTouched(false, at: slot, into: &changes) }
            if keeping.contains(.errors) {
                // The outside-errors stage follows the reset's write now, so that it does not drop
                // the errors put back below once the mutation ends.
                ExternalErrorStage.follow(&state, &changes)
                if let kept, state.validation.issues(at: slot) != kept { state.setIssues(kept, at: slot, into: &changes) }
                // Only this field's issues stay: a calculation that reads it validates as usual.
                state.validation.keepIssues(of: CollectionOfOne(slot), settling: changes)
            } else {
                state.clearIssues(at: slot, into: &changes)
                state.validation.validated.update(slot, isMember: false)
            }
            state.refreshControls(origin: origin, only: slot, into: &changes)
        }
    }

    /// Makes `initial` the new initial values and resets the form to them.
    ///
    /// Every field takes its new initial value, keys absent from `initial` are removed, every touched
    /// flag and issue is cleared and the submit state returns to a new form's, as after
    /// ``reset(keeping:origin:)``; `keeping` leaves parts as they are. With ``ResetOptions/edits``,
    /// fields the user has already edited (dirty fields) keep their current values and touched flags
    /// — for example when fresh data arrives from a server while someone is typing. Connected
    /// controls then show their field's value (with ``ResetOptions/edits``, text that did not parse
    /// is replaced too: it never reached the form, so it is not an edit).
    ///
    /// - Parameters:
    ///   - initial: The new initial values.
    ///   - keeping: What the reset leaves as it is; nothing by default.
    ///   - origin: The origin the changes carry.
    /// - Complexity: O(*n* log *n*) for *n* keys in the form and in `initial`.
    public func reset(to initial: FormContext, keeping: ResetOptions = [], origin: FormChangeOrigin = .reset) {
        mutate { state, changes in
            let kept = state.keptIssues(if: keeping)
            let firstWrite = changes.values.count
            let edited = keeping.contains(.edits) ? Set(state.fields.dirty.members) : []
            state.markSecret(initial.secureKeys, into: &changes)
            for key in initial.keys { _ = state.fields.slot(creating: key) }
            let order = state.fields.liveSlots.sorted { state.fields[$0].key < state.fields[$1].key }
            // A group inside a row takes the order `initial` gives it before it is given its minimum rows.
            state.repeats.holdsFills += 1
            for slot in order {
                let value = StoredValue(stored: initial.storage[state.fields[slot].key])
                state.setInitial(value, at: slot, into: &changes)
                if !edited.contains(slot) {
                    _ = state.write(value, at: slot, origin: origin, into: &changes)
                }
            }
            state.fillRowsHeldBack(into: &changes)
            if !keeping.contains(.touched) {
                let touched = Array(state.fields.touched.members)
                for slot in touched where !edited.contains(slot) {
                    state.setTouched(false, at: slot, into: &changes)
                }
            }
            state.settleIssues(kept, writtenFrom: firstWrite, into: &changes)
            state.resetSubmitState(keeping: keeping)
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

    /// The issues of every field that has any, when `options` keeps them: a reset that keeps them
    /// puts them back after its writes (the outside-errors stage drops the errors set on a field
    /// from outside when its value changes).
    ///
    /// - Complexity: O(*k*) for *k* fields with issues when kept, O(1) otherwise.
    func keptIssues(if options: ResetOptions) -> [(slot: Int, issues: FieldIssues)]? {
        guard options.contains(.errors) else { return nil }
        return validation.holding.members.compactMap { slot in validation.issues(at: slot).map { (slot, $0) } }
    }

    /// Ends a reset's issues: puts `kept` back and leaves the issues of the fields that held them
    /// and of the fields the reset wrote (its value changes from `first` on) as they are, or,
    /// without issues kept, clears every field's and the form's. A calculation the reset sets off
    /// validates as usual.
    mutating func settleIssues(
        _ kept: [(slot: Int, issues: FieldIssues)]?, writtenFrom first: Int, into changes: inout ChangeSet
    ) {
        guard let kept else {
            clearAllIssues(into: &changes)
            return
        }
        // The outside-errors stage follows the reset's writes now, so that it does not drop the
        // errors put back below once the mutation ends.
        ExternalErrorStage.follow(&self, &changes)
        for (slot, issues) in kept where validation.issues(at: slot) != issues {
            setIssues(issues, at: slot, into: &changes)
        }
        let written = changes.values.indices.contains(first) ? changes.values[first...].map(\.slot) : []
        validation.keepIssues(of: kept.map(\.slot) + written, settling: changes)
    }

    /// Queues a call to every connected control of a key this mutation did not change that holds
    /// text it could not parse (of the key in `only`, if given), with the key's current value (as old
    /// and new value), so that a reset clears that text and its parse error.
    mutating func refreshControls(origin: FormChangeOrigin, only: Int? = nil, into changes: inout ChangeSet) {
        for slot in Array(fields.pendingText.members) where only == nil || only == slot {
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
