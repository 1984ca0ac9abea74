/// The write stage: every change a mutation makes to values and field state goes through these,
/// which keep the table's running sets exact and record what the settle stages and delivery need.
///
/// Why it is a stage: it is the only code that changes a value or a field flag, so the change set
/// it records is the whole of what a mutation changed. What it guarantees: the field table's dirty
/// and touched sets stay exact after every call, and every change a stage or a subscriber must hear
/// of is in the change set.

/// What a write that skips the pipeline did.
enum QuickWrite: Sendable {
    /// The key already held the same value.
    case unchanged
    /// The value was written, and nobody needs to hear about it.
    case written(FormChange)
    /// The write must go through the pipeline: someone listens, or the form settles.
    case needsPipeline
}

extension EngineState {
    /// Writes `value` under an existing `key` when nothing but the value changes: no one observes the
    /// key, the form, or every key, and nothing settles. This is the path of most writes to a form
    /// nobody watches, and it allocates nothing. A removal takes the pipeline, whose end reclaims the
    /// slot it may leave empty.
    @inline(__always)
    mutating func quickWrite(_ value: StoredValue, for key: String, origin: FormChangeOrigin) -> QuickWrite {
        guard isQuiet, value.isPresent, let slot = fields.slot(of: key) else { return .needsPipeline }
        let flags = fields.flags(at: slot)
        // A field holding issues may hold errors set from outside, which the outside-errors stage
        // drops: the write takes the pipeline. So does a write to a read-only field, for the edit
        // door that refuses it (``FormContextObject/userEditTakingNoChange(_:for:)``) to decide.
        guard fields[slot].trackIndex < 0, flags.isDisjoint(with: [.valueObserved, .stateObserved, .ruleReadOnly]),
            !validation.hasIssues(at: slot)
        else {
            return .needsPipeline
        }
        guard let old = fields.write(value, at: slot) else { return .unchanged }
        return .written(
            FormChange(key: key, boxedOld: old.take(), boxedNew: value.value, origin: origin, isSecure: flags.contains(.secret)))
    }

    /// Writes `value` under `key`.
    ///
    /// - Returns: The change, or `nil` if the key already held the same value (in value and type).
    @inline(__always)
    mutating func write(_ value: StoredValue, for key: String, origin: FormChangeOrigin, into changes: inout ChangeSet) -> FormChange? {
        guard let slot = fields.slot(writing: value, under: key, hash: fields.hash(of: key)) else { return nil }
        let wasDirty = fields.dirty.contains(slot)
        guard let old = fields.write(value, at: slot) else { return nil }
        let flags = fields.flags(at: slot)
        let change = FormChange(key: key, boxedOld: old.take(), boxedNew: value.value, origin: origin, isSecure: flags.contains(.secret))
        if changes.recordsValues { changes.values.append(.init(slot: slot, origin: origin)) }
        deliver(change, of: slot, flags: flags, into: &changes)
        didWrite(at: slot, wasDirty: wasDirty, origin: origin, into: &changes)
        return change
    }

    /// Writes `value` under `key`, whose `hashValue` is `hash`, as ``write(_:for:origin:into:)`` does,
    /// making the change only when someone receives it: the write of a batch (which hashed the key
    /// as it was written), or an edit through a control's binding, whose change nobody asks for.
    ///
    /// - Returns: Whether the value changed.
    @inline(__always)
    @discardableResult
    mutating func write(
        _ value: consuming StoredValue, under key: String, hash: Int, origin: FormChangeOrigin, into changes: inout ChangeSet
    ) -> Bool {
        guard let slot = fields.slot(writing: value, under: key, hash: hash) else { return false }
        return write(value, at: slot, origin: origin, into: &changes)
    }

    /// Writes `value` into `slot`, moving it into the field's record. The change (with its copies of
    /// both values) is made only when a handler, an event subscriber or a collector receives it.
    ///
    /// - Returns: Whether the value changed: `false` if the slot already held the same value (in
    ///   value and type).
    @inline(__always)
    @discardableResult
    mutating func write(_ value: consuming StoredValue, at slot: Int, origin: FormChangeOrigin, into changes: inout ChangeSet) -> Bool {
        let wasDirty = fields.dirty.contains(slot)
        guard let old = fields.write(value, at: slot) else { return false }
        didReplace(old, at: slot, wasDirty: wasDirty, origin: origin, into: &changes)
        return true
    }

