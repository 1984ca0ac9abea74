/// What one mutation of a live form changed: the input of the settle stages and, with what they
/// add, of delivery.
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
    /// How many of ``values`` and ``concealment`` the rule stage has taken in.
    var rulesTakenValues = 0
    var rulesTakenConcealment = 0
    /// Whether the rule stage has begun its pass over this change set.
    var rulesBegun = false
    /// Whether calculations give clean fields their initial value too (when a definition is attached).
    var calculationsSetInitialValues = false
    /// Whether the validation stage has planned this change set.
    var isValidationPlanned = false

    // MARK: For delivery

    /// Change handlers to call, in order.
    var changeCalls: [(@Sendable (FormChange) -> Void, FormChange)] = []
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



    /// Adds what `later` recorded after what this change set recorded, for one delivery.
    mutating func append(_ later: ChangeSet) {
        changeCalls += later.changeCalls
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
