/// The repeat groups of a live form: each group's last valid row order, which chunk holds each row
/// and its neighbours, the rules and checks made for each row, the statistics kept over the rows,
/// and which group, row and field each slot under a group belongs to.
///
/// The order itself is a value in the field table (the group's key holds a ``RowOrder``); this is
/// what the form derives from it, brought up to date whenever that value changes.
struct RepeatState: Sendable {
    struct Group: Sendable {
        let definition: RepeatGroup
        let slot: Int
        /// The last row order the group's key held (a value of another type leaves it as it was).
        var order = RowOrder()
        /// The number of the next row made: ids are never given twice, in a group inside a row
        /// either, whose number outlasts its row (see `nextNumberOfDetached`).
        var nextNumber = 1
        /// A row, out of ``RowID/isInRange``, of the order the group's key holds: that order was
        /// refused and the rows stay as they were, as for a value of another type.
        var refusedRow: RowID?
        /// The lineage of the chunk of ``order`` that holds each row, to find a row's position
        /// without a search.
        var lineageOf: [RowID: ObjectIdentifier] = [:]
        var previous: [RowID: RowID] = [:]
        var next: [RowID: RowID] = [:]
        /// The rows that exist, with what was made for each.
        var rows: [RowID: Row] = [:]
        /// The statistics kept over the rows, those of the summaries first, each once.
        var tallies: [RowTally]
        /// The statistics reading each field of a row.
        var talliesOfField: [String: [Int]] = [:]
        /// For each field, the slots its values feed through the group's statistics: each statistic's
        /// signal and the summaries kept from it. Each row's field is given them as its feeds edges in
        /// the form's graph (``DependencyGraph/setFeeds(_:of:)``) while its row exists.
        var fedSlotsOfField: [String: [Int]] = [:]
        /// The summaries kept from each statistic, by position in the definition's summaries.
        var summariesOfTally: [[Int]]
        /// For a group inside a row of another group (one such group per row), that row.
        var enclosing: RowKey?
        /// The group's key relative to the row it lies in (`members` for `households.r1.members`).
        var nameInRow = ""
        /// The slots of the group's summaries.
        var summarySlots: [Int] = []
        /// The rows with slots placed under them, rows gone included while their slots last.
        var placedRows: Set<RowID> = []
        /// Whether the group is the form's: a group of a row that went is detached, its place kept
        /// for the next group of a row.
        var isAttached = true
        /// The rows of ``rows`` that their own visibility condition hides
        /// (``RepeatGroup/rowVisible(when:)``): left out of the row count and of the submission.
        var hiddenRows: Set<RowID> = []

        /// How many rows the group shows: the rows of its order that their own condition does not hide.
        var shownCount: Int { order.count - hiddenRows.count }
    }

    /// What a live form made for one row.
    struct Row: Sendable {
        var rules: [Int] = []
        var checks: [Int] = []
        /// The groups inside the row, one for each repeat group among the row's fields.
        var groups: [Int] = []
    }

    /// Which group, row and field a slot belongs to.
    struct Placement: Sendable {
        let group: Int
        let id: RowID
        let field: String
    }

    /// A row of a group.
    struct RowKey: Hashable, Sendable {
        let group: Int
        let id: RowID
    }

    /// The check of one field of one row.
    struct RowCheck: Sendable {
        let slot: Int
        let field: FieldDefinition
    }

    private(set) var groups: [Group] = []
    /// Places of detached groups, given to the next group of a row.
    private var freeGroups: [Int] = []
    /// The next row number of each group inside a row that was detached, by its key
    /// (`households.r1.members`): the group taken again when its row comes back (a reset, a restore,
    /// an order written) goes on from there, so that no id is given to two rows. One number for each
    /// such key the form has detached.
    private var nextNumberOfDetached: [String: Int] = [:]
    private(set) var groupOfSlot: [Int: Int] = [:]
    /// The group and the position among its summaries of each summary's slot.
    private(set) var summaryOfSlot: [Int: (group: Int, position: Int)] = [:]
    private var groupByKey: [String: Int] = [:]
    private(set) var placement: [Int: Placement] = [:]
    private(set) var slotsOfRow: [RowKey: [Int]] = [:]
    /// What each slot under a group with statistics last contributed to them.
    var contributed: [Int: StoredValue] = [:]
    /// How many slots have been placed (a mark of ``FieldTable/madeCount``).
    private(set) var placed = 0

