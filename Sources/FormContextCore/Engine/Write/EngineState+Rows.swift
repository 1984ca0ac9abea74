/// Repeat groups, as the rows stage (``RowStage``) carries them out: whenever a group's key takes a
/// new ``RowOrder``, the rows that left are taken down (their values, state, rules and checks go
/// with them) and the rows that came are set up; neighbours and statistics follow, each change
/// costing what it touches.
extension EngineState {
    // MARK: Attaching

    /// Takes the repeat groups of `definition`: rows already ordered are set up, and, when
    /// `makingRows`, a group whose key holds no order starts with an empty one and a group with fewer
    /// rows than its minimum gets new ones, all as the form's initial state.
    mutating func attachRepeats(_ definition: FormDefinition, makingRows: Bool = true, into changes: inout ChangeSet) {
        // The feeds of the groups attached before go with them.
        graph.removeAllFeeds()
        repeats.attach(definition, fields: &fields)
        guard !repeats.isEmpty else { return }
        repeats.makesRows = makingRows
        // The rows of groups inside the starting rows are where the form starts from.
        repeats.fillsAsInitial = makingRows
        defer { repeats.fillsAsInitial = false }
        // The rows stage follows the change set from here on, the writes below included.
        changes.keepsListsFromHere()
        for index in repeats.groups.indices { recordFeeds(ofGroup: index) }
        placeRowSlots(into: &changes)
        for index in repeats.groups.indices {
            // The definition and slot only: holding the group's state would copy it on every change.
            let definition = repeats.groups[index].definition
            let slot = repeats.groups[index].slot
            let summarySlots = definition.summaries.map { fields.slot(creating: $0.key) }
            let cleanSummaries = summarySlots.filter { !fields.dirty.contains($0) }
            guard makingRows else {
                reconcileRows(index, origin: .program, into: &changes)
                updateRowCount(ofGroup: index, into: &changes)
                for position in definition.summaries.indices { writeSummary(position, ofGroup: index, into: &changes) }
                continue
            }
            let stored = fields[slot].stored
            if !stored.isPresent {
                let empty = StoredValue(RowOrder())
                setInitial(empty, at: slot, into: &changes)
                _ = write(empty, at: slot, origin: .program, into: &changes)
                RowStage.follow(&self, &changes)
            } else {
                reconcileRows(index, origin: .program, into: &changes)
                // The groups inside the rows given get their rows before the summaries are taken.
                RowStage.follow(&self, &changes)
            }
            updateRowCount(ofGroup: index, into: &changes)
            // A key holding something the form cannot take keeps it: new rows would write over it.
            let holdsOrder = !stored.isPresent || (stored.box.base is RowOrder && repeats.groups[index].refusedRow == nil)
            let missing = definition.minimumCount - repeats.groups[index].order.count
            if missing > 0, holdsOrder {
                let isClean = !fields.dirty.contains(slot)
                let ids = addRows(missing, toGroup: index, at: repeats.groups[index].order.count, origin: .program, into: &changes)
                if isClean {
                    // The rows' groups and their summaries as the new rows make them.
                    RowStage.follow(&self, &changes)
                    setInitial(fields[slot].stored, at: slot, into: &changes)
                    for id in ids {
                        for rowSlot in repeats.slots(under: id, in: index) { setInitial(fields[rowSlot].stored, at: rowSlot, into: &changes) }
                    }
                }
            }
            // Summaries of the starting rows are where the form starts from.
            for position in definition.summaries.indices { writeSummary(position, ofGroup: index, into: &changes) }
            for summarySlot in cleanSummaries { setInitial(fields[summarySlot].stored, at: summarySlot, into: &changes) }
        }
        RowStage.follow(&self, &changes)
    }

    // MARK: Writing

    /// Follows a value written into `slot`, for the rows stage: a group's new order, a row field's
    /// new contribution to the group's statistics, or a summary written by something other than its
    /// summary (a restore, a reset, the program), which takes the value the rows give it again, as a
    /// calculated field does.
    mutating func rowsDidWrite(at slot: Int, origin: FormChangeOrigin, into changes: inout ChangeSet) {
        if repeats.placed < fields.madeCount { placeRowSlots(into: &changes) }
        if let group = repeats.groupOfSlot[slot] {
            reconcileRows(group, origin: origin, into: &changes)
            return
        }
        // A summary kept in a row (by a group inside it) is a field of that row too.
        if repeats.placement[slot] != nil { updateContribution(at: slot, into: &changes) }
        if origin != .calculation, let summary = repeats.summaryOfSlot[slot] {
            writeSummary(summary.position, ofGroup: summary.group, into: &changes)
        }
    }

