/// What a row of a repeat group brings when it appears and takes with it when it goes: its checks
/// and rules, and its fields' values, touched flags, issues and pending checks; and what its fields
/// contribute to the group's statistics.
extension EngineState {
    /// Sets up row `id` of group `index`: a check and the rules of each of its fields, its fields'
    /// feeds edges (before its rules, which are ordered by them), and its fields' contributions to
    /// the group's statistics.
    mutating func setUpRow(_ id: RowID, inGroup index: Int, origin: FormChangeOrigin, into changes: inout ChangeSet) {
        let definition = repeats.groups[index].definition
        let scope = RowScope(in: definition, id: id)
        let rowFields = definition.fields.map { $0.inRow(scope) }
        var row = RepeatState.Row()
        for (field, template) in zip(rowFields, definition.fields) {
            let slot = fields.slot(creating: field.key)
            row.checks.append(repeats.addCheck(field, at: slot))
            if let fed = repeats.groups[index].fedSlotsOfField[template.key] { graph.setFeeds(fed, of: slot) }
        }
        // A summary a group inside the row keeps in it feeds the statistics reading it, as a field does.
        for inner in definition.innerGroups {
            for summary in inner.summaryKeys {
                if let fed = repeats.groups[index].fedSlotsOfField[summary] { graph.setFeeds(fed, of: fields.slot(creating: scope.prefix + summary)) }
            }
        }
        placeRowSlots(into: &changes)
        // The row's own conditions are those of the group of everything under its key, outermost.
        let rowGroups = Array(definition.rowGroup(of: scope).map { [$0] } ?? []) + definition.fieldGroups.map { $0.inRow(scope) }
        let compiled = FormDefinition.compileRules(rowFields, groups: rowGroups)
        if !compiled.isEmpty {
            row.rules = rules.add(compiled, fields: &fields)
            for slot in rules.placeNewSlots(of: fields) { refreshRuleFlags(at: slot, into: &changes) }
        }
        // The row's slots made before its groups were (a restored row's, a row brought back) join them.
        for group in rowGroups where !compiled.isEmpty && group.hasConditions {
            for slot in repeats.slots(of: id, in: index) where rules.join(slot, key: fields[slot].key, toGroup: group.scope.prefix) {
                refreshRuleFlags(at: slot, into: &changes)
            }
        }
        repeats.update(index) { $0.rows[id] = row }
        let groupFlags = groupActivityFlags(of: index)
        for slot in repeats.slots(of: id, in: index) {
            setHidden(groupFlags.contains(.groupHidden), at: slot, by: .groupHidden, into: &changes)
            setDisabled(groupFlags.contains(.groupDisabled), at: slot, by: .groupDisabled, into: &changes)
            updateContribution(at: slot, into: &changes)
        }
        for field in rowFields {
            guard let inner = field.repeatGroup else { continue }
            attachInner(inner, inRow: id, of: index, origin: origin, into: &changes)
        }
    }

    /// Sets up `group`, a repeat group as it lies in row `id` of group `index`: its statistics and
    /// summaries, and the rows of the order its key holds. A key holding no order is given an empty
    /// one and the group's minimum rows once the writes under way are in (a new row's values, a
    /// restore's), if it holds none then (see ``fillRows(ofGroup:slot:origin:into:)``).
    ///
    /// - Complexity: O(*s* + *r*·*f*) for the *s* slots placed in the row and *r* rows of *f* fields.
    private mutating func attachInner(_ group: RepeatGroup, inRow id: RowID, of index: Int, origin: FormChangeOrigin, into changes: inout ChangeSet) {
        let (inner, placed) = repeats.attachInner(group, in: RepeatState.RowKey(group: index, id: id), fields: &fields)
        repeats.update(index) { $0.rows[id]?.groups.append(inner) }
        recordFeeds(ofGroup: inner)
        for slot in placed { placeRowSlot(slot, into: &changes) }
        reconcileRows(inner, origin: .program, into: &changes)
        updateRowCount(ofGroup: inner, into: &changes)
        for position in group.summaries.indices { writeSummary(position, ofGroup: inner, into: &changes) }
        let slot = repeats.groups[inner].slot
        if repeats.makesRows && !fields[slot].stored.isPresent { repeats.unfilled.append((inner, slot, origin)) }
    }

