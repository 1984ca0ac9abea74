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
        /// The number of the next row made: ids are never given twice.
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
    }

    /// What a live form made for one row.
    struct Row: Sendable {
        var rules: [Int] = []
        var checks: [Int] = []
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
            let statistics = group.statistics
            var summariesOfTally = Array(repeating: [Int](), count: statistics.count)
            for (position, summary) in group.summaries.enumerated() {
                if let index = statistics.firstIndex(of: summary.statistic) { summariesOfTally[index].append(position) }
            }
            let slot = fields.slot(creating: group.key)
            for (position, summary) in group.summaries.enumerated() {
                summaryOfSlot[fields.slot(creating: summary.key)] = (groups.count, position)
            }
            var runtime = Group(definition: group, slot: slot, tallies: statistics.map(RowTally.init), summariesOfTally: summariesOfTally)
            for (position, statistic) in statistics.enumerated() {
                if let field = statistic.field { runtime.talliesOfField[field, default: []].append(position) }
            }
            groupOfSlot[slot] = groups.count
            groupByKey[group.key] = groups.count
            groups.append(runtime)
        }
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
            placement[slot] = place
            slotsOfRow[RowKey(group: place.group, id: place.id), default: []].append(slot)
            found.append(slot)
        }
        return found
    }

    /// The group, row and field `key` names, if it names a field of a row.
    ///
    /// Read byte by byte: keys are compared as written, and most keys are not a row's.
    private func place(_ key: String) -> Placement? {
        var key = key
        return key.withUTF8 { bytes -> Placement? in
            guard bytes.count > 4, bytes[0] != 1 else { return nil }
            for (index, group) in groups.enumerated() {
                let prefix = group.definition.key.utf8
                let count = prefix.count
                guard bytes.count > count + 3, bytes[count] == UInt8(ascii: "."), bytes[count + 1] == UInt8(ascii: "r"),
                    prefix.elementsEqual(bytes[0..<count])
                else { continue }
                var position = count + 2
                var number = 0
                guard bytes[position] != UInt8(ascii: "0") else { continue }
                while position < bytes.count, (48...57).contains(bytes[position]), number < Int.max / 10 - 9 {
                    number = number * 10 + Int(bytes[position] - 48)
                    position += 1
                }
                guard position > count + 2, position + 1 < bytes.count, bytes[position] == UInt8(ascii: "."), number > 0 else { continue }
                let field = String(decoding: bytes[(position + 1)...], as: UTF8.self)
                return Placement(group: index, id: RowID(number), field: field)
            }
            return nil
        }
    }

    /// Forgets what was worked out for `slot`, which is being released: its place in a row and what
    /// it contributed.
    mutating func forget(_ slot: Int) {
        contributed[slot] = nil
        guard let place = placement.removeValue(forKey: slot) else { return }
        let row = RowKey(group: place.group, id: place.id)
        slotsOfRow[row]?.removeAll { $0 == slot }
        if slotsOfRow[row]?.isEmpty == true { slotsOfRow[row] = nil }
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

    /// Every row field check, in group, row and field order.
    func allChecks() -> [Int] {
        var positions: [Int] = []
        for (index, group) in groups.enumerated() {
            for id in group.order {
                guard let row = group.rows[id] else { continue }
                _ = index
                positions += row.checks
            }
        }
        return positions
    }
}
