extension FormValues {
    /// The row of a repeat group this reader reads from inside, or `nil` outside any row.
    public var rowID: RowID? { row?.id }

    /// The values outside the row: the scope the repeat group was defined in. Outside a row, this
    /// reader itself.
    ///
    /// For a group inside a row of another group, that is the row around it: `outer` reads the
    /// household's fields from a member's row, `outer.outer` the form's, one level up each time.
    ///
    /// ```swift
    /// FieldDefinition(FormKey<Int>("age")).required(when: { $0.outer[FormKey<Bool>("agesKnown")] == true })
    /// ```
    public var outer: FormValues {
        guard let row else { return self }
        if let parent = row.parent, parent.prefix == row.outerPrefix { return inRow(parent) }
        return FormValues(source, excluding: excluded, prefix: row.outerPrefix, tracker: tracker, recordingRun: recordingRun)
    }

    /// The row before this one in its group, or `nil` for the first row and outside a row.
    ///
    /// A rule that reads it runs again when this row's previous row changes (a row inserted, removed
    /// or moved next to it), not on every change of the group's order.
    public var previousRow: FormValues? { neighbour(previous: true) }

    /// The row after this one in its group, or `nil` for the last row and outside a row.
    public var nextRow: FormValues? { neighbour(previous: false) }

    private func neighbour(previous: Bool) -> FormValues? {
        guard let row else { return nil }
        record(RowSignalKey.neighbour(of: row.id, in: row.group, previous: previous))
        guard let id = source.neighbour(of: row.id, in: row.group, previous: previous) else { return nil }
        return inRow(row.moved(to: id))
    }

    /// The position of this reader's row in its group's order, from 0 (ODK's `position(..)`, which
    /// counts from 1), or `nil` outside a row.
    ///
    /// ```swift
    /// RepeatGroup("visits", fields: fields).rowVisible(when: { row in (row.rowPosition ?? 0) < 3 })
    /// ```
    ///
    /// Reading it reads the group's order: a rule that does runs again whenever a row is added,
    /// removed or moved in the group, in every row. Reading a neighbour (``previousRow``) costs less
    /// when that is what the rule needs.
    ///
    /// - Complexity: O(*c* + *k*) on a live form, for an order of *c* chunks of at most *k* rows;
    ///   O(*n*) for *n* rows otherwise.
    public var rowPosition: Int? {
        guard let row else { return nil }
        record(row.group)
        switch source {
        case .live(let form):
            return form.read { state in state.repeats.group(withKey: row.group).flatMap { state.repeats.position(of: row.id, inGroup: $0) } }
        case .scratch(let scratch):
            return scratch.state.repeats.group(withKey: row.group).flatMap { scratch.state.repeats.position(of: row.id, inGroup: $0) }
        case .context(let plain):
            return (plain.context.storage[row.group]?.base as? RowOrder)?.firstIndex(of: row.id)
        }
    }

    /// The rows of the repeat group `key` (read inside this reader's scope), in order.
    ///
    /// Reading them reads the group's order: a rule that does runs again whenever a row is added,
    /// removed or moved. To count rows or add up a field, a summary
    /// (``RepeatGroup/summary(_:_:)``) costs less.
    ///
    /// - Parameter key: The group's key.
    /// - Returns: The rows; none if the group's key holds no ``RowOrder``.
    public func rows(of key: String) -> RepeatRows {
        let order = self[key]?.base as? RowOrder ?? RowOrder()
        let base = FormValues(source, excluding: excluded, prefix: prefix, tracker: tracker, recordingRun: recordingRun, row: row)
        return RepeatRows(key: prefix + key, order: order, outer: base)
    }

    /// The same values read from inside `row`.
    func inRow(_ row: RowScope) -> FormValues {
        FormValues(source, excluding: excluded, prefix: row.prefix, tracker: tracker, recordingRun: recordingRun, row: row)
    }

    /// The statistic at `index` of the group `key` (inside this reader's scope), which is `statistic`.
    func statistic(_ index: Int, _ statistic: RowStatistic, ofGroup key: String) -> RowTally.Result? {
        let group = prefix + key
        record(RowSignalKey.statistic(index, of: group))
        switch source {
        case .live(let form):
            return form.read { $0.repeats.statistic(index, ofGroup: group) }
        case .scratch(let scratch):
            return scratch.state.repeats.statistic(index, ofGroup: group)
        case .context(let plain):
            let (context, hidden) = (plain.context, plain.hidden)
            guard let order = context.storage[group]?.base as? RowOrder else { return nil }
            var tally = RowTally(statistic)
            if statistic == .rows { tally.addRows(order.count) }
            if let field = statistic.field {
                for id in order {
                    let rowKey = group + "." + id.description + "." + field
                    tally.add(hidden.contains(rowKey) ? .absent : StoredValue(stored: context.storage[rowKey]))
                }
            }
            return tally.result
        }
    }
}

extension FormValues {
    /// The row of `order` (the value of the group `key`, inside this reader's scope) that no row can
    /// have, if any: a live form keeps the one that made it refuse the order; a plain context is searched.
    ///
    /// - Complexity: O(1) on a live form, O(*n*) for *n* rows otherwise.
    func refusedRow(ofGroup key: String, order: RowOrder) -> RowID? {
        switch source {
        case .live(let form):
            return form.read { $0.repeats.refusedRow(ofGroup: prefix + key) }
        case .scratch(let scratch):
            return scratch.state.repeats.refusedRow(ofGroup: prefix + key)
        case .context:
            return order.first { !$0.isInRange }
        }
    }
}

extension FormValues.Source {
    /// The row before or after `id` in `group`.
    func neighbour(of id: RowID, in group: String, previous: Bool) -> RowID? {
        switch self {
        case .live(let form):
            return form.read { $0.repeats.neighbour(of: id, inGroup: group, previous: previous) }
        case .scratch(let scratch):
            return scratch.state.repeats.neighbour(of: id, inGroup: group, previous: previous)
        case .context(let plain):
            guard let order = plain.context.storage[group]?.base as? RowOrder, let position = order.firstIndex(of: id) else { return nil }
            let other = previous ? position - 1 : position + 1
            return order.indices.contains(other) ? order[other] : nil
        }
    }
}
