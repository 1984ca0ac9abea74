extension FormContextObject {
    /// Inserts a row for each of `rows` into `group`, in order, starting at `position`, each holding
    /// the fields' defaults with its values on top.
    ///
    /// One mutation, however many rows: observers hear once of the group's new order and once of
    /// each new value, the change settles once, and a ``LiveScreen`` reports the rows in one diff.
    ///
    /// ```swift
    /// let added = try form.insertRows(into: "members", at: 1, [["name": "Cy"], ["name": "Di"]])
    /// ```
    ///
    /// - Parameters:
    ///   - group: The group's key, at any depth (`households.r1.members`).
    ///   - position: Where the first new row goes, from 0 (first) to the number of rows (after the
    ///     last); clamped. The others follow it.
    ///   - rows: The new rows' values, each keyed relative to its row; a group inside the rows may be
    ///     given its rows too (see ``appendRow(to:_:origin:)``).
    ///   - origin: The origin the changes carry.
    /// - Returns: The new rows' ids, in the order of `rows`.
    /// - Throws: ``RepeatGroupError`` if there is no such group, the rows would pass its maximum (or an
    ///   inner group's), it has fewer row ids left (``RepeatGroupError/noRowIDLeft(group:)``), its key
    ///   holds no order, or an inner group's key is given something other than rows or an order, or
    ///   an order holding a row id out of range, or a value has another type than its field's
    ///   (``RepeatGroupError/typeMismatch(key:expected:found:)``, naming the row field's key). Nothing
    ///   changes.
    /// - Complexity: O(*r*·*f* + *r*·*k*) for *r* rows of *f* fields, in chunks of at most *k* rows,
    ///   whatever the number of rows the group holds.
    @discardableResult
    public func insertRows(into group: String, at position: Int, _ rows: [FormContext], origin: FormChangeOrigin = .program)
        throws(RepeatGroupError) -> [RowID]
    {
        try mutate { state, changes throws(RepeatGroupError) in
            let index = try state.repeatGroup(group)
            // Counted, not copied: a copy of the group's state would be copied again on every change.
            let count = state.repeats.groups[index].order.count
            let definition = state.repeats.groups[index].definition
            if let maximum = definition.maximumCount, count + rows.count > maximum {
                throw .tooManyRows(group: group, maximum: maximum)
            }
            guard state.repeats.groups[index].rowIDsLeft >= rows.count else { throw .noRowIDLeft(group: group) }
            try definition.checkInnerRows(of: rows, in: group, firstNumber: state.repeats.groups[index].nextNumber)
            guard !rows.isEmpty else { return [] }
            let at = Swift.min(Swift.max(position, 0), count)
            return state.addRows(rows, toGroup: index, at: at, origin: origin, into: &changes)
        }
    }

    /// Removes the rows `ids` from `group`, each with its values, touched flags, issues, pending
    /// checks and rules, and the rows inside it.
    ///
    /// One mutation, however many rows: the group's order changes once, and a ``LiveScreen``
    /// reports the rows gone in one diff. An id given twice is removed once; no other row's keys,
    /// values or state change. ``reset(keeping:origin:)`` brings an initial row back with its id.
    ///
    /// ```swift
    /// try form.removeRows([RowID(2)], from: "members")
    /// ```
    ///
    /// - Parameters:
    ///   - ids: The rows, in any order.
    ///   - group: The group's key, at any depth.
    ///   - origin: The origin the changes carry.
    /// - Throws: ``RepeatGroupError`` if there is no such group, or no row with one of `ids` (the first
    ///   such is named). Nothing changes.
    /// - Complexity: O(*r*·*f* + *r*·(*c* + *k*)) for *r* rows of *f* fields, and an order of *c*
    ///   chunks of at most *k* rows.
    public func removeRows(_ ids: [RowID], from group: String, origin: FormChangeOrigin = .program) throws(RepeatGroupError) {
        try mutate { state, changes throws(RepeatGroupError) in
            let index = try state.repeatGroup(group)
            var seen = Set<RowID>()
            var positions: [Int] = []
            for id in ids where seen.insert(id).inserted {
                guard let position = state.repeats.position(of: id, inGroup: index) else { throw .unknownRow(group: group, id: id) }
                positions.append(position)
            }
            guard !positions.isEmpty else { return }
            var order = state.repeats.groups[index].order
            // From the last: the positions before each one stay where they are.
            for position in positions.sorted(by: >) { order = order.removed(at: position) }
            _ = state.write(StoredValue(order), at: state.repeats.groups[index].slot, origin: origin, into: &changes)
        }
    }

    /// Exchanges the places of rows `first` and `second` of `group`.
    ///
    /// The rows keep their ids, keys, values and state; only the order changes, once, and a
    /// ``LiveScreen`` reports both moves in one diff. A row swapped with itself changes nothing.
    ///
    /// - Parameters:
    ///   - first: One row.
    ///   - second: The other row.
    ///   - group: The group's key, at any depth.
    ///   - origin: The origin the changes carry.
    /// - Throws: ``RepeatGroupError`` if there is no such group or row. Nothing changes.
    /// - Complexity: O(*c* + *k*) for an order of *c* chunks of at most *k* rows, plus the rows
    ///   between the two when they share a chunk.
    public func swapRows(_ first: RowID, _ second: RowID, in group: String, origin: FormChangeOrigin = .program) throws(RepeatGroupError) {
        try mutate { state, changes throws(RepeatGroupError) in
            let index = try state.repeatGroup(group)
            guard let from = state.repeats.position(of: first, inGroup: index) else { throw .unknownRow(group: group, id: first) }
            guard let to = state.repeats.position(of: second, inGroup: index) else { throw .unknownRow(group: group, id: second) }
            guard from != to else { return }
            let order = state.repeats.groups[index].order.swappedAt(from, to)
            _ = state.write(StoredValue(order), at: state.repeats.groups[index].slot, origin: origin, into: &changes)
        }
    }
}

