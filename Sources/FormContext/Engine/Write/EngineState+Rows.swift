/// Repeat groups in the write stage: whenever a group's key takes a new ``RowOrder``, the rows that
/// left are taken down (their values, state, rules and checks go with them) and the rows that came
/// are set up; neighbours and statistics follow, each change costing what it touches.
extension EngineState {
    // MARK: Attaching

    /// Takes the repeat groups of `definition`: rows already ordered are set up, and, when
    /// `makingRows`, a group whose key holds no order starts with an empty one and a group with fewer
    /// rows than its minimum gets new ones, all as the form's initial state.
    mutating func attachRepeats(_ definition: FormDefinition, makingRows: Bool = true, into changes: inout ChangeSet) {
        repeats.attach(definition, fields: &fields)
        guard !repeats.isEmpty else { return }
        placeRowSlots(into: &changes)
        for index in repeats.groups.indices {
            let group = repeats.groups[index]
            let slot = group.slot
            let summarySlots = group.definition.summaries.map { fields.slot(creating: $0.key) }
            let cleanSummaries = summarySlots.filter { !fields.dirty.contains($0) }
            guard makingRows else {
                reconcileRows(index, origin: .program, into: &changes)
                updateRowCount(ofGroup: index, into: &changes)
                for position in group.definition.summaries.indices { writeSummary(position, ofGroup: index, into: &changes) }
                continue
            }
            if !fields[slot].stored.isPresent {
                let empty = StoredValue(RowOrder())
                setInitial(empty, at: slot, into: &changes)
                _ = write(empty, at: slot, origin: .program, into: &changes)
            } else {
                reconcileRows(index, origin: .program, into: &changes)
            }
            updateRowCount(ofGroup: index, into: &changes)
            let missing = group.definition.minimumCount - repeats.groups[index].order.count
            if missing > 0 {
                let isClean = !fields.dirty.contains(slot)
                let ids = addRows(missing, toGroup: index, at: repeats.groups[index].order.count, origin: .program, into: &changes)
                if isClean {
                    setInitial(fields[slot].stored, at: slot, into: &changes)
                    for id in ids {
                        for rowSlot in repeats.slots(of: id, in: index) { setInitial(fields[rowSlot].stored, at: rowSlot, into: &changes) }
                    }
                }
            }
            // Summaries of the starting rows are where the form starts from.
            for position in group.definition.summaries.indices { writeSummary(position, ofGroup: index, into: &changes) }
            for summarySlot in cleanSummaries { setInitial(fields[summarySlot].stored, at: summarySlot, into: &changes) }
        }
    }

    // MARK: Writing

    /// Follows a value written into `slot`: a group's new order, or a row field's new contribution to
    /// the group's statistics.
    @inline(__always)
    mutating func rowsDidWrite(at slot: Int, origin: FormChangeOrigin, into changes: inout ChangeSet) {
        if slot >= repeats.placed { placeRowSlots(into: &changes) }
        if let group = repeats.groupOfSlot[slot] {
            reconcileRows(group, origin: origin, into: &changes)
        } else if repeats.placement[slot] != nil {
            updateContribution(at: slot, into: &changes)
        }
    }