    /// Gives group `index`, a group inside a row whose key held no order when the row was set up, an
    /// empty order and its minimum rows, as a form's groups start, if its key (in `slot`) still holds
    /// nothing: the rows of an outer row that came through values (initial values, JSON, a restore,
    /// an order written) start as a new row's do. They are initial values while the form's values are
    /// set up and the key is clean.
    mutating func fillRows(ofGroup index: Int, slot: Int, origin: FormChangeOrigin, into changes: inout ChangeSet) {
        guard repeats.groups[index].isAttached, repeats.groups[index].slot == slot, !fields[slot].stored.isPresent else { return }
        let isInitial = repeats.fillsAsInitial && !fields.dirty.contains(slot)
        let cleanSummaries = isInitial ? repeats.groups[index].summarySlots.filter { !fields.dirty.contains($0) } : []
        let empty = StoredValue(RowOrder())
        if isInitial { setInitial(empty, at: slot, into: &changes) }
        _ = write(empty, at: slot, origin: origin, into: &changes)
        let ids = addRows(repeats.groups[index].definition.minimumCount, toGroup: index, at: 0, origin: origin, into: &changes)
        guard isInitial else { return }
        RowStage.follow(&self, &changes)
        setInitial(fields[slot].stored, at: slot, into: &changes)
        for id in ids {
            for rowSlot in repeats.slots(under: id, in: index) { setInitial(fields[rowSlot].stored, at: rowSlot, into: &changes) }
        }
        for summarySlot in cleanSummaries { setInitial(fields[summarySlot].stored, at: summarySlot, into: &changes) }
    }

    /// Ends a hold on the groups inside rows that came while values were written (a restore's, a
    /// reset's to new initial values): each whose key holds no order now starts with an empty one and
    /// its minimum rows, as initial values when its key is clean.
    mutating func fillRowsHeldBack(into changes: inout ChangeSet) {
        repeats.holdsFills -= 1
        guard repeats.holdsFills == 0, !repeats.isEmpty else { return }
        repeats.fillsAsInitial = true
        defer { repeats.fillsAsInitial = false }
        RowStage.follow(&self, &changes)
    }

    /// Takes down group `index`, a group of a row that is going: its rows go, and the group with them.
    ///
    /// - Complexity: O(*r*·*f*) for its *r* rows of *f* fields, and what lies inside them.
    private mutating func detachInner(_ index: Int, origin: FormChangeOrigin, into changes: inout ChangeSet) {
        // The order goes before the rows' fields, as when a row operation removes rows: whoever shows
        // the rows (a live screen) takes them away at once, rather than first showing their fields
        // emptied one change at a time.
        _ = write(.absent, at: repeats.groups[index].slot, origin: origin, into: &changes)
        for id in repeats.groups[index].order { tearDownRow(id, inGroup: index, origin: origin, into: &changes) }
        graph.setFeeds([], of: repeats.groups[index].slot)
        repeats.detach(index)
    }

    /// The flags the rows of group `index` take from the group: hidden and disabled with it.
    func groupActivityFlags(of index: Int) -> FieldFlags {
        let flags = fields[repeats.groups[index].slot].flags
        var cascaded: FieldFlags = []
        if !flags.isDisjoint(with: .concealed) { cascaded.insert(.groupHidden) }
        if !flags.isDisjoint(with: .locked) { cascaded.insert(.groupDisabled) }
        return cascaded
    }

    /// Hides or shows, disables or enables, every field of every row of group `index` with the group.
    ///
    /// - Complexity: O(*r*·*f*) for *r* rows of *f* fields.
    mutating func cascadeGroupActivity(_ index: Int, into changes: inout ChangeSet) {
        let cascaded = groupActivityFlags(of: index)
        for id in repeats.groups[index].rows.keys {
            for slot in repeats.slots(of: id, in: index) {
                setHidden(cascaded.contains(.groupHidden), at: slot, by: .groupHidden, into: &changes)
                setDisabled(cascaded.contains(.groupDisabled), at: slot, by: .groupDisabled, into: &changes)
            }
        }
    }