    /// Follows the field in `slot` shown, hidden, enabled or disabled, for the rows stage: a row
    /// field's contribution to the group's statistics counts only while it is shown, and a group's
    /// rows are hidden and disabled with it.
    mutating func rowsActivityDidChange(at slot: Int, into changes: inout ChangeSet) {
        if repeats.placed < fields.madeCount { placeRowSlots(into: &changes) }
        updateContribution(at: slot, into: &changes)
        if let group = repeats.groupOfSlot[slot] { cascadeGroupActivity(group, into: &changes) }
    }

    /// Works out what the fields of group `index` feed through its statistics (each row's fields are
    /// given those feeds edges while their row exists, see ``setUpRow(_:inGroup:origin:into:)``), and records
    /// in the graph what its key feeds: every statistic, as rows coming and going change them all.
    mutating func recordFeeds(ofGroup index: Int) {
        let key = repeats.groups[index].definition.key
        var fedOfField: [String: [Int]] = [:]
        var all: [Int] = []
        for (tally, statistic) in repeats.groups[index].tallies.map(\.statistic).enumerated() {
            var fed = [fields.slot(creating: RowSignalKey.statistic(tally, of: key))]
            for position in repeats.groups[index].summariesOfTally[tally] {
                fed.append(fields.slot(creating: repeats.groups[index].definition.summaries[position].key))
            }
            all += fed
            if let field = statistic.field { fedOfField[field, default: []] += fed }
        }
        // "Every row holds …" changes with the number of rows too.
        for summary in repeats.groups[index].definition.summaries where summary.presentation == .all {
            all.append(fields.slot(creating: summary.key))
        }
        repeats.update(index) { $0.fedSlotsOfField = fedOfField }
        graph.setFeeds(all, of: repeats.groups[index].slot)
    }

    /// Whether `slot` is a field of a row its group does not have: a value there would belong to
    /// no row.
    mutating func isOutsideRows(_ slot: Int, into changes: inout ChangeSet) -> Bool {
        guard !repeats.isEmpty else { return false }
        // The rows as the values written so far make them.
        RowStage.follow(&self, &changes)
        if repeats.placed < fields.madeCount { placeRowSlots(into: &changes) }
        guard let place = repeats.placement[slot] else { return false }
        return repeats.groups[place.group].rows[place.id] == nil
    }

    /// Places the slots made since the last call; a field of a secret template field is secret.
    mutating func placeRowSlots(into changes: inout ChangeSet) {
        for slot in repeats.placeNewSlots(of: fields) { placeRowSlot(slot, into: &changes) }
    }

    /// Gives `slot`, just placed in a row, what its place gives it: the group's next id past its row's,
    /// secrecy from its field, and the group's hidden and disabled state while its row exists.
    mutating func placeRowSlot(_ slot: Int, into changes: inout ChangeSet) {
        guard let place = repeats.placement[slot] else { return }
        // A key under an id no row can have holds no number back: the group never gives it.
        if place.id.isInRange, place.id.number >= repeats.groups[place.group].nextNumber {
            repeats.update(place.group) { $0.nextNumber = place.id.number + 1 }
        }
        if repeats.groups[place.group].definition.field(place.field)?.isSecure == true { setSecret(true, at: slot, into: &changes) }
        // A field of a row that exists is hidden and disabled with its group from the start.
        if repeats.groups[place.group].rows[place.id] != nil {
            let cascaded = groupActivityFlags(of: place.group)
            if !cascaded.isEmpty {
                setHidden(cascaded.contains(.groupHidden), at: slot, by: .groupHidden, into: &changes)
                setDisabled(cascaded.contains(.groupDisabled), at: slot, by: .groupDisabled, into: &changes)
            }
        }
    }

    /// Inserts `count` new rows, holding the fields' defaults, into group `index` at `position`.
    ///
    /// - Returns: The new rows' ids.
    @discardableResult
    mutating func addRows(_ count: Int, toGroup index: Int, at position: Int, values: FormContext = FormContext(),
        origin: FormChangeOrigin, into changes: inout ChangeSet
    ) -> [RowID] {
        guard count > 0 else { return [] }
        return addRows(Array(repeating: values, count: count), toGroup: index, at: position, origin: origin, into: &changes)
    }