    /// Whether a group inside a row whose key holds no order when the row is set up starts with an
    /// empty order and its minimum rows; `false` for a form that only evaluates its rules.
    var makesRows = true
    /// Groups inside rows (index and key's slot) whose key held no order when their row was set up:
    /// each starts with an empty order and its minimum rows once the writes under way are in, if its
    /// key holds no order then.
    var unfilled: [(group: Int, slot: Int, origin: FormChangeOrigin)] = []
    /// While above 0, ``unfilled`` waits: the values of new rows are being written.
    var holdsFills = 0
    /// Whether the rows ``unfilled`` makes are initial values (the form's values being set up).
    var fillsAsInitial = false

    /// Check positions from here on are rows' fields' (below it, the definition's fields').
    private(set) var checkBase = 0
    private var checks: [RowCheck?] = []
    private var freeChecks: [Int] = []
    private(set) var checkOfSlot: [Int: Int] = [:]

    /// How far the rows stage has followed the change set it last followed (see ``RowStage``), and
    /// the passes of the change sets it followed before it, most recent last: a change set written
    /// while another settles is followed between two steps of the other.
    private(set) var following = RowStage.Pass(changeSet: 0)
    private var earlierPasses: [RowStage.Pass] = []

    /// Makes the pass of change set `id` the one followed, begun afresh if the stage never followed it.
    @inline(__always)
    mutating func beginFollowing(_ id: UInt64) {
        guard following.changeSet != id else { return }
        let earlier = earlierPasses.firstIndex { $0.changeSet == id }
        let pass = earlier.map { earlierPasses.remove(at: $0) } ?? RowStage.Pass(changeSet: id)
        if following.changeSet != 0 {
            earlierPasses.append(following)
            // A change set not followed for four others' is over; followed again, it is followed from its start.
            if earlierPasses.count > 4 { earlierPasses.removeFirst() }
        }
        following = pass
    }

    /// Records that the rows stage took in one more value change of the change set it follows.
    mutating func tookValue() { following.values += 1 }

    /// Records that the rows stage took in one more activity change of the change set it follows.
    mutating func tookActivity() { following.activity += 1 }

    /// Whether the form has no repeat group.
    var isEmpty: Bool { groups.isEmpty }

    // MARK: Attaching

    /// Takes the repeat groups of `definition`, forgetting any before.
    mutating func attach(_ definition: FormDefinition?, fields: inout FieldTable) {
        self = RepeatState()
        guard let definition else { return }
        checkBase = definition.fields.count
        for field in definition.fields {
            guard let group = field.repeatGroup else { continue }
            _ = add(group, enclosing: nil, fields: &fields)
        }
    }

    /// Takes `group`, lying in row `enclosing` of another group if given.
    ///
    /// - Returns: Its index.
    /// - Complexity: O(*s*) for its *s* statistics and summaries.
    private mutating func add(_ group: RepeatGroup, enclosing: RowKey?, fields: inout FieldTable) -> Int {
        let index = freeGroups.popLast() ?? groups.count
        let statistics = group.statistics
        var summariesOfTally = Array(repeating: [Int](), count: statistics.count)
        for (position, summary) in group.summaries.enumerated() {
            if let tally = statistics.firstIndex(of: summary.statistic) { summariesOfTally[tally].append(position) }
        }
        let slot = fields.slot(creating: group.key)
        var runtime = Group(definition: group, slot: slot, tallies: statistics.map(RowTally.init), summariesOfTally: summariesOfTally)
        for (position, summary) in group.summaries.enumerated() {
            let summarySlot = fields.slot(creating: summary.key)
            summaryOfSlot[summarySlot] = (index, position)
            runtime.summarySlots.append(summarySlot)
        }
        for (position, statistic) in statistics.enumerated() {
            if let field = statistic.field { runtime.talliesOfField[field, default: []].append(position) }
        }
        runtime.enclosing = enclosing
        if enclosing != nil, let next = nextNumberOfDetached[group.key] { runtime.nextNumber = next }
        if let row = group.enclosingRow { runtime.nameInRow = String(group.key.dropFirst(row.prefix.count)) }
        groupOfSlot[slot] = index
        groupByKey[group.key] = index
        if index == groups.count { groups.append(runtime) } else { groups[index] = runtime }
        return index
    }

