extension EngineState {
    /// What is wrong with the repeat groups, if anything: each group's rows must be those of the
    /// order its key holds, each row's neighbours and chunk as the order says, each statistic
    /// what counting the rows afresh gives (the rows their own condition hides left out of the row
    /// count), and the graph's feeds edges those of the rows that exist:
    /// a field of a row feeds what its field's values feed while the row exists, and nothing otherwise;
    /// a group inside a row is held by that row while it is attached, and placed slots lie in attached groups.
    ///
    /// - Complexity: O(*r*·*s*) for *r* rows and *s* statistics; for tests and debug builds.
    func repeatViolations() -> [String] {
        var violations: [String] = []
        for (index, group) in repeats.groups.enumerated() where group.isAttached {
            let key = group.definition.key
            if let row = group.enclosing, repeats.groups[row.group].rows[row.id]?.groups.contains(index) != true {
                violations.append("repeat group '\(key)' lies in row \(row.id) of '\(repeats.groups[row.group].definition.key)', which does not hold it")
            }
            if repeats.group(withKey: key) != index { violations.append("repeat group '\(key)' is not found by its key") }
            if let value = fields[group.slot].value, let order = value.base as? RowOrder, order != group.order,
                group.refusedRow.map({ !order.contains($0) }) ?? true
            {
                violations.append("repeat group '\(key)' keeps order \(group.order), its key holds \(order)")
            }
            if Set(group.rows.keys) != Set(group.order) {
                violations.append("repeat group '\(key)' has rows \(group.rows.keys.sorted()), its order \(group.order)")
            }
            let ids = Array(group.order)
            for (position, id) in ids.enumerated() {
                let before = position > 0 ? ids[position - 1] : nil
                let after = position + 1 < ids.count ? ids[position + 1] : nil
                if group.previous[id] != before || group.next[id] != after {
                    violations.append("row \(id) of '\(key)' has neighbours \(String(describing: group.previous[id])), \(String(describing: group.next[id]))")
                }
                if repeats.position(of: id, inGroup: index) != position { violations.append("row \(id) of '\(key)' is not found at \(position)") }
                let holder = group.order.chunks.first { ObjectIdentifier($0.lineage) == group.lineageOf[id] }
                if holder?.ids.contains(id) != true { violations.append("row \(id) of '\(key)' is not in the chunk its lineage names") }
                if id.number >= group.nextNumber { violations.append("row \(id) of '\(key)' is not below the next id \(group.nextNumber)") }
            }
            // A row hidden by its own condition is one whose group of the rules' visibility rule says no.
            let hidden = Set(ids.filter { id in
                let visible = rules.groupByPrefix[key + "." + id.description].flatMap { rules.groups[$0].visibleRule }
                return visible.map { rules.decided(false, by: $0) } ?? false
            })
            if hidden != group.hiddenRows {
                violations.append("repeat group '\(key)' counts rows \(group.hiddenRows.sorted()) hidden, their conditions hide \(hidden.sorted())")
            }
            for tally in group.tallies {
                var fresh = RowTally(tally.statistic)
                if tally.statistic == .rows { fresh.addRows(ids.count - hidden.count) }
                if let field = tally.statistic.field {
                    for id in ids {
                        guard let slot = fields.slot(of: id.scope(in: key).key(field)) else { continue }
                        fresh.add(fields[slot].flags.isDisjoint(with: .concealed) ? fields[slot].stored : .absent)
                    }
                }
                if fresh.result != tally.result {
                    violations.append("statistic \(tally.statistic) of '\(key)' is \(tally.result), counting afresh gives \(fresh.result)")
                }
            }
        }
        for (slot, place) in repeats.placement {
            let group = repeats.groups[place.group]
            if !group.isAttached { violations.append("field '\(fields[slot].key)' is placed in a detached group") }
            // The key of a group inside the row feeds that group's statistics, recorded with the group.
            if repeats.groupOfSlot[slot] != nil { continue }
            let expected = group.rows[place.id] == nil ? [] : group.fedSlotsOfField[place.field] ?? []
            if graph.fed(by: slot) != expected {
                violations.append("field '\(fields[slot].key)' feeds \(graph.fed(by: slot)), its row makes it feed \(expected)")
            }
        }
        return violations
    }
}
