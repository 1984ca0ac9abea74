/// What the rules of the level under way read, kept in the rule state and recorded by the rules'
/// readers under the form's lock, which every read of the live form takes anyway.
///
/// Why in the state and not in a tracker object of its own: a read of the live form already holds
/// the lock, so recording it there costs a few appends to arrays the lock already guards, where an
/// object shared by the readers cost a reference count on every read and a run-time exclusivity
/// check on every access to its records (one a read, two a level more).
///
/// Which reads count: the rule numbered *r* (its index among the form's rules) reads with the run
/// number `first + r` of its level (see ``begin(ruleCount:)``); run numbers only grow, for the life of
/// the form. The thread running the level tells the form which rule runs before it runs each
/// (``FormContextObject/runningRule``). A read counts only if its reader's number is the rule
/// running now's, and only on the thread that runs the level (the one that began it): a reader that
/// user code kept past its rule's run (read by a later rule, in a later level, or on another thread)
/// records nothing, since those reads are not the rule's own.
struct RuleReadLog: Sendable {
    /// The run number of the rule numbered 0 in the level under way; 0 between levels, when nothing
    /// is recorded.
    private var first: UInt = 0
    /// How many rules the form has: the run numbers of a level cover them all.
    private var ruleCount = 0
    /// The first run number of the next level.
    private(set) var nextRun: UInt = 1
    /// The thread running the level (see ``ThreadIdentity/currentNumber``).
    private var thread: UInt = 0
    /// The slots read, one rule after another; a key that had no slot yet as `-1 - i` for its place
    /// `i` in `unplacedKeys`.
    private var slots: [Int] = []
    /// The rule that made each read of `slots`.
    private var readers: [Int] = []
    /// The rule that read last, and where its reads begin in `slots`.
    private var lastReader = -1
    private var lastReaderStart = 0
    /// The keys read that had no slot yet.
    private var unplacedKeys: [String] = []
    /// The key found last, and its slot (-1 for none): the rules of a level often read one field (a
    /// switch), which is then looked up once. Forgotten when a level begins, so it never outlives one.
    private var lastKey = ""
    private var lastSlot = -1

    /// A log whose run numbers go on from `previous`'s: a reader kept from before never reads with
    /// a number of this log's levels.
    init(after previous: RuleReadLog? = nil) {
        nextRun = previous?.nextRun ?? 1
    }

    /// Begins recording a level of the form's rules, of which there are `ruleCount`, run by the
    /// calling thread.
    ///
    /// - Returns: The run number of the rule numbered 0; the rule numbered *r* reads with this
    ///   number plus *r*.
    mutating func begin(ruleCount: Int) -> UInt {
        slots.empty()
        readers.empty()
        unplacedKeys.empty()
        lastReader = -1
        lastSlot = -1
        self.ruleCount = ruleCount
        thread = ThreadIdentity.currentNumber
        first = nextRun
        nextRun &+= UInt(max(ruleCount, 1))
        return first
    }

    /// Where a read through the reader of run `run` goes, if it counts (see the type's comment):
    /// the reading rule, and how many reads of its run came before.
    ///
    /// - Parameter running: The run number of the rule running now.
    @inline(__always)
    func place(of run: UInt, running: UInt) -> (rule: Int, index: Int)? {
        let number = run &- first
        guard first != 0, run == running, number < UInt(ruleCount), thread == ThreadIdentity.currentNumber else { return nil }
        let rule = Int(number)
        return (rule, rule == lastReader ? slots.count - lastReaderStart : 0)
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
    /// if the read counts (see the type's comment) while the rule of run `running` runs.
    mutating func record(_ key: String, slot: Int?, run: UInt, running: UInt) {
        guard let place = place(of: run, running: running) else { return }
        record(key, slot: slot, rule: place.rule)
    }

    /// Records that `rule` read `key`, found in `slot`: a read ``place(of:)`` placed.
    @inline(__always)
    mutating func record(_ key: String, slot: Int?, rule: Int) {
        if rule != lastReader {
            lastReader = rule
            lastReaderStart = slots.count
        }
        readers.append(rule)
        if let slot {
            slots.append(slot)
        } else {
            slots.append(-1 - unplacedKeys.count)
            unplacedKeys.append(key)
        }
    }

    /// Ends the level of `level` (its rules, in ascending order): nothing is recorded from now on.
    /// Hands over what the level's rules read by exchanging arrays: the slots into `slots` (the log
    /// records the next level's in the storage that held), the range of them each rule read, in
    /// the level's order, appended to `ranges`, and the keys read that had no slot into `unplaced`
    /// (a slot `-1 - i` in `slots` is the key `unplaced[i]`).
    mutating func end(level: [Int], slots taken: inout [Int], ranges: inout [Range<Int>], unplaced: inout [String]) {
        first = 0
        var position = 0
        for rule in level {
            let start = position
            while position < readers.count, readers[position] == rule { position += 1 }
            ranges.append(start..<position)
        }
        swap(&slots, &taken)
        swap(&unplacedKeys, &unplaced)
    }
}

extension EngineState {
    /// Reads the stored value of `key` for the rule reading with run number `run`, recording the
    /// read in the rules' log (see ``RuleReadLog``) if that rule is the one running (`running`);
    /// absent when the key has none or its field carries any of `flags`.
    ///
    /// Called under the lock, by a rule's reader: the only change it makes is to the log.
    @inline(__always)
    mutating func ruleRead(of key: String, run: UInt, running: UInt, unless flags: FieldFlags) -> StoredValue {
        guard let slot = ruleReadSlot(of: key, run: run, running: running), fields.flags(at: slot).isDisjoint(with: flags) else { return .absent }
        return fields.stored(at: slot)
    }

    /// The slot of `key`, `nil` when it has none, for the rule reading with run number `run`; the
    /// read is recorded in the rules' log if that rule is the one running (`running`).
    ///
    /// A rule mostly reads what it read on its last run, in the same order: its read at index *i*
    /// tries the slot its last run read at *i* first, which costs a comparison of the key with
    /// that slot's, where finding the key costs a hash of it.
    @inline(__always)
    private mutating func ruleReadSlot(of key: String, run: UInt, running: UInt) -> Int? {
        let place = rules.reads.place(of: run, running: running)
        let slot: Int?
        if let place, let guess = graph.read(place.index, of: .init(.rule, place.rule)), !fields.isFree(guess), fields.key(at: guess) == key {
            slot = guess
        } else if let remembered = rules.reads.remembered(key) {
            slot = remembered
        } else {
            slot = fields.slot(of: key)
            if let slot { rules.reads.remember(key, in: slot) }
        }
        if let place { rules.reads.record(key, slot: slot, rule: place.rule) }
        return slot
    }
}
