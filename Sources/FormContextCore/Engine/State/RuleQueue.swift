/// The rules due to run, lowest height first: a binary heap of (height, rule) entries in which a
/// rule whose height changed, or that ran, leaves a stale entry that is skipped when it surfaces.
/// Which rules are due is a flag per rule, so that asking costs no hashing.
struct RuleQueue: Sendable {
    private var heap: [(height: Int, rule: Int)] = []
    /// At least the height of every entry in the heap: when the top is this high, so is every entry.
    private var highest = Int.min
    private var due: [Bool] = []
    private var dueCount = 0

    /// Whether no rule is due.
    var isEmpty: Bool { dueCount == 0 }

    /// Whether `rule` is due.
    @inline(__always)
    func contains(_ rule: Int) -> Bool {
        rule < due.count && due[rule]
    }

    /// Makes `rule` due at `height` (again, if its height changed).
    mutating func push(_ rule: Int, height: Int) {
        if rule >= due.count { due.append(contentsOf: repeatElement(false, count: rule - due.count + 1)) }
        if !due[rule] {
            due[rule] = true
            dueCount += 1
        }
        heap.append((height, rule))
        highest = max(highest, height)
        var child = heap.count - 1
        while child > 0 {
            let parent = (child - 1) / 2
            guard heap[child].height < heap[parent].height else { break }
            heap.swapAt(child, parent)
            child = parent
        }
    }

    /// Makes `rule` no longer due.
    @discardableResult
    mutating func remove(_ rule: Int) -> Bool {
        guard contains(rule) else { return false }
        due[rule] = false
        dueCount -= 1
        return true
    }

    /// Takes every due rule of the lowest height, given each rule's current height, appending them
    /// to `level`.
    ///
    /// - Complexity: O(*k* log *q*) for *k* entries taken from a heap of *q*.
    mutating func popLowest(heights: [Int], into level: inout [Int]) {
        defer { if heap.isEmpty { highest = .min } }
        if let top = heap.first, top.height == highest {
            // Every entry is of one height (the readers of one switch, say): all are taken at once,
            // with no sifting.
            for entry in heap where heights[entry.rule] == entry.height && remove(entry.rule) {
                level.append(entry.rule)
            }
            heap.empty()
            return
        }
        var lowest: Int?
        while let top = heap.first {
            let isCurrent = contains(top.rule) && heights[top.rule] == top.height
            if isCurrent, let lowest, top.height > lowest { break }
            popTop()
            guard isCurrent, remove(top.rule) else { continue }
            lowest = top.height
            level.append(top.rule)
        }
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