    /// Inserts a new row for each of `rows`, holding the fields' defaults with its values on top, into
    /// group `index` at `position`, or in place of every row when `replacing`: the order is written once.
    ///
    /// - Returns: The new rows' ids.
    @discardableResult
    mutating func addRows(_ rows: [FormContext], toGroup index: Int, at position: Int, replacing: Bool = false,
        origin: FormChangeOrigin, into changes: inout ChangeSet
    ) -> [RowID] {
        // No id above the largest (the row operations refuse before): a count rule or a minimum
        // makes the rows there are ids for.
        let left = repeats.groups[index].rowIDsLeft
        let rows = rows.count > left ? Array(rows.prefix(left)) : rows
        guard !rows.isEmpty || replacing else { return [] }
        // The rows as the values written so far make them: the new ones go into that order.
        RowStage.follow(&self, &changes)
        // The groups inside the new rows wait for the rows' values: a row may give them their order.
        repeats.holdsFills += 1
        var order = replacing ? RowOrder() : repeats.groups[index].order
        var ids: [RowID] = []
        for offset in rows.indices {
            let id = RowID(repeats.groups[index].nextNumber)
            repeats.update(index) { $0.nextNumber += 1 }
            order = order.inserted(id, at: position + offset)
            ids.append(id)
        }
        let group = repeats.groups[index].definition
        _ = write(StoredValue(order), at: repeats.groups[index].slot, origin: origin, into: &changes)
        // The new rows are set up (their fields placed, secret ones marked) before their values are written.
        RowStage.follow(&self, &changes)
        // Rows given to a group inside a new row, as an array of values: the group starts empty and
        // takes them once the row is set up.
        var innerRows: [(key: String, rows: [FormContext])] = []
        for (id, values) in zip(ids, rows) {
            let scope = id.scope(in: group.key)
            for field in group.fields where field.defaultValue != nil || values.storage[field.key] != nil {
                var value = values.storage[field.key].map { StoredValue(stored: $0) } ?? StoredValue(field.defaultValue)
                if field.repeatGroup != nil, let given = value.box.base as? [FormContext] {
                    innerRows.append((scope.key(field.key), given))
                    value = StoredValue(RowOrder())
                }
                _ = write(value, for: scope.key(field.key), origin: origin, into: &changes)
            }
            for (key, value) in values.storage where group.field(key) == nil {
                _ = write(StoredValue(stored: value), for: scope.key(key), origin: origin, into: &changes)
            }
        }
        repeats.holdsFills -= 1
        // A new row's groups start with their minimum rows, as the form's do, unless the row's own
        // values give them an order or rows (another row's do not).
        let inner = group.fields.filter { field in field.repeatGroup.map { $0.minimumCount > 0 } == true }
        RowStage.follow(&self, &changes)
        for (key, given) in innerRows {
            guard let innerIndex = repeats.group(withKey: key) else { continue }
            addRows(given, toGroup: innerIndex, at: 0, origin: origin, into: &changes)
        }
        guard !inner.isEmpty else { return ids }
        for (id, values) in zip(ids, rows) {
            for field in inner where values.storage[field.key] == nil {
                guard let minimum = field.repeatGroup?.minimumCount, let innerIndex = repeats.group(withKey: id.scope(in: group.key).key(field.key))
                else { continue }
                addRows(minimum, toGroup: innerIndex, at: 0, origin: origin, into: &changes)
            }
        }
        return ids
    }