    /// Takes `group`, the group inside row `row` (see ``RepeatGroup/instanced(in:)``), and places
    /// under it the slots placed so far in that row under its key.
    ///
    /// - Returns: Its index, and the slots placed under it.
    /// - Complexity: O(*s*) for the slots placed in the row.
    mutating func attachInner(_ group: RepeatGroup, in row: RowKey, fields: inout FieldTable) -> (index: Int, placed: [Int]) {
        let index = add(group, enclosing: row, fields: &fields)
        let name = groups[index].nameInRow
        var moved: [Int] = []
        for slot in slotsOfRow[row] ?? [] {
            guard let place = placement[slot], place.field.hasPrefix(name + "."),
                let inner = Self.split(place.field.utf8.dropFirst(name.utf8.count + 1))
            else { continue }
            move(slot, to: Placement(group: index, id: inner.id, field: inner.field))
            moved.append(slot)
        }
        return (index, moved)
    }

    /// Detaches group `index`, a group of a row, whose rows are taken down: the slots placed under
    /// it go back to the row it lay in, as if it had never been (`members.r2.name` a key of that row).
    ///
    /// - Complexity: O(*s*) for the slots placed under it.
    mutating func detach(_ index: Int) {
        let group = groups[index]
        guard group.isAttached, let row = group.enclosing else { return }
        for id in group.placedRows {
            for slot in slotsOfRow[RowKey(group: index, id: id)] ?? [] {
                guard let place = placement[slot] else { continue }
                move(slot, to: Placement(group: row.group, id: row.id, field: group.nameInRow + "." + id.description + "." + place.field))
            }
        }
        nextNumberOfDetached[group.definition.key] = Swift.max(nextNumberOfDetached[group.definition.key] ?? 1, group.nextNumber)
        groupOfSlot[group.slot] = nil
        groupByKey[group.definition.key] = nil
        for slot in group.summarySlots { summaryOfSlot[slot] = nil }
        var shell = Group(definition: group.definition, slot: group.slot, tallies: [], summariesOfTally: [])
        shell.isAttached = false
        groups[index] = shell
        freeGroups.append(index)
    }

    /// Places `slot` at `place`, out of the row it was placed in.
    private mutating func move(_ slot: Int, to place: Placement) {
        unplace(slot)
        placement[slot] = place
        let row = RowKey(group: place.group, id: place.id)
        slotsOfRow[row, default: []].append(slot)
        groups[place.group].placedRows.insert(place.id)
    }

    /// Takes `slot` out of the row it is placed in.
    private mutating func unplace(_ slot: Int) {
        guard let place = placement.removeValue(forKey: slot) else { return }
        let row = RowKey(group: place.group, id: place.id)
        slotsOfRow[row]?.removeAll { $0 == slot }
        if slotsOfRow[row]?.isEmpty == true {
            slotsOfRow[row] = nil
            groups[place.group].placedRows.remove(place.id)
        }
    }

    /// The row id and the rest of `text` shaped `rN.field` (field not empty).
    private static func split(_ text: Substring.UTF8View) -> (id: RowID, field: String)? {
        guard let dot = text.firstIndex(of: UInt8(ascii: ".")), text.index(after: dot) < text.endIndex,
            let id = RowID(Substring(text[..<dot]))
        else { return nil }
        return (id, String(Substring(text[text.index(after: dot)...])))
    }

    /// The index of the group with key `key`.
    func group(withKey key: String) -> Int? {
        groupByKey[key]
    }

    // MARK: Placing slots

    /// Works out the group, row and field of every slot made since the last call.
    ///
    /// - Returns: The new slots under a row.
    mutating func placeNewSlots(of fields: FieldTable) -> [Int] {
        defer { placed = fields.madeCount }
        guard !groups.isEmpty, placed < fields.madeCount else { return [] }
        var found: [Int] = []
        for slot in fields.slotsMade(since: placed) {
            guard let place = place(fields[slot].key) else { continue }
            move(slot, to: place)
            found.append(slot)
        }
        return found
    }

    /// The group, row and field `key` names, if it names a field of a row: in the innermost group
    /// holding it (`households.r1.members.r2.name` is field `name` of row `r2` of the members of
    /// household `r1`, while that group is attached, and field `members.r2.name` of household `r1`
    /// otherwise).
    ///
    /// Read byte by byte, each `.rN.` looked up once: keys are compared as written, most keys are
    /// not a row's, and the cost does not grow with the number of groups.
    ///
    /// - Complexity: O(*k*) for a key of length *k*, one lookup for each `.rN.` in it.
    private func place(_ key: String) -> Placement? {
        let utf8 = key.utf8
        guard utf8.count > 4, utf8.first != 1 else { return nil }
        var found: Placement?
        var index = utf8.startIndex
        while let dot = utf8[index...].firstIndex(of: UInt8(ascii: ".")) {
            let after = utf8.index(after: dot)
            index = after
            guard after < utf8.endIndex, utf8[after] == UInt8(ascii: "r"), let inner = Self.split(utf8[after...]) else { continue }
            guard let group = groupByKey[String(Substring(utf8[..<dot]))] else { continue }
            found = Placement(group: group, id: inner.id, field: inner.field)
        }
        return found
    }