    /// Places the slots made since the last call; a field of a secret template field is secret.
    mutating func placeRowSlots(into changes: inout ChangeSet) {
        for slot in repeats.placeNewSlots(of: fields) {
            guard let place = repeats.placement[slot] else { continue }
            let group = repeats.groups[place.group]
            if place.id.number >= group.nextNumber { repeats.update(place.group) { $0.nextNumber = place.id.number + 1 } }
            if group.definition.field(place.field)?.isSecure == true { setSecret(true, at: slot, into: &changes) }
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
        var order = repeats.groups[index].order
        var ids: [RowID] = []
        for offset in 0..<count {
            let id = RowID(repeats.groups[index].nextNumber)
            repeats.update(index) { $0.nextNumber += 1 }
            order = order.inserted(id, at: position + offset)
            ids.append(id)
        }
        let group = repeats.groups[index].definition
        _ = write(StoredValue(order), at: repeats.groups[index].slot, origin: origin, into: &changes)
        for id in ids {
            let scope = id.scope(in: group.key)
            for field in group.fields where field.defaultValue != nil || values.storage[field.key] != nil {
                let value = values.storage[field.key].map { StoredValue(stored: $0) } ?? StoredValue(field.defaultValue)
                _ = write(value, for: scope.key(field.key), origin: origin, into: &changes)
            }
            for (key, value) in values.storage where group.field(key) == nil {
                _ = write(StoredValue(stored: value), for: scope.key(key), origin: origin, into: &changes)
            }
        }
        return ids
    }

    /// Brings group `index` in line with the order its key holds, if it holds one: rows that left
    /// are taken down, rows that came are set up, and the rows whose neighbours changed are told.
    ///
    /// - Complexity: O(*c* + *k*·*m*) for *c* chunks of the order and *m* chunks that differ from the
    ///   last order, of at most *k* rows each: an edit of one row touches one chunk.
    mutating func reconcileRows(_ index: Int, origin: FormChangeOrigin, into changes: inout ChangeSet) {
        let group = repeats.groups[index]
        let value = fields[group.slot].stored
        let new: RowOrder
        if !value.isPresent {
            new = RowOrder()
        } else if let order = value.box.base as? RowOrder {
            new = order
        } else {
            // Not an order: the rows stay as they were, and validation reports the value's type.
            return
        }
        let old = group.order
        let oldChunks = Set(old.chunks.map(ObjectIdentifier.init))
        let newChunks = Set(new.chunks.map(ObjectIdentifier.init))
        var leaving: [RowID] = []
        for chunk in old.chunks where !newChunks.contains(ObjectIdentifier(chunk)) { leaving += chunk.ids }
        var arriving: [RowID] = []
        var changed: [Int] = []
        for (position, chunk) in new.chunks.enumerated() where !oldChunks.contains(ObjectIdentifier(chunk)) {
            arriving += chunk.ids
            changed.append(position)
        }
        guard !leaving.isEmpty || !arriving.isEmpty else { return }
        let arrivingSet = Set(arriving)
        let leavingSet = Set(leaving)
        let removed = leaving.filter { !arrivingSet.contains($0) }
        let added = arriving.filter { !leavingSet.contains($0) }
        // Neighbours of the rows removed, before the order changes.
        var outsiders: [RowID] = []
        for id in removed {
            if let before = group.previous[id] { outsiders.append(before) }
            if let after = group.next[id] { outsiders.append(after) }
        }
        repeats.update(index) { group in
            group.order = new
            for position in changed {
                let chunk = ObjectIdentifier(new.chunks[position])
                for id in new.chunks[position].ids { group.chunkOf[id] = chunk }
            }
            for id in removed {
                group.chunkOf[id] = nil
                group.previous[id] = nil
                group.next[id] = nil
            }
            for id in added where id.number >= group.nextNumber { group.nextNumber = id.number + 1 }
        }
        for id in removed { tearDownRow(id, inGroup: index, origin: origin, into: &changes) }
        for id in added { setUpRow(id, inGroup: index, into: &changes) }
        // Neighbours: every row of a changed chunk, the rows either side of one, and the former
        // neighbours of the rows removed.
        for position in changed {
            let ids = new.chunks[position].ids
            for offset in ids.indices { refreshNeighbours(of: ids[offset], chunk: position, offset: offset, in: index, into: &changes) }
            if position > 0, let last = new.chunks[position - 1].ids.last {
                refreshNeighbours(of: last, chunk: position - 1, offset: new.chunks[position - 1].ids.count - 1, in: index, into: &changes)
            }
            if position + 1 < new.chunks.count {
                refreshNeighbours(of: new.chunks[position + 1].ids[0], chunk: position + 1, offset: 0, in: index, into: &changes)
            }
        }
        for id in Set(outsiders) where !removed.contains(id) {
            guard let position = repeats.position(of: id, inGroup: index) else { continue }
            let (chunk, offset) = new.locate(position)
            refreshNeighbours(of: id, chunk: chunk, offset: offset, in: index, into: &changes)
        }
        if new.count != old.count { updateRowCount(ofGroup: index, into: &changes) }
    }

    /// Records the neighbours of the row at `offset` in chunk `chunk` of group `index`, telling the
    /// rules that read them if they changed.
    private mutating func refreshNeighbours(of id: RowID, chunk: Int, offset: Int, in index: Int, into changes: inout ChangeSet) {
        let order = repeats.groups[index].order
        let ids = order.chunks[chunk].ids
        let before = offset > 0 ? ids[offset - 1] : (chunk > 0 ? order.chunks[chunk - 1].ids.last : nil)
        let after = offset + 1 < ids.count ? ids[offset + 1] : (chunk + 1 < order.chunks.count ? order.chunks[chunk + 1].ids.first : nil)
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
        let readers = rules.valueReaders(of: slot)
        guard !readers.isEmpty else { return }
        let producers = neighbour.flatMap { repeats.groups[index].rows[$0]?.rules } ?? []
        let needed = (producers.map { rules.heights[$0] }.max() ?? -1) + 1
        for rule in readers.sorted() {
            rules.valueReaders.record([slot], for: rule)
            rules.concealmentReaders.record([], for: rule)
            if rules.heights[rule] < needed, let cycle = rules.raise(rule, to: needed, readingFrom: Set(producers)) {
                rules.breakCycle(cycle)
            }
            rules.schedule(rule)
        }
    }

    /// Tells whatever read `key` (a group's statistic) that it changed.
    mutating func signal(_ key: String, into changes: inout ChangeSet) {
        guard let slot = fields.slot(of: key) else { return }
        if changes.isSettling { changes.values.append(.init(slot: slot, origin: .calculation)) }
        rules.schedule(rules.valueReaders(of: slot))
    }
}
