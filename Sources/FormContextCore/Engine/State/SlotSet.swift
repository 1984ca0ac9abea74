/// A set of field slots (small non-negative integers) with O(1) insert, remove, membership and clear.
///
/// Members sit densely in insertion order (a removal moves the last member into the gap), and each
/// slot remembers its position. A position is trusted only if the dense entry there points back at the
/// slot, so ``removeAll()`` just forgets the members: stale positions can never be mistaken for
/// members (the classic sparse-set construction of Briggs and Torczon).
struct SlotSet: Sendable {
    private var dense: [Int32] = []
    private var sparse: [Int32] = []
    /// The number of members.
    private(set) var count = 0

    /// Whether the set has no member.
    var isEmpty: Bool { count == 0 }

    /// Whether `slot` is a member.
    @inline(__always)
    func contains(_ slot: Int) -> Bool {
        guard slot < sparse.count else { return false }
        let position = Int(sparse[slot])
        return position < count && Int(dense[position]) == slot
    }

    /// Adds `slot`.
    ///
    /// - Returns: Whether it was not a member before.
    @discardableResult
    mutating func insert(_ slot: Int) -> Bool {
        guard !contains(slot) else { return false }
        if slot >= sparse.count {
            sparse.append(contentsOf: repeatElement(0, count: slot - sparse.count + 1))
        }
        sparse[slot] = Int32(truncatingIfNeeded: count)
        if count < dense.count {
            dense[count] = Int32(truncatingIfNeeded: slot)
        } else {
            dense.append(Int32(truncatingIfNeeded: slot))
        }
        count += 1
        return true
    }

    /// Removes `slot`.
    ///
    /// - Returns: Whether it was a member.
    @discardableResult
    mutating func remove(_ slot: Int) -> Bool {
        guard contains(slot) else { return false }
        let position = Int(sparse[slot])
        let last = dense[count - 1]
        dense[position] = last
        sparse[Int(last)] = Int32(truncatingIfNeeded: position)
        count -= 1
        return true
    }

    /// Adds or removes `slot`.
    ///
    /// - Returns: Whether membership changed.
    @discardableResult
    mutating func update(_ slot: Int, isMember: Bool) -> Bool {
        isMember ? insert(slot) : remove(slot)
    }

    /// Forgets every member in O(1).
    mutating func removeAll() {
        count = 0
    }

    /// The members, in no particular order.
    var members: some Collection<Int> {
        dense[..<count].lazy.map { Int($0) }
    }
}
