/// Rules that come and go with the rows of repeat groups: each row's rules are added when the row
/// appears and taken out when it goes, their places given to later rules.
extension RuleState {
    /// Records what `rule` decides about, so that the rule engine finds it from the field.
    mutating func register(_ rule: Int, fields: inout FieldTable) {
        let target = rules[rule].target
        switch target {
        case .groupVisible(let prefix):
            groups[groupIndex(prefix)].visibleRule = rule
            targetSlots[rule] = -1
            return
        case .groupEnabled(let prefix):
            groups[groupIndex(prefix)].enabledRule = rule
            targetSlots[rule] = -1
            return
        case .groupReadOnly(let prefix):
            groups[groupIndex(prefix)].readOnlyRule = rule
            targetSlots[rule] = -1
            return
        default:
            break
        }
        let slot = fields.slot(creating: target.key)
        targetSlots[rule] = slot
        switch target {
        case .value, .rowCount: calculationOf[slot] = rule
        case .visible: visibleRuleOf[slot] = rule
        case .enabled: enabledRuleOf[slot] = rule
        case .required: requiredRuleOf[slot] = rule
        case .readOnly: readOnlyRuleOf[slot] = rule
        case .groupVisible, .groupEnabled, .groupReadOnly: break
        }
    }

    /// Adds `compiled`, due to run in this mutation (or with the others, if the rules have not run yet).
    ///
    /// - Returns: The new rules' indices.
    /// - Complexity: O(*r*) for *r* rules added.
    mutating func add(_ compiled: [CompiledRule], fields: inout FieldTable) -> [Int] {
        var added: [Int] = []
        added.reserveCapacity(compiled.count)
        for rule in compiled {
            let index: Int
            if let free = freeRules.popLast() {
                index = free
                rules[index] = rule
                heights[index] = 0
                outputs[index] = nil
                cyclic[index] = false
                retired[index] = false
            } else {
                index = rules.count
                rules.append(rule)
                heights.append(0)
                outputs.append()
                cyclic.append(false)
                retired.append(false)
                targetSlots.append(-1)
            }
            register(index, fields: &fields)
            added.append(index)
            if !needsDiscovery { queue.push(index, height: 0) }
        }
        return added
    }

    /// Makes the slot `slot`, whose key is `key`, a member of the group of `prefix` (a group of a
    /// row's fields) if the key lies under it and it is not one yet. Every slot made so far must
    /// have been placed (``placeNewSlots(of:)``), so that placing cannot add it again.
    ///
    /// - Returns: Whether it joined.
    mutating func join(_ slot: Int, key: String, toGroup prefix: String) -> Bool {
        guard key.hasPrefix(prefix + ".") else { return false }
        let group = groupIndex(prefix)
        guard groupsOfSlot[slot]?.contains(group) != true else { return false }
        groupsOfSlot[slot, default: []].append(group)
        groups[group].members.insert(slot)
        return true
    }

    /// Takes out `removed`: they no longer run, nor hold dependencies. A group left with no rule
    /// (a group of the row's fields, or a repeat group inside the row) is dropped.
    ///
    /// - Returns: The prefixes of the groups dropped, whose state whoever asked must ask again.
    /// - Complexity: O(*r* + *d* + *m*) for *r* rules, the *d* dependencies they held and the *m*
    ///   members of the groups dropped.
    @discardableResult
    mutating func remove(_ removed: [Int], from graph: inout DependencyGraph) -> [String] {
        var dropped: [String] = []
        for rule in removed where !retired[rule] {
            queue.remove(rule)
            graph.record([], for: .init(.rule, rule))
            let slot = targetSlots[rule]
            if slot >= 0 {
                switch rules[rule].target {
                case .value, .rowCount: if calculationOf[slot] == rule { calculationOf[slot] = nil }
                case .visible: if visibleRuleOf[slot] == rule { visibleRuleOf[slot] = nil }
                case .enabled: if enabledRuleOf[slot] == rule { enabledRuleOf[slot] = nil }
                case .required: if requiredRuleOf[slot] == rule { requiredRuleOf[slot] = nil }
                case .readOnly: if readOnlyRuleOf[slot] == rule { readOnlyRuleOf[slot] = nil }
                case .groupVisible, .groupEnabled, .groupReadOnly: break
                }
            }
            // A group of a row's fields, or a repeat group inside a row, loses its rule with the row.
            switch rules[rule].target {
            case .groupVisible(let prefix), .groupEnabled(let prefix), .groupReadOnly(let prefix):
                guard let group = groupByPrefix[prefix] else { break }
                if groups[group].visibleRule == rule { groups[group].visibleRule = nil }
                if groups[group].enabledRule == rule { groups[group].enabledRule = nil }
                if groups[group].readOnlyRule == rule { groups[group].readOnlyRule = nil }
                if groups[group].hasNoRule {
                    dropGroup(group)
                    dropped.append(prefix)
                }
            default:
                break
            }
            outputs[rule] = nil
            retired[rule] = true
            targetSlots[rule] = -1
            freeRules.append(rule)
        }
        return dropped
    }
}
