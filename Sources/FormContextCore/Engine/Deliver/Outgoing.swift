/// What delivery will announce for the mutation under way, collected as its write and its settle
/// stages go: the change handlers to call, the observed fields and what changed about each, the
/// asynchronous runs to start or cancel, what to let go of outside the lock, and the changes a
/// batch call returns. The deliver stage's own state, kept in ``EngineState/outgoing`` under the
/// form's lock and taken whole when the mutation is announced.
///
/// Why it is not in the ``ChangeSet``: the change set is what changed, which every settle stage
/// reads; this is who must hear of it, which only delivery reads. What it guarantees: it is empty
/// between mutations, and a write made while another thread settles collects into its own, which
/// the settling thread adds after what it collected so far (``append(_:)``), so deliveries keep
/// the order of the writes.
struct Outgoing: Sendable {
    /// A change handler to call, and the write that calls it.
    struct ChangeCall: Sendable {
        let handler: @Sendable (FormChange) -> Void
        var change: FormChange
        /// The write, numbered in this mutation: a write's calls share its number.
        let write: Int
        /// The slot of the key written: within a mutation a slot names one key, and comparing slots
        /// hashes no text.
        let slot: Int
    }

    /// Change handlers to call, in order.
    var changeCalls: [ChangeCall] = []
    /// How many writes have queued change calls.
    var callingWrites = 0
    /// Observed fields in the order they first changed, and what changed about each.
    var eventSlots: [Int] = []
    var aspects = SlotTable<FieldAspects>()
    /// The value change of each observed field, for its event (old value from the first write).
    var valueChanges = SlotTable<FormChange>()
    /// Whether any value changed while someone tracks the whole context.
    var isContextChanged = false
    /// Asynchronous runs to start, and superseded ones to cancel, once the lock is released.
    var runStarts: [ValidationState.Start] = []
    var cancellations: [Task<Void, Never>] = []
    /// Objects to let go of only after the lock is released (removed handlers may own controls).
    var releases: [any Sendable] = []
    /// The live screens' diffs, in the order the settle committed them.
    var screenDiffs: [ScreenSubscriber.Delivery] = []

    /// The changes made, in order, while ``isCollectingChanges``.
    var collected: [FormChange] = []
    /// Whether ``collected`` is kept: only for calls that return every change.
    var isCollectingChanges = false

    /// Whether nothing was collected.
    var isEmpty: Bool {
        changeCalls.isEmpty && callingWrites == 0 && eventSlots.isEmpty && valueChanges.isEmpty && !isContextChanged
            && runStarts.isEmpty && cancellations.isEmpty && releases.isEmpty && screenDiffs.isEmpty && collected.isEmpty
            && !isCollectingChanges
    }

    /// Records that `aspects` of the observed field in `slot` changed.
    mutating func note(_ aspects: FieldAspects, of slot: Int) {
        if let existing = self.aspects[slot] {
            self.aspects[slot] = existing.union(aspects)
        } else {
            self.aspects[slot] = aspects
            eventSlots.append(slot)
        }
    }



    /// Queues `handler`'s call with `change` of the key in `slot`, for the write numbered `write`
    /// (see ``nextWrite()``).
    mutating func call(_ handler: @escaping @Sendable (FormChange) -> Void, with change: FormChange, of slot: Int, write: Int) {
        changeCalls.append(ChangeCall(handler: handler, change: change, write: write, slot: slot))
    }

    /// ``call(_:with:of:write:)`` for the change's last receiver, which takes the change itself.
    mutating func call(_ handler: @escaping @Sendable (FormChange) -> Void, taking change: consuming FormChange, of slot: Int, write: Int) {
        changeCalls.append(ChangeCall(handler: handler, change: consume change, write: write, slot: slot))
    }

    /// A number for the next write whose change calls are queued.
    mutating func nextWrite() -> Int {
        callingWrites += 1
        return callingWrites
    }