    /// Brings group `index` in line with the order its key holds, if it holds one: rows that left
    /// are taken down, rows that came are set up, and the rows whose neighbours changed are told.
    ///
    /// Only what differs between the two orders is looked at: chunks the orders share are passed
    /// over whole, and inside the chunks that differ, the rows before and after the edit.
    ///
    /// - Complexity: O(*c* + *k*·*m* + *d*) for *c* chunks, *m* chunks that differ, of at most *k*
    ///   rows each, and *d* rows whose place or presence changed: an edit of one row touches one chunk.
    mutating func reconcileRows(_ index: Int, origin: FormChangeOrigin, into changes: inout ChangeSet) {
        let value = fields[repeats.groups[index].slot].stored
        let new: RowOrder
        if !value.isPresent {
            new = RowOrder()
        } else if let order = value.box.base as? RowOrder {
            new = order
        } else {
            // Not an order: the rows stay as they were, and validation reports the value's type.
            return
        }
        if repeats.groups[index].refusedRow != nil { repeats.update(index) { $0.refusedRow = nil } }
        let old = repeats.groups[index].order
        var leaving: [RowID] = []
        var arriving: [RowID] = []
        var lineages: [(RowID, ObjectIdentifier)] = []
        var edges: [Int] = []
        for region in Self.changedRegions(from: old, to: new) {
            let oldIDs = region.old.flatMap { old.chunks[$0].ids }
            let newIDs = region.new.flatMap { new.chunks[$0].ids }
            let shortest = Swift.min(oldIDs.count, newIDs.count)
            var prefix = 0
            while prefix < shortest && oldIDs[prefix] == newIDs[prefix] { prefix += 1 }
            var suffix = 0
            while suffix < shortest - prefix && oldIDs[oldIDs.count - 1 - suffix] == newIDs[newIDs.count - 1 - suffix] { suffix += 1 }
            let end = newIDs.count - suffix
            // One row moved within the region (the others shifted by one, keeping their neighbours but
            // at its two places): only that row came, and only the rows around its two places changed.
            let moved = Self.movedRow(from: oldIDs[prefix..<(oldIDs.count - suffix)], to: newIDs[prefix..<end]).map { prefix + $0 }
            if let moved {
                leaving.append(newIDs[moved])
                arriving.append(newIDs[moved])
            } else {
                leaving += oldIDs[prefix..<(oldIDs.count - suffix)]
                arriving += newIDs[prefix..<end]
            }
            // Rows in a chunk of a new lineage are all recorded; in a continued lineage, those that came.
            let oldLineages = Set(region.old.map { ObjectIdentifier(old.chunks[$0].lineage) })
            var offset = 0
            for chunk in region.new.map({ new.chunks[$0] }) {
                let lineage = ObjectIdentifier(chunk.lineage)
                let isContinued = oldLineages.contains(lineage)
                for (position, id) in chunk.ids.enumerated() {
                    let inRegion = offset + position
                    let came = moved.map { inRegion == $0 } ?? (inRegion >= prefix && inRegion < end)
                    if !isContinued || came { lineages.append((id, lineage)) }
                }
                offset += chunk.ids.count
            }
            // The rows whose neighbours may have changed: those that came, and one either side.
            let base = region.new.lowerBound < new.chunks.count ? new.start(ofChunk: region.new.lowerBound) : new.count
            if moved != nil {
                let around = [prefix - 1, prefix, prefix + 1, end - 2, end - 1, end].map { base + $0 }
                edges += around.filter { $0 >= 0 && $0 < new.count }
            } else {
                let first = Swift.max(base + prefix - 1, 0)
                let last = Swift.min(base + end, new.count - 1)
                if first <= last { edges += first...last }
            }
        }
        guard !leaving.isEmpty || !arriving.isEmpty || !lineages.isEmpty else {
            repeats.update(index) { $0.order = new }
            return
        }
        let arrivingSet = Set(arriving)
        let leavingSet = Set(leaving)
        let removed = leaving.filter { !arrivingSet.contains($0) }
        let added = arriving.filter { !leavingSet.contains($0) }
        // An id no row can have (its keys would not read back, or no id is left after it): the rows
        // stay as they were, and validation and the row operations name it.
        if let refused = added.first(where: { !$0.isInRange }) {
            repeats.update(index) { $0.refusedRow = refused }
            return
        }
        repeats.update(index) { group in
            group.order = new
            for (id, lineage) in lineages { group.lineageOf[id] = lineage }
            for id in removed {
                group.lineageOf[id] = nil
                group.previous[id] = nil
                group.next[id] = nil
            }
            for id in added where id.number >= group.nextNumber { group.nextNumber = id.number + 1 }
        }
        for id in removed { tearDownRow(id, inGroup: index, origin: origin, into: &changes) }
        for id in added { setUpRow(id, inGroup: index, origin: origin, into: &changes) }
        for position in Set(edges).sorted() { refreshNeighbours(at: position, in: index, into: &changes) }
        if new.count != old.count { updateRowCount(ofGroup: index, into: &changes) }
    }

    /// The position in `new` of the one row that moved, when `new` is `old` with its last row moved
    /// to the front or its first row moved to the back; `nil` otherwise.
    ///
    /// - Complexity: O(*n*) comparisons of ids, for *n* rows in each.
    static func movedRow(from old: ArraySlice<RowID>, to new: ArraySlice<RowID>) -> Int? {
        guard old.count == new.count, old.count >= 2, let oldFirst = old.first, let oldLast = old.last,
            let newFirst = new.first, let newLast = new.last
        else { return nil }
        if newFirst == oldLast && new.dropFirst().elementsEqual(old.dropLast()) { return 0 }
        if newLast == oldFirst && new.dropLast().elementsEqual(old.dropFirst()) { return new.count - 1 }
        return nil
    }

