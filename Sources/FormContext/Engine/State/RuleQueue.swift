/// The rules due to run, lowest height first: a binary heap of (height, rule) entries in which a
/// rule whose height changed, or that ran, leaves a stale entry that is skipped when it surfaces.
struct RuleQueue: Sendable {
    private var heap: [(height: Int, rule: Int)] = []
    private var due: Set<Int> = []

    /// Whether no rule is due.
    var isEmpty: Bool { due.isEmpty }

    /// Whether `rule` is due.
    func contains(_ rule: Int) -> Bool {
        due.contains(rule)
    }

    /// Makes `rule` due at `height` (again, if its height changed).
    mutating func push(_ rule: Int, height: Int) {
        due.insert(rule)
        heap.append((height, rule))
        var child = heap.count - 1
        while child > 0 {
            let parent = (child - 1) / 2
            guard heap[child].height < heap[parent].height else { break }
            heap.swapAt(child, parent)
            child = parent
        }
    }

    /// Makes `rule` no longer due.
    mutating func remove(_ rule: Int) {
        due.remove(rule)
    }

    /// Takes every due rule of the lowest height, given each rule's current height.
    ///
    /// - Complexity: O(*k* log *q*) for *k* entries taken from a heap of *q*.
    mutating func popLowest(heights: [Int]) -> [Int] {
        var level: [Int] = []
        var lowest: Int?
        while let top = heap.first {
            let isCurrent = due.contains(top.rule) && heights[top.rule] == top.height
            if isCurrent, let lowest, top.height > lowest { break }
            popTop()
            guard isCurrent, due.remove(top.rule) != nil else { continue }
            lowest = top.height
            level.append(top.rule)
        }
        return level
    }

    private mutating func popTop() {
        heap.swapAt(0, heap.count - 1)
        heap.removeLast()
        var parent = 0
        while true {
            let left = 2 * parent + 1, right = left + 1
            var smallest = parent
            if left < heap.count, heap[left].height < heap[smallest].height { smallest = left }
            if right < heap.count, heap[right].height < heap[smallest].height { smallest = right }
            guard smallest != parent else { return }
            heap.swapAt(parent, smallest)
            parent = smallest
        }
    }
}
