/// Reclaiming slots: a slot that has come to hold nothing, and that nothing refers to, is released
/// at the end of the mutation that left it so, and its number is given to the next key that needs one.
///
/// A slot is looked at when it may have emptied: when it was made (a subscription, a row's field, a
/// key a rule or validator read), when its value was removed, when its row was
/// taken down (with what the row's rules and checks read), or when its last subscriber went. Whatever
/// else empties a slot (a validator or a rule no longer reading it) is found by a sweep of every slot,
/// run once as many slots have been made since the last one as the form has: O(1) amortized per slot
/// made. Every part that keeps something per slot forgets it when the slot is released, so a reused
/// slot inherits nothing.
extension EngineState {
    /// Releases the slots that hold nothing and that nothing refers to, among those that may have
    /// emptied; announces to the registrar the slots made for keys read through observation while
    /// they had none, and the keys of released slots read through observation.
    ///
    /// Runs at the end of a mutation, once its announcements are made (they name keys, not slots) and
    /// nobody settles: no change set, plan or rule run holds a slot number then.
    ///
    /// - Complexity: O(*c*) for *c* slots made or emptied since the last call; a sweep of every slot
    ///   once as many slots have been made since the last sweep as there are keys.
    mutating func reclaimSlots(into announcements: inout Announcements) {
        // Keys read without a slot whose groups' rules decided otherwise: whoever read them reads again.
        if tracking.hasDueAwaited {
            for key in tracking.takeDueAwaited() { Self.announce(FieldKeyPaths(key), in: &announcements) }
        }
        if tracking.announcedMade < fields.madeCount {
            if !tracking.awaited.isEmpty {
                for slot in fields.slotsMade(since: tracking.announcedMade) where tracking.stopAwaiting(fields[slot].key) {
                    Self.announce(FieldKeyPaths(fields[slot].key), in: &announcements)
                }
            }
            tracking.announcedMade = fields.madeCount
        }
        // Past as many awaited keys as the form has, they are all announced: whoever still reads one
        // reads it again and awaits it again; the others are forgotten. O(1) amortized per key read.
        if tracking.awaited.count > Swift.max(1024, fields.liveSlotCount) {
            for key in tracking.takeAwaited() { Self.announce(FieldKeyPaths(key), in: &announcements) }
        }
        // Parts with nothing to work out for new slots take them in at once.
        if rules.groups.isEmpty { _ = rules.placeNewSlots(of: fields) }
        if repeats.isEmpty { _ = repeats.placeNewSlots(of: fields) }
        // A slot made and not yet placed must not be released (nor its number made again) before it is.
        guard rules.slotsPlaced == fields.madeCount, repeats.placed == fields.madeCount else { return }
        let candidates: [Int]
        if fields.madeCount - fields.sweptAt >= Swift.max(1024, fields.liveSlotCount) {
            _ = fields.takeCandidates()
            candidates = fields.liveSlots
            fields.sweptAt = fields.madeCount
        } else {
            candidates = fields.takeCandidates()
        }
        fields.forgetMade()
        guard !candidates.isEmpty else { return }
        // The slots the last rule runs read are named by ``RuleState/lastRuns(in:)``: kept until those
        // runs are replaced. Gathered only once a slot is reclaimable: a plain edit considers the
        // slots a screen's derivation stopped reading, which hold a value, and the last runs may
        // have read a switch for every rule of the form.
        var lastReads: Set<Int>?
        for slot in candidates where isReclaimable(slot) {
            let lastRead = lastReads ?? (rules.lastRunReads.isEmpty ? [] : Set(rules.lastRunReads))
            lastReads = lastRead
            if lastRead.contains(slot) { fields.consider(slot) } else { release(slot, into: &announcements) }
        }
    }

    /// Adds the registrar announcements of a field's value and state.
    private static func announce(_ paths: FieldKeyPaths, in announcements: inout Announcements) {
        announcements.valuePaths.append(paths)
        announcements.statePaths.append(paths)
    }

    /// Works out what the rules' groups and the repeat groups make of the slots made since they last
    /// looked (a validator's read of a new key, a subscription), as the mutation ends, so that slots
    /// can be reclaimed after it: a slot is never released, nor its number made again, before both
    /// have taken it in.
    mutating func placeSlotsMade(into changes: inout ChangeSet) {
        if !rules.isEmpty, rules.slotsPlaced < fields.madeCount {
            for slot in rules.placeNewSlots(of: fields) { refreshRuleFlags(at: slot, into: &changes) }
        }
        if !repeats.isEmpty, repeats.placed < fields.madeCount {
            placeRowSlots(into: &changes)
            RowStage.follow(&self, &changes)
        }
    }

