/// Which readers (validators, rules) read which field slots on their last run, both ways.
///
/// A reader's reads are replaced each time it runs, so a dependency taken only in one branch is
/// picked up when that branch runs and dropped when it no longer does.
struct DependencyIndex: Sendable {
    private var reads: [Int: [Int]] = [:]
    private var readers: [Int: Set<Int>] = [:]

    /// Records that `reader` read exactly `slots` on its last run.
    ///
    /// - Complexity: O(*r*) for *r* slots read now and before.
    mutating func record(_ slots: [Int], for reader: Int) {
        let old = reads[reader] ?? []
        guard old != slots else { return }
        for slot in old {
            readers[slot]?.remove(reader)
            if readers[slot]?.isEmpty == true { readers[slot] = nil }
        }
        for slot in slots { readers[slot, default: []].insert(reader) }
        reads[reader] = slots.isEmpty ? nil : slots
    }

    /// The readers that read `slot` on their last run.
    func readers(of slot: Int) -> Set<Int>? {
        readers[slot]
    }

    /// The slots `reader` read on its last run.
    func reads(of reader: Int) -> [Int] {
        reads[reader] ?? []
    }

    /// Whether no reader read anything.
    var isEmpty: Bool { readers.isEmpty }

    /// Forgets every dependency.
    mutating func removeAll() {
        reads = [:]
        readers = [:]
    }
}
