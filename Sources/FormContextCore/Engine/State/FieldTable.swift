import Synchronization

/// The values of a live form and its per-field state: one ``FieldRecord`` per key, found by one hash
/// of the key (or by the hash a caller already made of it), plus the sets the form asks about as a
/// whole (dirty, touched, inactive), kept exact as records change so that no question about the
/// whole form scans it.
///
/// A key gets a slot the first time the form needs one for it. A slot that comes to hold nothing is
/// released (see `EngineState.reclaimSlots(into:)`): its key is forgotten and its number goes on a free
/// list, handed out again before the table grows. Every slot made (new or reused) is logged until
/// everything that works out per-slot facts for new slots (the rules' groups, the repeat groups'
/// placement, observation) has taken it in.
struct FieldTable: Sendable {
    /// The slot of each key, found by the key's hash; the key of a slot is its record's.
    private var slots = KeyPlaces()
    private(set) var records: [FieldRecord] = []
    /// Released slots, handed out again last released first.
    private var freeList: [Int] = []
    /// The same slots, to ask about one in O(1).
    private(set) var free = SlotSet()
    /// The slots made since the log was last forgotten, in the order they were made (a reused slot
    /// may appear again after being released and made anew only once the log is forgotten).
    private var made: [Int] = []
    /// How many slots were made before the first one in `made`.
    private var madeBase = 0
    /// Slots that may have come to hold nothing (a value removed, a row taken down, an observer
    /// gone), to look at when slots are next reclaimed.
    private(set) var candidates: [Int] = []
    /// ``madeCount`` when every slot was last looked at.
    var sweptAt = 0
    /// Slots whose value differs from their initial value.
    private(set) var dirty = SlotSet()
    /// Slots that have been touched (blurred, or visited by a submit).
    private(set) var touched = SlotSet()
    /// Slots that are hidden or disabled.
    private(set) var inactive = SlotSet()
    /// Slots whose connected control holds text it could not parse.
    private(set) var pendingText = SlotSet()
    /// The number of keys with a value.
    private(set) var valueCount = 0

    /// A table holding `context`'s values as both current and initial values.
    init(_ context: FormContext) {
        slots.reserveCapacity(context.count)
        records.reserveCapacity(context.count)
        for (key, value) in context.storage {
            let slot = makeSlot(for: key, hash: hash(of: key))
            let stored = StoredValue(stored: value)
            records[slot].stored = stored
            records[slot].storedInitial = stored
            valueCount += 1
        }
        for key in context.secureKeys {
            records[slot(creating: key)].flags.insert(.secret)
        }
        // Every slot holds something: none to look at, none to sweep, none of them logged.
        forgetMade()
        sweptAt = madeCount
    }

    // MARK: Finding records

    #if DEBUG
    /// How many keys this table (and every copy of it) has hashed to find or place a slot. Debug
    /// builds only: tests check with it that a batch's writes find their slots by the hashes the
    /// batch made as they were written.
    let keysHashed = HashCount()

    /// A count shared by a table and its copies.
    final class HashCount: Sendable {
        let count = Atomic<Int>(0)
    }
    #endif

    /// The hash the table finds `key` by: its `hashValue`, which a caller may make beforehand and
    /// hand to ``slot(of:hash:)`` or ``slot(writing:under:hash:)``.
    @inline(__always)
    func hash(of key: String) -> Int {
        #if DEBUG
        keysHashed.count.add(1, ordering: .relaxed)
        #endif
        return key.hashValue
    }

    /// The slot of `key`, or `nil` if the form has never heard of it.
    @inline(__always)
    func slot(of key: String) -> Int? {
        slot(of: key, hash: hash(of: key))
    }

    /// The slot of `key`, whose `hashValue` is `hash`, or `nil` if the form has never heard of it.
    @inline(__always)
    func slot(of key: String, hash: Int) -> Int? {
        slots.place(hash: hash, where: { records[$0].key == key })
    }

    /// The slot of `key`, made if the form has never heard of it.
    @inline(__always)
    mutating func slot(creating key: String) -> Int {
        let hash = hash(of: key)
        if let slot = slot(of: key, hash: hash) { return slot }
        return makeSlot(for: key, hash: hash)
    }