    /// Forgets what was worked out for `slot`, which is being released: its place in a row and what
    /// it contributed.
    mutating func forget(_ slot: Int) {
        contributed[slot] = nil
        unplace(slot)
    }

    /// The slots of `id`'s fields in `group`, every slot the form made under the row.
    func slots(of id: RowID, in group: Int) -> [Int] {
        slotsOfRow[RowKey(group: group, id: id)] ?? []
    }

    // MARK: Rows

    /// Replaces what the form keeps of group `index`.
    mutating func update(_ index: Int, _ change: (inout Group) -> Void) {
        change(&groups[index])
    }

    /// The row out of range that made the form refuse the order the key of group `key` holds, if any.
    func refusedRow(ofGroup key: String) -> RowID? {
        groupByKey[key].flatMap { groups[$0].refusedRow }
    }

    /// The row before (`previous`) or after `id` in the group with key `key`.
    func neighbour(of id: RowID, inGroup key: String, previous: Bool) -> RowID? {
        guard let index = groupByKey[key] else { return nil }
        return previous ? groups[index].previous[id] : groups[index].next[id]
    }

    /// The position of `id` in group `index`, found through the chunk holding it.
    ///
    /// - Complexity: O(*c* + *k*) for *c* chunks of at most *k* rows.
    func position(of id: RowID, inGroup index: Int) -> Int? {
        let group = groups[index]
        guard let lineage = group.lineageOf[id] else { return nil }
        return group.order.position(of: id, inLineage: lineage)
    }

    /// The statistic at `index` of the group with key `key`.
    func statistic(_ index: Int, ofGroup key: String) -> RowTally.Result? {
        guard let group = groupByKey[key], index < groups[group].tallies.count else { return nil }
        return groups[group].tallies[index].result
    }

    // MARK: Checks

    /// Registers the check of `field` for the row field in `slot`.
    ///
    /// - Returns: Its check position.
    mutating func addCheck(_ field: FieldDefinition, at slot: Int) -> Int {
        let check = RowCheck(slot: slot, field: field)
        let position: Int
        if let free = freeChecks.popLast() {
            checks[free - checkBase] = check
            position = free
        } else {
            checks.append(check)
            position = checkBase + checks.count - 1
        }
        checkOfSlot[slot] = position
        return position
    }

    /// Takes away the check at `position`.
    mutating func removeCheck(_ position: Int) {
        guard position >= checkBase, let check = checks[position - checkBase] else { return }
        checks[position - checkBase] = nil
        if checkOfSlot[check.slot] == position { checkOfSlot[check.slot] = nil }
        freeChecks.append(position)
    }

    /// The row field check at `position`.
    func check(at position: Int) -> RowCheck? {
        position >= checkBase && position - checkBase < checks.count ? checks[position - checkBase] : nil
    }

    /// Every row field check, in group, row and field order, the rows of a group inside a row after
    /// that row's checks.
    func allChecks() -> [Int] {
        var positions: [Int] = []
        for index in groups.indices where groups[index].isAttached && groups[index].enclosing == nil {
            addChecks(ofGroup: index, to: &positions)
        }
        return positions
    }

    private func addChecks(ofGroup index: Int, to positions: inout [Int]) {
        for id in groups[index].order {
            guard let row = groups[index].rows[id] else { continue }
            positions += row.checks
            for inner in row.groups { addChecks(ofGroup: inner, to: &positions) }
        }
    }

    /// The slots placed under row `id` of group `index` and under the rows of the groups inside it,
    /// rows gone included while their slots last.
    ///
    /// - Complexity: O(*s*) for the *s* slots.
    func slots(under id: RowID, in index: Int) -> [Int] {
        var found = slots(of: id, in: index)
        for inner in groups[index].rows[id]?.groups ?? [] {
            for innerID in groups[inner].placedRows { found += slots(under: innerID, in: inner) }
        }
        return found
    }
}