    /// Takes down row `id` of group `index`: its rules and checks go, and its fields lose their
    /// values (with `origin`), touched flags, issues and pending checks.
    mutating func tearDownRow(_ id: RowID, inGroup index: Int, origin: FormChangeOrigin, into changes: inout ChangeSet) {
        guard let row = repeats.groups[index].rows[id] else { return }
        // The groups inside the row go first, their slots back to the row, to go with it.
        for inner in row.groups { detachInner(inner, origin: origin, into: &changes) }
        repeats.update(index) {
            $0.rows[id] = nil
            $0.hiddenRows.remove(id)
        }
        // What the row's rules and checks read may be read by nothing else now.
        for rule in row.rules {
            for slot in rules.reads(of: rule, in: graph) { fields.consider(slot) }
        }
        // Whoever asked about a group of the row's fields asks again: it goes with the row.
        for prefix in rules.remove(row.rules, from: &graph) { tracking.groupDidChange(prefix: prefix) }
        for position in row.checks {
            for slot in graph.reads(of: .init(.validator, position)) { fields.consider(slot) }
            graph.record([], for: .init(.validator, position))
            repeats.removeCheck(position)
        }
        for slot in repeats.slots(of: id, in: index) {
            setHidden(false, at: slot, by: .ruleHidden, into: &changes)
            setHidden(false, at: slot, by: .groupHidden, into: &changes)
            setDisabled(false, at: slot, by: .ruleDisabled, into: &changes)
            setDisabled(false, at: slot, by: .groupDisabled, into: &changes)
            setReadOnly(false, at: slot, into: &changes)
            fields.setFlag(.ruleRequired, false, at: slot)
            _ = write(.absent, at: slot, origin: origin, into: &changes)
            setTouched(false, at: slot, into: &changes)
            clearIssues(at: slot, into: &changes)
            validation.validated.remove(slot)
            updateContribution(at: slot, into: &changes)
            // Out of the statistics, it feeds them no more.
            graph.removeFeeds(of: slot)
            fields.consider(slot)
        }
    }

    /// Gives group `index` as many rows as its count rule says, within its minimum and maximum:
    /// new rows at the end, holding the fields' defaults, or the last rows removed.
    mutating func resizeRows(ofGroup key: String, to count: Int, into changes: inout ChangeSet) {
        guard let index = repeats.group(withKey: key) else { return }
        let definition = repeats.groups[index].definition
        let ceiling = definition.maximumCount ?? RepeatGroup.countRuleCeiling
        let target = Swift.min(Swift.max(count, definition.minimumCount), ceiling)
        let order = repeats.groups[index].order
        if target > order.count {
            addRows(target - order.count, toGroup: index, at: order.count, origin: .calculation, into: &changes)
        } else if target < order.count {
            var shorter = order
            while shorter.count > target { shorter = shorter.removed(at: shorter.count - 1) }
            _ = write(StoredValue(shorter), at: repeats.groups[index].slot, origin: .calculation, into: &changes)
        }
    }

    // MARK: Statistics

    /// Brings the statistics of the row field in `slot` in line with what it now contributes: its
    /// value while its row exists and it is shown, nothing otherwise.
    mutating func updateContribution(at slot: Int, into changes: inout ChangeSet) {
        guard let place = repeats.placement[slot], let tallies = repeats.groups[place.group].talliesOfField[place.field] else { return }
        let record = fields[slot]
        let isCounted = repeats.groups[place.group].rows[place.id] != nil && record.flags.isDisjoint(with: .concealed)
        let now = isCounted ? record.stored : .absent
        let before = repeats.contributed[slot] ?? .absent
        guard !now.isSame(as: before) else { return }
        repeats.contributed[slot] = now.isPresent ? now : nil
        for tally in tallies {
            let old = repeats.groups[place.group].tallies[tally].result
            repeats.update(place.group) {
                $0.tallies[tally].remove(before)
                $0.tallies[tally].add(now)
            }
            if repeats.groups[place.group].tallies[tally].result != old { tallyDidChange(tally, ofGroup: place.group, into: &changes) }
        }
    }