    /// The slot a write of `value` under `key` (whose `hashValue` is `hash`) goes to: the key's slot,
    /// made if the form has never heard of the key and `value` is present; `nil` when the write
    /// removes a key the form has never heard of, which writes nothing.
    ///
    /// Every write by key finds its slot here.
    @inline(__always)
    mutating func slot(writing value: StoredValue, under key: String, hash: Int) -> Int? {
        if let slot = slot(of: key, hash: hash) { return slot }
        return value.isPresent ? makeSlot(for: key, hash: hash) : nil
    }

    /// Makes a slot for `key` (whose `hashValue` is `hash`), which has none.
    private mutating func makeSlot(for key: String, hash: Int) -> Int {
        let slot: Int
        if let reused = freeList.popLast() {
            slot = reused
            free.remove(slot)
            records[slot] = FieldRecord(key: key)
        } else {
            slot = records.count
            records.append(FieldRecord(key: key))
        }
        slots.insert(slot, hash: hash)
        made.append(slot)
        return slot
    }

    // MARK: Reclaiming

    /// How many slots have been made, new or reused, since the table was made: a mark for
    /// ``slotsMade(since:)``.
    var madeCount: Int { madeBase + made.count }

    /// The slots made since `mark` (a ``madeCount``), in the order they were made; every live slot
    /// when the log no longer reaches back that far (a part starting afresh).
    func slotsMade(since mark: Int) -> [Int] {
        mark >= madeBase ? Array(made[(mark - madeBase)...]) : liveSlots
    }

    /// Forgets the log of slots made: every part has taken them in.
    mutating func forgetMade() {
        madeBase += made.count
        made.removeAll(keepingCapacity: made.count <= 1024)
    }

    /// Notes that `slot` may have come to hold nothing. Past one note per slot (notes made while slots
    /// cannot be reclaimed yet), the notes give way to a sweep of every slot at the next chance.
    @inline(__always)
    mutating func consider(_ slot: Int) {
        if candidates.count > records.count + 64 {
            candidates.removeAll(keepingCapacity: true)
            sweptAt = madeCount - Int(Int32.max)
        }
        candidates.append(slot)
    }

    /// Takes the slots to look at: those made since the log was last forgotten and those noted.
    mutating func takeCandidates() -> [Int] {
        // Most mutations make no slot and note nothing: no list is built, and none shares the log's
        // buffer (emptying a shared buffer while keeping its capacity makes a new one).
        if candidates.isEmpty && made.isEmpty { return [] }
        var taken = made
        taken += candidates
        candidates.removeAll(keepingCapacity: candidates.count <= 1024)
        return taken
    }

    /// Whether `slot` has been released and not made again.
    @inline(__always)
    func isFree(_ slot: Int) -> Bool {
        free.contains(slot)
    }

    /// The number of keys with a slot.
    var liveSlotCount: Int { slots.count }

    /// The slots not released, in ascending order.
    ///
    /// - Complexity: O(*n*) for *n* slots.
    var liveSlots: [Int] { (0..<records.count).filter { !free.contains($0) } }

    /// Releases `slot`, which must hold nothing (no value, no initial value, no flag, in no set): its
    /// key is forgotten and its number is handed out again.
    mutating func release(_ slot: Int) {
        slots.remove(slot, hash: hash(of: records[slot].key))
        records[slot] = FieldRecord(key: "")
        free.insert(slot)
        freeList.append(slot)
    }

    /// The record in `slot`, read in place.
    @inline(__always)
    subscript(slot: Int) -> FieldRecord {
        _read { yield records[slot] }
    }

    /// The flags of the field in `slot`, read without copying its record.
    @inline(__always)
    func flags(at slot: Int) -> FieldFlags {
        records[slot].flags
    }

    /// The observation index of the field in `slot` (negative when nobody observes it), read without
    /// copying its record.
    @inline(__always)
    func trackIndex(at slot: Int) -> Int32 {
        records[slot].trackIndex
    }

    /// The stored value in `slot`, read without copying its record.
    @inline(__always)
    func stored(at slot: Int) -> StoredValue {
        records[slot].stored
    }

    /// The value in `slot`, or `nil` when it has none, read without copying its record.
    @inline(__always)
    func value(at slot: Int) -> AnyHashable? {
        records[slot].stored.value
    }