    /// The runs of chunks that differ between `old` and `new`, as ranges of each one's chunks;
    /// chunks both share, in the same order, lie between them.
    ///
    /// - Complexity: O(*c*) for *c* chunks in both.
    static func changedRegions(from old: RowOrder, to new: RowOrder) -> [(old: Range<Int>, new: Range<Int>)] {
        // The chunks both begin and end with, compared by identity; only what lies between is matched.
        let shortest = Swift.min(old.chunks.count, new.chunks.count)
        var head = 0
        while head < shortest && old.chunks[head] === new.chunks[head] { head += 1 }
        var tail = 0
        while tail < shortest - head && old.chunks[old.chunks.count - 1 - tail] === new.chunks[new.chunks.count - 1 - tail] { tail += 1 }
        let oldMiddle = head..<(old.chunks.count - tail)
        let newMiddle = head..<(new.chunks.count - tail)
        guard !oldMiddle.isEmpty || !newMiddle.isEmpty else { return [] }
        var oldIndex: [ObjectIdentifier: Int] = [:]
        oldIndex.reserveCapacity(oldMiddle.count)
        for position in oldMiddle { oldIndex[ObjectIdentifier(old.chunks[position])] = position }
        var regions: [(old: Range<Int>, new: Range<Int>)] = []
        var nextOld = oldMiddle.lowerBound
        var nextNew = newMiddle.lowerBound
        for position in newMiddle {
            guard let matched = oldIndex[ObjectIdentifier(new.chunks[position])], matched >= nextOld else { continue }
            if matched > nextOld || position > nextNew { regions.append((nextOld..<matched, nextNew..<position)) }
            nextOld = matched + 1
            nextNew = position + 1
        }
        if nextOld < oldMiddle.upperBound || nextNew < newMiddle.upperBound {
            regions.append((nextOld..<oldMiddle.upperBound, nextNew..<newMiddle.upperBound))
        }
        return regions
    }

    /// Records the neighbours of the row at `position` of group `index`, telling the rules that read
    /// them if they changed.
    private mutating func refreshNeighbours(at position: Int, in index: Int, into changes: inout ChangeSet) {
        let order = repeats.groups[index].order
        let id = order[position]
        let before = position > 0 ? order[position - 1] : nil
        let after = position + 1 < order.count ? order[position + 1] : nil
        let key = repeats.groups[index].definition.key
        if repeats.groups[index].previous[id] != before {
            repeats.update(index) { $0.previous[id] = before }
            neighbourDidChange(RowSignalKey.neighbour(of: id, in: key, previous: true), to: before, in: index, into: &changes)
        }
        if repeats.groups[index].next[id] != after {
            repeats.update(index) { $0.next[id] = after }
            neighbourDidChange(RowSignalKey.neighbour(of: id, in: key, previous: false), to: after, in: index, into: &changes)
        }
    }

    /// Tells the rules that read a row's neighbour through `key` that it is now `neighbour`: they
    /// forget what they read through the old one, are placed after the new one's rules (whose
    /// values they are about to read), and run again.
    private mutating func neighbourDidChange(_ key: String, to neighbour: RowID?, in index: Int, into changes: inout ChangeSet) {
        guard let slot = fields.slot(of: key) else { return }
        if changes.isSettling { changes.values.append(.init(slot: slot, origin: .calculation)) }
        guard let readers = graph.readers(of: slot, .rule) else { return }
        let producers = neighbour.flatMap { repeats.groups[index].rows[$0]?.rules } ?? []
        let needed = (producers.map { rules.heights[$0] }.max() ?? -1) + 1
        for rule in readers.sorted() {
            graph.record([slot], for: .init(.rule, rule))
            if rules.heights[rule] < needed, let cycle = rules.raise(rule, to: needed, readingFrom: Set(producers), in: graph) {
                rules.breakCycle(cycle)
            }
            rules.schedule(rule)
        }
    }

    /// Tells whatever read `key` (a group's statistic) that it changed.
    mutating func signal(_ key: String, into changes: inout ChangeSet) {
        guard let slot = fields.slot(of: key) else { return }
        if changes.isSettling { changes.values.append(.init(slot: slot, origin: .calculation)) }
        scheduleReaders(ofFed: slot)
    }
}