    /// Whether the slot holds nothing and nothing refers to it: no value, no initial value, no flag
    /// (a removed row's secrecy aside), not touched, no subscriber, no rule deciding or reading it, no
    /// check, issue, run or validator read, no feeds edge (a statistic, a summary, a field of a row
    /// counted in them), and no repeat group keeping it (a group's key, a summary, a row's check).
    /// Being read through observation does not keep a slot.
    func isReclaimable(_ slot: Int) -> Bool {
        guard slot < fields.slotCount, !fields.isFree(slot) else { return false }
        let record = fields[slot]
        guard !record.stored.isPresent, !record.storedInitial.isPresent, !fields.touched.contains(slot) else { return false }
        var flags = record.flags
        // A field of a row that is gone is secret by its group's definition: made again, it is again.
        if flags.contains(.secret), let place = repeats.placement[slot], repeats.groups[place.group].rows[place.id] == nil {
            flags.remove(.secret)
        }
        guard flags.isEmpty, observers.observers(of: slot) == nil else { return false }
        // Read by anything derived (a rule, a validator, a live screen), or feeding or fed by a
        // statistic, the slot stays.
        guard !graph.isHeld(slot), rules.calculationOf[slot] == nil, rules.visibleRuleOf[slot] == nil, rules.enabledRuleOf[slot] == nil,
            rules.requiredRuleOf[slot] == nil, rules.readOnlyRuleOf[slot] == nil
        else { return false }
        guard !validation.refersTo(slot) else { return false }
        guard repeats.isEmpty else {
            return repeats.groupOfSlot[slot] == nil && repeats.summaryOfSlot[slot] == nil && repeats.checkOfSlot[slot] == nil
        }
        return true
    }

    /// Releases `slot`, which ``isReclaimable(_:)``: every part forgets what it kept for it.
    private mutating func release(_ slot: Int, into announcements: inout Announcements) {
        let trackIndex = fields.trackIndex(at: slot)
        if trackIndex >= 0 {
            // Whoever read it hears that it went, reads it again, and then awaits its slot.
            Self.announce(tracking.paths(at: trackIndex), in: &announcements)
            tracking.untrack(trackIndex)
        }
        fields.setFlag(.secret, false, at: slot)
        if let groups = rules.groupsOfSlot.removeValue(forKey: slot) {
            for group in groups { rules.groups[group].members.remove(slot) }
        }
        repeats.forget(slot)
        validation.forget(slot)
        fields.release(slot)
    }

    /// The state of `key`, which has no slot, as a read sees it: no value, and what the rules'
    /// groups and the repeat groups it is under decide (a row's key is hidden with its group). A
    /// read makes no slot: the state is worked out, not stored.
    func unslottedState(of key: String) -> FieldState {
        FieldState(key: key, holdingNothingUnder: rules.groupFlags(ofUnslotted: key).union(repeatGroupFlags(around: key)))
    }

    /// Notes that the field of `key` lost a subscriber, so that its slot is looked at when slots are
    /// next reclaimed.
    mutating func subscriberDidLeave(_ slot: Int) {
        fields.consider(slot)
    }

    // MARK: Invariants

    /// What refers to a released slot, if anything: no part may keep anything for one.
    ///
    /// - Complexity: O(*f*·*p*) for *f* released slots and *p* per-slot entries; for tests and debug builds.
    func releasedSlotViolations() -> [String] {
        guard !fields.free.isEmpty else { return [] }
        var violations: [String] = []
        let lastRead = Set(rules.lastRunReads)
        let targets = Set(rules.targetSlots)
        let grouped = Set(rules.groups.flatMap(\.members))
        let rowSlots = Set(repeats.slotsOfRow.values.joined())
        for slot in fields.free.members {
            var holders: [String] = []
            if observers.observers(of: slot) != nil { holders.append("a subscriber") }
            if graph.isRead(slot, by: .rule) { holders.append("a rule's reads") }
            if rules.calculationOf[slot] != nil || rules.visibleRuleOf[slot] != nil || rules.enabledRuleOf[slot] != nil
                || rules.requiredRuleOf[slot] != nil || rules.readOnlyRuleOf[slot] != nil || targets.contains(slot)
            {
                holders.append("a rule deciding it")
            }
            if graph.isFeeding(slot) || graph.isFed(slot) { holders.append("the statistics' feeds") }
            if rules.groupsOfSlot[slot] != nil || grouped.contains(slot) { holders.append("a group of the rules") }
            if lastRead.contains(slot) { holders.append("the last rule runs") }
            if graph.isRead(slot, by: .subscriber) { holders.append("a live screen's reads") }
            if graph.isRead(slot, by: .validator) || graph.isRead(slot, by: .formValidator) || validation.refersTo(slot) || validation.hasEntry(at: slot) || validation.validated.contains(slot) {
                holders.append("validation")
            }
            if repeats.placement[slot] != nil || rowSlots.contains(slot) { holders.append("a row's placement") }
            if repeats.groupOfSlot[slot] != nil || repeats.summaryOfSlot[slot] != nil {
                holders.append("a repeat group")
            }
            if repeats.contributed[slot] != nil || repeats.checkOfSlot[slot] != nil { holders.append("a row's statistics or check") }
            if !holders.isEmpty { violations.append("released slot \(slot) is referred to by \(holders.joined(separator: ", "))") }
        }
        return violations
    }
}