    /// The initial value in `slot`, or `nil` when it has none, read without copying its record.
    @inline(__always)
    func initial(at slot: Int) -> AnyHashable? {
        records[slot].storedInitial.value
    }

    /// The key of the field in `slot`, read without copying its record.
    @inline(__always)
    func key(at slot: Int) -> String {
        records[slot].key
    }

    /// Whether the field in `slot` is neither hidden nor disabled, read without copying its record.
    @inline(__always)
    func isActive(at slot: Int) -> Bool {
        records[slot].flags.isDisjoint(with: .inactive)
    }

    /// The number of slots, released ones included: one past the highest slot number.
    var slotCount: Int { records.count }

    /// The value under `key`, or `nil`.
    @inline(__always)
    func value(of key: String) -> AnyHashable? {
        guard let slot = slot(of: key) else { return nil }
        return records[slot].value
    }

    /// The value under `key` if the field is active, otherwise `nil`: what validators see.
    @inline(__always)
    func activeValue(of key: String) -> AnyHashable? {
        value(of: key, unless: .inactive)
    }

    /// The value under `key`, or `nil` when the field has none or carries any of `flags`.
    @inline(__always)
    func value(of key: String, unless flags: FieldFlags) -> AnyHashable? {
        guard let slot = slot(of: key) else { return nil }
        return records[slot].flags.isDisjoint(with: flags) ? records[slot].value : nil
    }

    /// Whether `key` is active (visible and enabled); a key the form never heard of is.
    func isActive(_ key: String) -> Bool {
        guard let slot = slot(of: key) else { return true }
        return records[slot].isActive
    }

    /// Whether the value under `key` is secret.
    func isSecret(_ key: String) -> Bool {
        guard let slot = slot(of: key) else { return false }
        return records[slot].flags.contains(.secret)
    }

    // MARK: Values

    /// Stores `value` in `slot` and keeps the dirty set exact. The value is moved into the record:
    /// a caller done with it hands it over without a copy.
    ///
    /// - Returns: The old value if the value changed (in value or type); `nil` if it was already the same.
    @inline(__always)
    mutating func write(_ value: consuming StoredValue, at slot: Int) -> StoredValue? {
        let wasDirty = dirty.contains(slot)
        let isPresent = value.isPresent
        guard let (old, isDirty) = records[slot].replaceValue(with: value, wasDirty: wasDirty) else { return nil }
        if !old.isPresent {
            valueCount += 1
        } else if !isPresent {
            valueCount -= 1
            consider(slot)
        }
        if isDirty != wasDirty { dirty.update(slot, isMember: isDirty) }
        return old
    }

    /// Stores the initial value of `slot` as its value, leaving the field clean, and keeps the dirty
    /// set exact.
    ///
    /// - Returns: The old value if the value changed (in value or type); `nil` if the field already
    ///   held its initial value.
    @inline(__always)
    mutating func restoreInitial(at slot: Int) -> StoredValue? {
        // The record answers whether its new value is present: reading it here would copy the record.
        guard let (old, isPresent) = records[slot].restoreInitial() else { return nil }
        if !old.isPresent {
            valueCount += 1
        } else if !isPresent {
            valueCount -= 1
            consider(slot)
        }
        if dirty.contains(slot) { dirty.update(slot, isMember: false) }
        return old
    }

    /// Makes `value` the initial value of `slot` and keeps the dirty set exact.
    ///
    /// - Returns: Whether the initial value changed.
    @discardableResult
    mutating func setInitial(_ value: StoredValue, at slot: Int) -> Bool {
        guard !records[slot].storedInitial.isSame(as: value) else { return false }
        records[slot].storedInitial = value
        dirty.update(slot, isMember: !records[slot].stored.isSame(as: value))
        return true
    }

    // MARK: Field state

    /// Puts `slot` in or out of the touched set.
    ///
    /// - Returns: Whether that changed anything.
    @discardableResult
    mutating func setTouched(_ isTouched: Bool, at slot: Int) -> Bool {
        touched.update(slot, isMember: isTouched)
    }

    /// Forgets every touched flag in O(1).
    mutating func untouchAll() {
        touched.removeAll()
    }

