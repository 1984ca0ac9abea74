/// How many sections are visible before each one: a Fenwick tree over the sections' visibility, so
/// that a section's visible position is found, and a section shown or hidden, in O(log *n*).
struct VisibleRanks: Sendable {
    /// Partial counts, 1-based: `tree[i]` counts the visible sections in `(i - lowbit(i), i]`.
    private var tree: [Int]
    /// The number of visible sections.
    private(set) var total = 0

    /// The ranks of `visible`.
    ///
    /// - Complexity: O(*n*).
    init(_ visible: [Bool]) {
        tree = Array(repeating: 0, count: visible.count + 1)
        rebuild(visible)
    }

    /// Recounts from `visible`, which has as many sections as before.
    ///
    /// - Complexity: O(*n*).
    mutating func rebuild(_ visible: [Bool]) {
        total = 0
        for index in tree.indices { tree[index] = 0 }
        for (index, isVisible) in visible.enumerated() where isVisible {
            tree[index + 1] += 1
            total += 1
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

    /// Counts `section` as shown (`delta` 1) or hidden (`delta` -1).
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

    /// The section that is visible at position `rank` among the visible ones.
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