    /// The change calls with a key written more than once merged into the calls of its first write:
    /// a handler hears once per mutation of each key, from its value before the mutation to its
    /// value after (as a transaction's writes are heard), and not at all of a key that ended where it
    /// began. A settling mutation can write a key more than once: a repeat group's summary as each
    /// row's contribution changes, a calculated field written by a reset and then by its calculation.
    ///
    /// - Complexity: O(*c*) for *c* calls.
    func coalescedChangeCalls() -> [ChangeCall] {
        // With nothing to merge, the calls are handed on as they are: the array is shared, not copied.
        guard changeCalls.count > 1, hasKeyWrittenTwice else { return changeCalls }
        var output: [ChangeCall] = []
        output.reserveCapacity(changeCalls.count)
        // Keyed by slot, which names one key for the whole mutation: a lookup hashes an integer, not
        // the key's text.
        var firstWrite: [Int: (write: Int, start: Int, count: Int)] = [:]
        var mergedSlots: Set<Int> = []
        var start = 0
        while start < changeCalls.count {
            let write = changeCalls[start].write
            var end = start + 1
            while end < changeCalls.count && changeCalls[end].write == write { end += 1 }
            let slot = changeCalls[start].slot
            if let first = firstWrite[slot], first.write != write, first.count == end - start {
                let key = changeCalls[start].change.key
                for offset in 0..<first.count {
                    let earlier = output[first.start + offset].change
                    let later = changeCalls[start + offset].change
                    output[first.start + offset].change = FormChange(
                        key: key, boxedOld: earlier.oldValue, boxedNew: later.newValue, origin: later.origin, isSecure: later.isSecure)
                }
                mergedSlots.insert(slot)
            } else {
                if firstWrite[slot] == nil { firstWrite[slot] = (write, output.count, end - start) }
                output += changeCalls[start..<end]
            }
            start = end
        }
        if !mergedSlots.isEmpty {
            output.removeAll { call in
                mergedSlots.contains(call.slot) && Self.isUnchanged(call.change)
            }
        }
        return output
    }

    /// Whether some key's calls come from two different writes: only then is there anything to merge.
    private var hasKeyWrittenTwice: Bool {
        // A write's calls are consecutive, so each write is looked at once, by its first call (read
        // in place: a copy of a call copies its change's values).
        var highestSlot = 0
        for index in changeCalls.indices { highestSlot = max(highestSlot, changeCalls[index].slot) }
        if changeCalls.count * 4 > highestSlot {
            // Calls for most of the slots up to the highest: a mark per slot costs less than hashing.
            var isWritten = [Bool](repeating: false, count: highestSlot + 1)
            var previousWrite = -1
            for index in changeCalls.indices where changeCalls[index].write != previousWrite {
                previousWrite = changeCalls[index].write
                let slot = changeCalls[index].slot
                if isWritten[slot] { return true }
                isWritten[slot] = true
            }
            return false
        }
        var writtenSlots: Set<Int> = []
        var previousWrite = -1
        for index in changeCalls.indices where changeCalls[index].write != previousWrite {
            previousWrite = changeCalls[index].write
            if !writtenSlots.insert(changeCalls[index].slot).inserted { return true }
        }
        return false
    }

    /// Whether a merged change ends where it began: the same value of the same type, or no value.
    private static func isUnchanged(_ change: FormChange) -> Bool {
        switch (change.oldValue, change.newValue) {
        case (nil, nil): true
        case (let old?, let new?): old == new && type(of: old.base) == type(of: new.base)
        default: false
        }
    }

    /// Adds what `later` collected after what this collected, for one delivery.
    mutating func append(_ later: Outgoing) {
        changeCalls += later.changeCalls.map {
            ChangeCall(handler: $0.handler, change: $0.change, write: $0.write + callingWrites, slot: $0.slot)
        }
        callingWrites += later.callingWrites
        for slot in later.eventSlots {
            note(later.aspects[slot] ?? [], of: slot)
        }
        for (slot, change) in later.valueChanges {
            recordValueChange(change, of: slot)
        }
        isContextChanged = isContextChanged || later.isContextChanged
        runStarts += later.runStarts
        cancellations += later.cancellations
        releases += later.releases
        screenDiffs += later.screenDiffs
        collected += later.collected
    }

    /// Keeps the value change of an observed field for its event: the old value of the first write,
    /// the new value of the last.
    mutating func recordValueChange(_ change: FormChange, of slot: Int) {
        if let first = valueChanges[slot] {
            valueChanges[slot] = FormChange(
                key: change.key, boxedOld: first.oldValue, boxedNew: change.newValue, origin: change.origin,
                isSecure: change.isSecure)
        } else {
            valueChanges[slot] = change
        }
    }
}