    /// Writes the initial value of `slot` back as its value: ``write(_:at:origin:into:)`` for a
    /// reset, which knows the field ends clean and so compares the value with nothing else.
    ///
    /// - Returns: Whether the value changed.
    @inline(__always)
    @discardableResult
    mutating func restoreInitial(at slot: Int, origin: FormChangeOrigin, into changes: inout ChangeSet) -> Bool {
        let wasDirty = fields.dirty.contains(slot)
        guard let old = fields.restoreInitial(at: slot) else { return false }
        didReplace(old, at: slot, wasDirty: wasDirty, origin: origin, into: &changes)
        return true
    }

    /// Records that the value in `slot` replaced `old`, and hands its change to whoever receives it.
    @inline(__always)
    private mutating func didReplace(
        _ old: consuming StoredValue, at slot: Int, wasDirty: Bool, origin: FormChangeOrigin, into changes: inout ChangeSet
    ) {
        // The flags alone, not the record: copying a record costs more than the rest of a write.
        let flags = fields.flags(at: slot)
        if changes.recordsValues { changes.values.append(.init(slot: slot, origin: origin)) }
        if flags.contains(.valueObserved) || observers.hasAllObservers || hasEventSubscribers(flags)
            || outgoing.isCollectingChanges
        {
            // Moved, not copied, on their way to the handler: a copy of a value or a change goes
            // through the runtime's value witnesses.
            let change = FormChange(
                key: fields.key(at: slot), boxedOld: (consume old).take(), boxedNew: fields.value(at: slot), origin: origin,
                isSecure: flags.contains(.secret))
            deliver(consume change, of: slot, flags: flags, into: &changes)
        }
        didWrite(at: slot, wasDirty: wasDirty, origin: origin, into: &changes)
    }

    /// Makes room in the delivery's queue for the change calls of `count` writes about to be made, so
    /// that a batch's queue is allocated once instead of doubling its way up (each doubling copies
    /// every call queued so far). Room is made only for as many calls as there are subscribers to
    /// call.
    mutating func reserveChangeCalls(forWrites count: Int) {
        let calls = count * observers.all.count + min(count, observers.byKey.count)
        guard calls > 1 else { return }
        // A large queue is the one an earlier batch used, when it has room: writing into memory the
        // allocator has just handed back to the system costs a page fault per page.
        if outgoing.changeCalls.isEmpty, outgoing.changeCalls.capacity < calls,
            let spare = delivery.takeSpare(minimumCapacity: calls)
        {
            outgoing.changeCalls = spare
            return
        }
        outgoing.changeCalls.reserveCapacity(outgoing.changeCalls.count + calls)
    }

    /// Hands the change written into `slot` to whoever receives it: the handlers of the key and of
    /// every key, the key's event, the collector.
    @inline(__always)
    private mutating func deliver(_ change: consuming FormChange, of slot: Int, flags: FieldFlags, into changes: inout ChangeSet) {
        var writeNumber = 0
        if flags.contains(.valueObserved), let list = observers.observers(of: slot) {
            writeNumber = outgoing.nextWrite()
            if list.count == 1, !observers.hasAllObservers, !hasEventSubscribers(flags), !outgoing.isCollectingChanges,
                let only = list.first(where: { _ in true }), case .change(let handler) = only.handler
            {
                // The key's one subscriber, and no one else, receives it: the call takes the change
                // itself (a copy of a change copies both its values).
                outgoing.call(handler, taking: consume change, of: slot, write: writeNumber)
                return
            }
            for observer in list {
                if case .change(let handler) = observer.handler { outgoing.call(handler, with: change, of: slot, write: writeNumber) }
            }
        }
        if observers.hasAllObservers {
            if writeNumber == 0 { writeNumber = outgoing.nextWrite() }
            for observer in observers.all {
                if case .change(let handler) = observer.handler { outgoing.call(handler, with: change, of: slot, write: writeNumber) }
            }
        }
        if hasEventSubscribers(flags) { outgoing.recordValueChange(change, of: slot) }
        if outgoing.isCollectingChanges { outgoing.collected.append(change) }
    }

