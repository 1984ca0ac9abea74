/// The slots under a group of the rules, in the order they joined, with O(1) insert, remove and
/// membership.
///
/// A removal leaves a hole in place of the slot, so the others keep their order (a group rule
/// refreshes its members in this order, and the changes it makes are announced in it); once there
/// are as many holes as members, the holes are closed up in one pass: O(1) amortized per removal.
struct GroupMembers: Sendable, Sequence {
    /// The members in the order they joined, with `-1` where one was removed.
    private var entries: [Int] = []
    /// Where each member sits in ``entries``.
    private var positions: [Int: Int] = [:]

    /// The number of members.
    var count: Int { positions.count }

    /// Whether the group has no member.
    var isEmpty: Bool { positions.isEmpty }

    /// Whether `slot` is a member.
    func contains(_ slot: Int) -> Bool {
        positions[slot] != nil
    }

    /// Adds `slot` after every other member.
    ///
    /// - Returns: Whether it was not a member before.
    @discardableResult
    mutating func insert(_ slot: Int) -> Bool {
        guard positions[slot] == nil else { return false }
        positions[slot] = entries.count
        entries.append(slot)
        return true
    }

    /// Removes `slot`, leaving the others in order.
    ///
    /// - Returns: Whether it was a member.
    /// - Complexity: O(1) amortized.
    @discardableResult
    mutating func remove(_ slot: Int) -> Bool {
        guard let position = positions.removeValue(forKey: slot) else { return false }
        entries[position] = -1
        if position == entries.count - 1 {
            // The last one leaves no hole.
            entries.removeLast()
            while entries.last == -1 { entries.removeLast() }
        } else if entries.count - positions.count > Swift.max(8, positions.count) {
            closeHoles()
        }
        return true
    }

    /// Moves the members together, in their order.
    private mutating func closeHoles() {
        var next = 0
        for index in entries.indices where entries[index] >= 0 {
            let slot = entries[index]
            entries[next] = slot
            positions[slot] = next
            next += 1
        }
        entries.removeLast(entries.count - next)
    }

    func makeIterator() -> some IteratorProtocol<Int> {
        entries.lazy.filter { $0 >= 0 }.makeIterator()
    }

    /// What is wrong with the positions, if anything: each member's must name it, and every slot in
    /// ``entries`` must be a member.
    func invariantViolations(prefix: String) -> [String] {
        var violations: [String] = []
        for (slot, position) in positions where position >= entries.count || entries[position] != slot {
            violations.append("group '\(prefix)' places member \(slot) at \(position), where it is not")
        }
        let listed = entries.filter { $0 >= 0 }
        if listed.count != positions.count || Set(listed).count != listed.count {
            violations.append("group '\(prefix)' lists \(listed.count) members and places \(positions.count)")
        }
        return violations
    }
}
