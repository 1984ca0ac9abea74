extension FormContextObject {
    /// The rows of the repeat group `group`, in order; none for a key that is not a group's.
    ///
    /// Reading it through Observation tracks the group's order: a view listing the rows is
    /// invalidated when a row is added, removed or moved, not when a row's field is edited.
    public func rows(of group: String) -> RowOrder {
        self[group]?.base as? RowOrder ?? RowOrder()
    }

    /// Adds a row at the end of `group`, holding the fields' defaults with `values` on top.
    ///
    /// One mutation: observers hear of the group's new order and of each new value once.
    ///
    /// ```swift
    /// let ada = try form.appendRow(to: "members", ["name": "Ada", "age": 36])
    /// form[FormKey<String>("name").scoped(in: ada.scope(in: "members"))]   // "Ada"
    /// ```
    ///
    /// A group inside the row takes its rows from `values` too, given under its name as an array of
    /// each row's values, to any depth, in the same mutation; without them it starts with its
    /// minimum rows:
    ///
    /// ```swift
    /// try form.appendRow(to: "households", ["village": "Ouro", "members": [["name": "Yaw"], ["name": "Ama"]] as [FormContext]])
    /// ```
    ///
    /// - Parameters:
    ///   - group: The group's key, at any depth (`households.r1.members`).
    ///   - values: Values of the new row's fields, keyed relative to the row; under an inner group's
    ///     name, its rows as `[FormContext]` (or a ``RowOrder``, with the rows' keys beside it).
    ///   - origin: The origin the changes carry.
    /// - Returns: The new row's id.
    /// - Throws: ``RepeatGroupError`` if there is no such group, it is full (or an inner group would
    ///   be), it has given the largest row id (``RepeatGroupError/noRowIDLeft(group:)``), its key
    ///   holds no order, or an inner group's name is given something other than rows or an order
    ///   (``RepeatGroupError/notAnOrder(group:found:)``) or an order holding a row id out of range
    ///   (``RepeatGroupError/invalidRow(group:id:)``), or a field is given a value of another type
    ///   than its own (``RepeatGroupError/typeMismatch(key:expected:found:)``). Nothing changes.
    @discardableResult
    public func appendRow(to group: String, _ values: FormContext = [:], origin: FormChangeOrigin = .program)
        throws(RepeatGroupError) -> RowID
    {
        try insertRows(into: group, at: Int.max, [values], origin: origin)[0]
    }

    /// Moves row `id` of `group` to `position`, counted among the other rows: 0 puts it first.
    ///
    /// The row keeps its id, keys, values and state; only the order changes.
    ///
    /// - Parameters:
    ///   - id: The row.
    ///   - group: The group's key.
    ///   - position: Its new position, clamped to the rows there are.
    ///   - origin: The origin the changes carry.
    /// - Throws: ``RepeatGroupError`` if there is no such group or row.
    public func moveRow(_ id: RowID, in group: String, to position: Int, origin: FormChangeOrigin = .program) throws(RepeatGroupError) {
        try mutate { state, changes throws(RepeatGroupError) in
            let index = try state.repeatGroup(group)
            guard let from = state.repeats.position(of: id, inGroup: index) else { throw .unknownRow(group: group, id: id) }
            let order = state.repeats.groups[index].order
            let to = Swift.min(Swift.max(position, 0), order.count - 1)
            guard to != from else { return }
            _ = state.write(StoredValue(order.removed(at: from).inserted(id, at: to)), at: state.repeats.groups[index].slot, origin: origin, into: &changes)
        }
    }

    /// Replaces every row of `group` with new rows holding `rows`' values (on top of the fields'
    /// defaults), in order: the group's order changes once.
    ///
    /// - Parameters:
    ///   - group: The group's key.
    ///   - rows: The new rows' values, each keyed relative to the row.
    ///   - origin: The origin the changes carry.
    /// - Returns: The new rows' ids.
    /// - Throws: ``RepeatGroupError`` if there is no such group, there are more rows than its
    ///   maximum or than it has row ids left (``RepeatGroupError/noRowIDLeft(group:)``), its key
    ///   holds no order, or a value has another type than its field's
    ///   (``RepeatGroupError/typeMismatch(key:expected:found:)``). Nothing changes.
    @discardableResult
    public func replaceRows(of group: String, with rows: [FormContext], origin: FormChangeOrigin = .program) throws(RepeatGroupError) -> [RowID] {
        try mutate { state, changes throws(RepeatGroupError) in
            let index = try state.repeatGroup(group)
            if let maximum = state.repeats.groups[index].definition.maximumCount, rows.count > maximum {
                throw .tooManyRows(group: group, maximum: maximum)
            }
            guard state.repeats.groups[index].rowIDsLeft >= rows.count else { throw .noRowIDLeft(group: group) }
            let definition = state.repeats.groups[index].definition
            try definition.checkInnerRows(of: rows, in: group, firstNumber: state.repeats.groups[index].nextNumber)
            return state.addRows(rows, toGroup: index, at: 0, replacing: true, origin: origin, into: &changes)
        }
    }
}

extension EngineState {
    /// Restores group `index` to its initial rows: its order, and the values of its rows, initial
    /// and current, and of the rows inside them, at every depth; those fields lose their touched
    /// flags and issues. `keeping` leaves parts as they are: with ``ResetOptions/edits`` a dirty
    /// field (the order included) keeps its value.
    ///
    /// - Complexity: O(*r*·*f*) for the *r* rows, initial and current, of *f* fields.
    mutating func resetRows(ofGroup index: Int, keeping: ResetOptions = [], origin: FormChangeOrigin, into changes: inout ChangeSet) {
        let slot = repeats.groups[index].slot
        var ids = Set(repeats.groups[index].order)
        if let initial = fields[slot].initial?.base as? RowOrder { ids.formUnion(initial) }
        let keepsEdits = keeping.contains(.edits)
        if !keepsEdits || !fields.dirty.contains(slot) { _ = write(fields[slot].storedInitial, at: slot, origin: origin, into: &changes) }
        for id in ids {
            for rowSlot in repeats.slots(under: id, in: index) where !keepsEdits || !fields.dirty.contains(rowSlot) {
                _ = write(fields[rowSlot].storedInitial, at: rowSlot, origin: origin, into: &changes)
                if !keeping.contains(.touched) { setTouched(false, at: rowSlot, into: &changes) }
                if !keeping.contains(.errors) { clearIssues(at: rowSlot, into: &changes) }
            }
        }
    }

    /// The index of the repeat group `key`.
    ///
    /// - Throws: ``RepeatGroupError/unknownGroup(_:)``; when `requiringOrder`,
    ///   ``RepeatGroupError/notAnOrder(group:found:)`` if its key holds a value of another type and
    ///   ``RepeatGroupError/invalidRow(group:id:)`` if it holds an order the form refused.
    func repeatGroup(_ key: String, requiringOrder: Bool = true) throws(RepeatGroupError) -> Int {
        guard let index = repeats.group(withKey: key) else { throw .unknownGroup(key) }
        if requiringOrder, let value = fields[repeats.groups[index].slot].value, !(value.base is RowOrder) {
            throw .notAnOrder(group: key, found: typeName(of: type(of: value.base)))
        }
        if requiringOrder, let refused = repeats.groups[index].refusedRow { throw .invalidRow(group: key, id: refused) }
        return index
    }
}