extension RepeatGroup {
    /// Checks what `rows`, new rows of this group (keyed `key`) numbered from `firstNumber`, give
    /// their fields: a value of the field's type, and for the groups inside them an order, or rows
    /// as an array of values, no more than each group's maximum, checked the same way at every
    /// depth. Rows are checked in order, each row's fields in the template's order.
    ///
    /// - Throws: ``RepeatGroupError/typeMismatch(key:expected:found:)``,
    ///   ``RepeatGroupError/tooManyRows(group:maximum:)``,
    ///   ``RepeatGroupError/notAnOrder(group:found:)`` or ``RepeatGroupError/invalidRow(group:id:)``
    ///   (an order holding a row id out of range), naming the field's or inner group's key as the
    ///   new row will have it.
    /// - Complexity: O(*r*·*f*) for *r* rows (inner rows included) of *f* fields.
    func checkInnerRows(of rows: [FormContext], in key: String, firstNumber: Int) throws(RepeatGroupError) {
        for (offset, row) in rows.enumerated() where !row.storage.isEmpty {
            for field in fields where field.repeatGroup == nil {
                guard let expected = field.valueType, let value = row.storage[field.key],
                    ObjectIdentifier(type(of: value.base)) != expected
                else { continue }
                let found = typeName(of: type(of: value.base))
                // A field of an optional type holds its wrapped values: the context stores them unwrapped.
                guard field.valueTypeName != "Optional<\(found)>" else { continue }
                let fieldKey = RowID(firstNumber + offset).scope(in: key).key(field.key)
                throw .typeMismatch(key: fieldKey, expected: field.valueTypeName, found: found)
            }
            for field in fields {
                guard let group = field.repeatGroup else { continue }
                let name = field.key
                guard let value = row.storage[name] else { continue }
                let innerKey = RowID(firstNumber + offset).scope(in: key).key(name)
                if let order = value.base as? RowOrder {
                    // An order holds rows too: refused as the rows it names would be, before any is added.
                    if let refused = order.first(where: { !$0.isInRange }) { throw .invalidRow(group: innerKey, id: refused) }
                    if let maximum = group.maximumCount, order.count > maximum { throw .tooManyRows(group: innerKey, maximum: maximum) }
                    continue
                }
                guard let innerRows = value.base as? [FormContext] else {
                    throw .notAnOrder(group: innerKey, found: typeName(of: type(of: value.base)))
                }
                if let maximum = group.maximumCount, innerRows.count > maximum { throw .tooManyRows(group: innerKey, maximum: maximum) }
                // A new row's groups are new too: their ids start at r1.
                try group.checkInnerRows(of: innerRows, in: innerKey, firstNumber: 1)
            }
        }
    }
}