    /// Sets or clears `flag` on `slot`, keeping the inactive set exact.
    ///
    /// - Returns: Whether the flag changed.
    @discardableResult
    mutating func setFlag(_ flag: FieldFlags, _ isSet: Bool, at slot: Int) -> Bool {
        let had = records[slot].flags.isSuperset(of: flag)
        guard had != isSet else { return false }
        if isSet { records[slot].flags.formUnion(flag) } else { records[slot].flags.subtract(flag) }
        if !flag.isDisjoint(with: .inactive) {
            inactive.update(slot, isMember: !records[slot].flags.isDisjoint(with: .inactive))
        }
        if flag.contains(.pendingControlText) {
            pendingText.update(slot, isMember: isSet)
        }
        return true
    }

    /// Records where the registrar key paths of `slot` are kept.
    mutating func setTrackIndex(_ index: Int32, at slot: Int) {
        records[slot].trackIndex = index
    }

    // MARK: Snapshots

    /// Every value, with the secret keys marked.
    ///
    /// - Complexity: O(*n*) for *n* slots.
    var context: FormContext { snapshot { $0.value } }

    /// The values of the active fields, with the secret keys marked: what a submit sends.
    ///
    /// - Complexity: O(*n*) for *n* slots.
    var activeContext: FormContext { snapshot { $0.isActive ? $0.value : nil } }

    /// Every initial value, with the secret keys marked.
    ///
    /// - Complexity: O(*n*) for *n* slots.
    var initialContext: FormContext { snapshot { $0.initial } }

    private func snapshot(_ pick: (FieldRecord) -> AnyHashable?) -> FormContext {
        var context = FormContext()
        context.storage.reserveCapacity(valueCount)
        for record in records {
            if let value = pick(record) { context.storage[record.key] = value }
            if record.flags.contains(.secret) { context.secureKeys.insert(record.key) }
        }
        return context
    }

    /// The keys of the slots in `set`.
    func keys(of set: SlotSet) -> Set<String> {
        Set(set.members.map { records[$0].key })
    }

    /// The secret keys.
    ///
    /// - Complexity: O(*n*) for *n* slots.
    var secretKeys: Set<String> {
        Set(records.lazy.filter { $0.flags.contains(.secret) }.map(\.key))
    }

    // MARK: Invariants

    /// What is wrong with the table, if anything: the running sets and counts must match the records.
    ///
    /// - Complexity: O(*n*); for tests and debug builds.
    func invariantViolations() -> [String] {
        var violations: [String] = []
        var values = 0
        for (slot, record) in records.enumerated() {
            if free.contains(slot) {
                if !record.isVacant || !record.key.isEmpty { violations.append("released slot \(slot) holds something") }
                if dirty.contains(slot) || touched.contains(slot) || inactive.contains(slot) || pendingText.contains(slot) {
                    violations.append("released slot \(slot) is in a set")
                }
                continue
            }
            // Hashed here rather than through `hash(of:)`: a check is not a lookup, and is not counted.
            if self.slot(of: record.key, hash: record.key.hashValue) != slot { violations.append("slot \(slot) of '\(record.key)' is not indexed") }
            if record.stored.isPresent { values += 1 }
            if record.stored.digest != StoredValue(stored: record.value).digest { violations.append("stale value digest of '\(record.key)'") }
            if record.storedInitial.digest != StoredValue(stored: record.initial).digest {
                violations.append("stale initial digest of '\(record.key)'")
            }
            if dirty.contains(slot) != record.isDirty { violations.append("dirty set wrong for '\(record.key)'") }
            if inactive.contains(slot) == record.isActive { violations.append("inactive set wrong for '\(record.key)'") }
            if pendingText.contains(slot) != record.flags.contains(.pendingControlText) {
                violations.append("pending-text set wrong for '\(record.key)'")
            }
        }
        if values != valueCount { violations.append("value count \(valueCount), records hold \(values)") }
        if slots.count + free.count != records.count {
            violations.append("\(slots.count) keys indexed and \(free.count) slots released for \(records.count) records")
        }
        if freeList.count != free.count || freeList.contains(where: { !free.contains($0) }) {
            violations.append("free list of \(freeList.count) slots does not match the \(free.count) released")
        }
        return violations
    }
}
