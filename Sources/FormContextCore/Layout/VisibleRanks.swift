/// How many sections are visible before each one: a Fenwick tree over the sections' visibility, so
/// that a section's visible position is found, and a section shown or hidden, in O(log *n*).
///
/// An entry may count for more than one visible section: a repeat section counts its header and
/// its visible rows, a block of a row list the visible rows it holds.
struct VisibleRanks: Sendable {
    /// Partial counts, 1-based: `tree[i]` counts the visible sections in `(i - lowbit(i), i]`.
    private var tree: [Int]
    /// The number of visible sections.
    private(set) var total = 0

    /// The ranks of `visible`.
    ///
    /// - Complexity: O(*n*).
    init(_ visible: [Bool]) {
        tree = []
        rebuild(visible)
    }

    /// The ranks of entries that each count for `weights[i]` visible sections.
    ///
    /// - Complexity: O(*n*).
    init(weights: [Int]) {
        tree = []
        rebuild(weights: weights)
    }

    /// Recounts from `visible`, which has as many sections as before.
    ///
    /// - Complexity: O(*n*).
    mutating func rebuild(_ visible: [Bool]) {
        rebuild(count: visible.count) { visible[$0] ? 1 : 0 }
    }

    /// Recounts from `weights`, which may have another number of entries than before.
    ///
    /// - Complexity: O(*n*).
    mutating func rebuild(weights: [Int]) {
        rebuild(count: weights.count) { weights[$0] }
    }

    /// Recounts `count` entries, entry `i` counting for `weight(i)` visible sections.
    ///
    /// - Complexity: O(*n*).
    mutating func rebuild(count: Int, weight: (Int) -> Int) {
        total = 0
        if tree.count == count + 1 {
            for index in tree.indices { tree[index] = 0 }
        } else {
            tree = Array(repeating: 0, count: count + 1)
        }
        for index in 0..<count {
            let value = weight(index)
            tree[index + 1] += value
            total += value
        }
        for index in 1..<max(tree.count, 1) {
            let parent = index + (index & -index)
            if parent < tree.count { tree[parent] += tree[index] }
        }
    }

    /// The number of visible sections before `section`: its position among them, if it is visible.
    ///
    /// - Complexity: O(log *n*).
    func count(before section: Int) -> Int {
        var index = section
        var count = 0
        while index > 0 {
            count += tree[index]
            index -= index & -index
        }
        return count
    }

    /// Counts `section` as shown (`delta` 1) or hidden (`delta` -1), or an entry's weight changed by `delta`.
    ///
    /// - Complexity: O(log *n*).
    mutating func add(_ delta: Int, at section: Int) {
        total += delta
        var index = section + 1
        while index < tree.count {
            tree[index] += delta
            index += index & -index
        }
    }

    /// The section that is visible at position `rank` among the visible ones (for entries that count
    /// for several, the entry holding that position).
    ///
    /// - Complexity: O(log *n*).
    func section(atRank rank: Int) -> Int? {
        guard rank >= 0, rank < total else { return nil }
        var position = 0
        var remaining = rank + 1
        var step = 1
        while step * 2 < tree.count { step *= 2 }
        while step > 0 {
            let next = position + step
            if next < tree.count, tree[next] < remaining {
                position = next
                remaining -= tree[next]
            }
            step /= 2
        }
        return position
    }
}