    /// Records what a write of `value` into `slot` changed besides the value itself, for delivery:
    /// the context and the field's aspects. What the write means for the rows is the rows stage's
    /// (``RowStage``), and for the errors set on the field from outside the outside-errors stage's
    /// (``ExternalErrorStage``); both follow the change set.
    @inline(__always)
    private mutating func didWrite(at slot: Int, wasDirty: Bool, origin: FormChangeOrigin, into changes: inout ChangeSet) {
        if tracking.isContextTracked { outgoing.isContextChanged = true }
        if isObserved(at: slot) {
            outgoing.note(wasDirty == fields.dirty.contains(slot) ? .value : [.value, .dirty], of: slot)
        }
    }

    /// Makes `value` the initial value of `slot`.
    mutating func setInitial(_ value: StoredValue, at slot: Int, into changes: inout ChangeSet) {
        let wasDirty = fields.dirty.contains(slot)
        guard fields.setInitial(value, at: slot) else { return }
        note(wasDirty == fields.dirty.contains(slot) ? .initialValue : [.initialValue, .dirty], of: slot, into: &changes)
    }

    /// Marks the field in `slot` touched or not.
    mutating func setTouched(_ isTouched: Bool, at slot: Int, into changes: inout ChangeSet) {
        guard fields.setTouched(isTouched, at: slot) else { return }
        note(.touched, of: slot, into: &changes)
    }

    /// Shows or hides the field in `slot` (`flag` is `.hidden` for the API, `.ruleHidden` for rules).
    ///
    /// - Returns: Whether the field's visibility changed (the other flag may still hide it).
    @discardableResult
    mutating func setHidden(_ isHidden: Bool, at slot: Int, by flag: FieldFlags = .hidden, into changes: inout ChangeSet) -> Bool {
        let wasVisible = fields.flags(at: slot).isDisjoint(with: .concealed)
        guard fields.setFlag(flag, isHidden, at: slot) else { return false }
        guard wasVisible != fields.flags(at: slot).isDisjoint(with: .concealed) else { return false }
        note(.visibility, of: slot, into: &changes)
        if changes.isSettling {
            changes.activity.append(slot)
            changes.concealment.append(slot)
        }
        return true
    }

    /// Disables or enables the field in `slot` (`flag` is `.disabled` for the API, `.ruleDisabled`
    /// for rules).
    mutating func setDisabled(_ isDisabled: Bool, at slot: Int, by flag: FieldFlags = .disabled, into changes: inout ChangeSet) {
        let wasEnabled = fields.flags(at: slot).isDisjoint(with: .locked)
        guard fields.setFlag(flag, isDisabled, at: slot) else { return }
        guard wasEnabled != fields.flags(at: slot).isDisjoint(with: .locked) else { return }
        note(.enabled, of: slot, into: &changes)
        if changes.isSettling { changes.activity.append(slot) }
    }

    /// Makes the field in `slot` read-only or not, as its rules decide. Read-only changes what the
    /// person filling in the form may do, not what the form validates or submits: nothing else follows.
    mutating func setReadOnly(_ isReadOnly: Bool, at slot: Int, into changes: inout ChangeSet) {
        guard fields.setFlag(.ruleReadOnly, isReadOnly, at: slot) else { return }
        note(.readOnly, of: slot, into: &changes)
        if changes.isSettling { changes.readOnly.append(slot) }
    }

    /// Marks the value in `slot` secret or not. Secrecy belongs to the key: this is the one place
    /// that decides it.
    mutating func setSecret(_ isSecret: Bool, at slot: Int, into changes: inout ChangeSet) {
        guard fields.setFlag(.secret, isSecret, at: slot) else { return }
        note(.secrecy, of: slot, into: &changes)
    }

    /// Marks every key secret in `keys` that is not secret yet.
    mutating func markSecret(_ keys: some Sequence<String>, into changes: inout ChangeSet) {
        for key in keys { setSecret(true, at: fields.slot(creating: key), into: &changes) }
    }

    /// Records that `aspects` of the field in `slot` changed, if anyone must hear about it.
    @inline(__always)
    mutating func note(_ aspects: FieldAspects, of slot: Int, into changes: inout ChangeSet) {
        if isObserved(at: slot) { outgoing.note(aspects, of: slot) }
    }
}
