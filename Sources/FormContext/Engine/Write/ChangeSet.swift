/// What one mutation of a live form changed: the input of the settle stages and, with what they
/// add, of delivery.
///
/// It carries the change only: how far each stage has got through it is the stage's own
/// (``SettleStage/Pass``), so the same change set reads the same to every stage.
///
/// The lists the settle stages read are kept only while the form has something to settle (a
/// definition), so a plain store pays nothing for them; what delivery needs is kept only for fields
/// someone observes.
struct ChangeSet: Sendable {
    /// One value change, for the settle stages.
    struct ValueChange: Sendable {
        let slot: Int
        let origin: FormChangeOrigin
    }

    /// What the mutation asks validation to do besides reacting to changes.
    struct ValidationRequest: Sendable {
        /// Validate every field and the form.
        var all = false
        /// Validate these fields (and the form).
        var slots: [Int] = []
        /// Drop every issue first (a reset).
        var clearsAll = false
    }

    /// Whether the settle stages need the lists below.
    let isSettling: Bool

    // MARK: For the settle stages

    /// Value changes, in order.
    var values: [ValueChange] = []
    /// Fields shown, hidden, enabled or disabled.
    var activity: [Int] = []
    /// Fields that lost focus.
    var blurred: [Int] = []
    /// Fields shown or hidden through the API (rules that cannot see hidden fields read these).
    var concealment: [Int] = []
    var validation = ValidationRequest()

    // MARK: For delivery

    /// A change handler to call, and the write that calls it.
    struct ChangeCall: Sendable {
        let handler: @Sendable (FormChange) -> Void
        var change: FormChange
        /// The write, numbered in this change set: a write's calls share its number.
        let write: Int
    }

    /// Change handlers to call, in order.
    var changeCalls: [ChangeCall] = []
    /// How many writes have queued change calls.
    var callingWrites = 0
    /// Observed fields in the order they first changed, and what changed about each.
    var eventSlots: [Int] = []
    var aspects: [Int: FieldAspects] = [:]
    /// The value change of each observed field, for its event (old value from the first write).
    var valueChanges: [Int: FormChange] = [:]
    /// Whether any value changed while someone tracks the whole context.
    var isContextChanged = false
    /// Asynchronous runs to start, and superseded ones to cancel, once the lock is released.
    var runStarts: [ValidationState.Start] = []
    var cancellations: [Task<Void, Never>] = []
    /// Objects to let go of only after the lock is released (removed handlers may own controls).
    var releases: [any Sendable] = []

    /// The changes made, in order, while ``isCollectingChanges``.
    var collected: [FormChange] = []
    /// Whether ``collected`` is kept: only for calls that return every change.
    var isCollectingChanges = false

    init(isSettling: Bool) {
        self.isSettling = isSettling
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



    /// Queues `handler`'s call with `change`, for the write numbered `write` (see ``nextWrite()``).
    mutating func call(_ handler: @escaping @Sendable (FormChange) -> Void, with change: FormChange, write: Int) {
        changeCalls.append(ChangeCall(handler: handler, change: change, write: write))
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
    func coalescedChangeCalls() -> [(@Sendable (FormChange) -> Void, FormChange)] {
        guard changeCalls.count > 1 else { return changeCalls.map { ($0.handler, $0.change) } }
        var output: [ChangeCall] = []
        output.reserveCapacity(changeCalls.count)
        var firstWrite: [String: (write: Int, start: Int, count: Int)] = [:]
        var mergedKeys: Set<String> = []
        var start = 0
        while start < changeCalls.count {
            let write = changeCalls[start].write
            var end = start + 1
            while end < changeCalls.count && changeCalls[end].write == write { end += 1 }
            let key = changeCalls[start].change.key
            if let first = firstWrite[key], first.write != write, first.count == end - start {
                for offset in 0..<first.count {
                    let earlier = output[first.start + offset].change
                    let later = changeCalls[start + offset].change
                    output[first.start + offset].change = FormChange(
                        key: key, boxedOld: earlier.oldValue, boxedNew: later.newValue, origin: later.origin, isSecure: later.isSecure)
                }
                mergedKeys.insert(key)
            } else {
                if firstWrite[key] == nil { firstWrite[key] = (write, output.count, end - start) }
                output += changeCalls[start..<end]
            }
            start = end
        }
        if !mergedKeys.isEmpty {
            output.removeAll { call in
                mergedKeys.contains(call.change.key) && Self.isUnchanged(call.change)
            }
        }
        return output.map { ($0.handler, $0.change) }
    }

    /// Whether a merged change ends where it began: the same value of the same type, or no value.
    private static func isUnchanged(_ change: FormChange) -> Bool {
        switch (change.oldValue, change.newValue) {
        case (nil, nil): true
        case (let old?, let new?): old == new && type(of: old.base) == type(of: new.base)
        default: false
        }
    }

    /// Adds what `later` recorded after what this change set recorded, for one delivery.
    mutating func append(_ later: ChangeSet) {
        // Settled by now: what they changed is kept for the settle's subscribers.
        if isSettling {
            values += later.values
            concealment += later.concealment
        }
        changeCalls += later.changeCalls.map { ChangeCall(handler: $0.handler, change: $0.change, write: $0.write + callingWrites) }
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
        collected += later.collected
    }
}
