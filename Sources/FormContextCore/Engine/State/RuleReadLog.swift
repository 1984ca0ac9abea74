/// What the rules of the level under way read, kept in the rule state and recorded by the rules'
/// readers under the form's lock, which every read of the live form takes anyway.
///
/// Why in the state and not in a tracker object of its own: a read of the live form already holds
/// the lock, so recording it there costs a few appends to arrays the lock already guards, where an
/// object shared by the readers cost a reference count on every read and a run-time exclusivity
/// check on every access to its records (one a read, two a level more).
///
/// Which reads count: the level's rule at position *i* reads with the run number `first + i` (see
/// ``begin(rules:)``), and a read counts only while the level runs, only on the thread that runs it
/// (the one that began it), and only while no later rule of the level has read: a reader that user
/// code kept past its rule's run (in a later rule, a later level, or on another thread) records
/// nothing, since those reads are not the rule's own.
struct RuleReadLog: Sendable {
    /// The run number of the level's first rule; 0 between levels, when nothing is recorded.
    private var first: UInt = 0
    /// How many rules the level has.
    private var ruleCount = 0
    /// The rules of the level, by position, while it runs (released when it ends, so that the
    /// buffers holding the same array empty it in place).
    private var level: [Int] = []
    /// The thread running the level (see ``ThreadIdentity/currentNumber``).
    private var thread: UInt = 0
    /// The slots read, one rule after another; a key that had no slot yet as `-1 - i` for its place
    /// `i` in `unplacedKeys`.
    private var slots: [Int] = []
    /// For each position of the level whose reads are over (a later rule has read, or the level has
    /// ended), where its reads end in `slots`.
    private var ends: [Int] = []
    /// The keys read that had no slot yet.
    private var unplacedKeys: [String] = []
    /// The key found last, and its slot (-1 for none): the rules of a level often read one field (a
    /// switch), which is then looked up once. Forgotten when a level begins, so it never outlives one.
    private var lastKey = ""
    private var lastSlot = -1

    /// Begins recording the level of `rules` (in the order they run), run by the calling thread.
    ///
    /// - Returns: The run number of the level's first rule; the rule at position *i* reads with
    ///   this number plus *i*.
    mutating func begin(rules: [Int]) -> UInt {
        slots.empty()
        ends.empty()
        unplacedKeys.empty()
        lastSlot = -1
        level = rules
        ruleCount = rules.count
        thread = ThreadIdentity.currentNumber
        first = ReadTracker.reserveRuns(rules.count)
        return first
    }

    /// Where a read through the reader of run `run` goes, if it counts (see the type's comment):
    /// the reading rule's position in the level, the rule, and how many reads of its run came before.
    @inline(__always)
    func place(of run: UInt) -> (position: Int, rule: Int, index: Int)? {
        let position = run &- first
        guard first != 0, position < UInt(ruleCount), Int(position) >= ends.count, thread == ThreadIdentity.currentNumber else { return nil }
        // A rule later than the last one that read starts its reads afresh.
        let index = Int(position) > ends.count ? 0 : slots.count - (ends.last ?? 0)
        return (Int(position), level[Int(position)], index)
    }

    /// The slot of `key` if the key is the one found last.
    @inline(__always)
    func remembered(_ key: String) -> Int? {
        lastSlot >= 0 && key == lastKey ? lastSlot : nil
    }

    /// Remembers that `key` is in `slot`, for the next read of the level.
    @inline(__always)
    mutating func remember(_ key: String, in slot: Int) {
        lastKey = key
        lastSlot = slot
    }

    /// Records that the reader of run `run` read `key`, found in `slot` (`nil` when it has none yet),
    /// if the read counts (see the type's comment).
    mutating func record(_ key: String, slot: Int?, run: UInt) {
        guard let place = place(of: run) else { return }
        record(key, slot: slot, position: place.position)
    }

    /// Records that the rule at `position` read `key`, found in `slot`: a read ``place(of:)`` placed.
    @inline(__always)
    mutating func record(_ key: String, slot: Int?, position: Int) {
        // Every rule before this one has read all it will.
        while ends.count < position { ends.append(slots.count) }
        if let slot {
            slots.append(slot)
        } else {
            slots.append(-1 - unplacedKeys.count)
            unplacedKeys.append(key)
        }
    }

    /// Ends the level: nothing is recorded from now on. Hands over what the level's rules read by
    /// exchanging arrays: the slots into `slots` (the log records the next level's in the storage
    /// that held), the range of them each rule read, in the level's order, appended to `ranges`, and
    /// the keys read that had no slot into `unplaced` (a slot `-1 - i` in `slots` is the key
    /// `unplaced[i]`).
    mutating func end(slots taken: inout [Int], ranges: inout [Range<Int>], unplaced: inout [String]) {
        first = 0
        level = []
        while ends.count < ruleCount { ends.append(slots.count) }
        var start = 0
        for end in ends {
            ranges.append(start..<end)
            start = end
        }
        swap(&slots, &taken)
        swap(&unplacedKeys, &unplaced)
    }
}

extension EngineState {
    /// Reads the stored value of `key` for the rule reading with run number `run`, recording the
    /// read in the rules' log (see ``RuleReadLog``); absent when the key has none or its field
    /// carries any of `flags`.
    ///
    /// Called under the lock, by a rule's reader: the only change it makes is to the log.
    @inline(__always)
    mutating func ruleRead(of key: String, run: UInt, unless flags: FieldFlags) -> StoredValue {
        guard let slot = ruleReadSlot(of: key, run: run), fields.flags(at: slot).isDisjoint(with: flags) else { return .absent }
        return fields.stored(at: slot)
    }

    /// The slot of `key`, `nil` when it has none, for the rule reading with run number `run`; the
    /// read is recorded in the rules' log.
    ///
    /// A rule mostly reads what it read on its last run, in the same order: its read at index *i*
    /// tries the slot its last run read at *i* first, which costs a comparison of the key with
    /// that slot's, where finding the key costs a hash of it.
    @inline(__always)
    private mutating func ruleReadSlot(of key: String, run: UInt) -> Int? {
        let place = rules.reads.place(of: run)
        let slot: Int?
        if let place, let guess = graph.read(place.index, of: .init(.rule, place.rule)), !fields.isFree(guess), fields.key(at: guess) == key {
            slot = guess
        } else if let remembered = rules.reads.remembered(key) {
            slot = remembered
        } else {
            slot = fields.slot(of: key)
            if let slot { rules.reads.remember(key, in: slot) }
        }
        if let place { rules.reads.record(key, slot: slot, position: place.position) }
        return slot
    }
}