    /// Updates the row counts of group `index` after rows came or went.
    mutating func updateRowCount(ofGroup index: Int, into changes: inout ChangeSet) {
        let count = repeats.groups[index].shownCount
        for tally in repeats.groups[index].tallies.indices {
            let statistic = repeats.groups[index].tallies[tally].statistic
            if statistic == .rows, repeats.groups[index].tallies[tally].count != count {
                repeats.update(index) { $0.tallies[tally].addRows(count - $0.tallies[tally].count) }
                tallyDidChange(tally, ofGroup: index, into: &changes)
            }
        }
        // "Every row holds …" depends on the number of rows too.
        for (position, summary) in repeats.groups[index].definition.summaries.enumerated() where summary.presentation == .all {
            writeSummary(position, ofGroup: index, into: &changes)
        }
    }

    /// Tells what read statistic `tally` of group `index` that it changed, and updates the
    /// summaries kept from it.
    private mutating func tallyDidChange(_ tally: Int, ofGroup index: Int, into changes: inout ChangeSet) {
        signal(RowSignalKey.statistic(tally, of: repeats.groups[index].definition.key), into: &changes)
        for position in repeats.groups[index].summariesOfTally[tally] { writeSummary(position, ofGroup: index, into: &changes) }
    }

    /// Writes the summary at `position` of group `index` with origin ``FormChangeOrigin/calculation``.
    mutating func writeSummary(_ position: Int, ofGroup index: Int, into changes: inout ChangeSet) {
        let summary = repeats.groups[index].definition.summaries[position]
        guard let tally = repeats.groups[index].tallies.first(where: { $0.statistic == summary.statistic }) else { return }
        let value: StoredValue
        switch summary.presentation {
        case .count: value = StoredValue(tally.count)
        case .sum: value = tally.sum
        case .any: value = StoredValue(tally.count > 0)
        case .all: value = StoredValue(tally.count == repeats.groups[index].shownCount)
        }
        let slot = fields.slot(creating: summary.key)
        if rules.isSettingInitialValues && !fields.dirty.contains(slot) { setInitial(value, at: slot, into: &changes) }
        guard write(value, at: slot, origin: .calculation, into: &changes) else { return }
        // A write made while the rules settle is not taken in by the next plan: schedule its readers here.
        scheduleReaders(ofFed: slot)
    }

    /// Schedules the rules reading `slot`, which a group's statistics feed: when a rule's result
    /// changed it (a row field it calculates, hides or counts), each reader comes after that rule,
    /// and a reader that is that rule, or that the rule depends on, closes a cycle, taken out and
    /// named like any other.
    mutating func scheduleReaders(ofFed slot: Int) {
        let readers = rules.valueReaders(of: slot, in: graph)
        guard let producer = rules.applying else {
            rules.schedule(readers)
            return
        }
        let needed = rules.heights[producer] + 1
        for reader in readers.sorted() where !rules.cyclic[reader] {
            if reader == producer {
                rules.breakCycle([producer])
            } else if rules.heights[reader] < needed, let cycle = rules.raise(reader, to: needed, readingFrom: [producer], in: graph) {
                rules.breakCycle(cycle)
            } else {
                rules.schedule(reader)
            }
        }
    }
}

extension RepeatGroup {
    /// The most rows a count rule gives a group without a maximum.
    static let countRuleCeiling = 10_000
}

extension RowID {
    /// The scope of this row's fields in the group `group`: `members.r3`.
    ///
    /// ```swift
    /// let name = id.scope(in: "members").key("name")                    // "members.r3.name"
    /// let age = FormKey<Int>("age").scoped(in: id.scope(in: "members"))   // FormKey<Int>, members.r3.age
    /// ```
    ///
    /// - Parameter group: The group's key.
    /// - Returns: The scope.
    public func scope(in group: String) -> FormScope {
        FormScope(group + "." + description)
    }
}
