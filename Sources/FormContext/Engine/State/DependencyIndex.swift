/// Which readers (validators, rules) read which field slots on their last run, both ways.
///
/// A reader's reads are replaced each time it runs, so a dependency taken only in one branch is
/// picked up when that branch runs and dropped when it no longer does. Readers and slots are small
/// non-negative integers, so both directions are arrays indexed by them: recording the same reads a
/// reader made last time costs one comparison and changes nothing.
struct DependencyIndex: Sendable {
    private var reads: [[Int]] = []
    private var readers: [Set<Int>] = []
    /// The number of slots read by at least one reader.
    private var readSlotCount = 0

    /// Records that `reader` read exactly `slots` on its last run.
    ///
    /// - Complexity: O(*r*) for *r* slots read now and before.
    mutating func record(_ slots: [Int], for reader: Int) {
        record(slots[...], for: reader)
    }

    /// Records that `reader` read exactly `slots` on its last run.
    ///
    /// - Complexity: O(*r*) for *r* slots read now and before; no allocation when they are the
    ///   slots it read before.
    mutating func record(_ slots: ArraySlice<Int>, for reader: Int) {
        if reader < reads.count {
            guard !Self.same(reads[reader], slots) else { return }
        } else {
            guard !slots.isEmpty else { return }
            reads.append(contentsOf: repeatElement([], count: reader - reads.count + 1))
        }
        for slot in reads[reader] where readers[slot].remove(reader) != nil && readers[slot].isEmpty {
            readSlotCount -= 1
        }
        for slot in slots {
            if slot >= readers.count { readers.append(contentsOf: repeatElement([], count: slot - readers.count + 1)) }
            if readers[slot].isEmpty { readSlotCount += 1 }
            readers[slot].insert(reader)
        }
        reads[reader] = Array(slots)
    }

    /// Whether `old` and `new` hold the same slots in the same order (what `elementsEqual` tells, by
    /// a plain loop: this runs for every rule run).
    @inline(__always)
    private static func same(_ old: [Int], _ new: ArraySlice<Int>) -> Bool {
        guard old.count == new.count else { return false }
        var index = new.startIndex
        for slot in old {
            guard slot == new[index] else { return false }
            index += 1
        }
        return true
    }

    /// The readers that read `slot` on their last run, `nil` if none did.
    func readers(of slot: Int) -> Set<Int>? {
        guard slot < readers.count, !readers[slot].isEmpty else { return nil }
        return readers[slot]
    }

    /// Whether `reader` read `slot` on its last run (asked of its few reads, hashing nothing).
    @inline(__always)
    func hasRead(_ reader: Int, _ slot: Int) -> Bool {
        reader < reads.count && reads[reader].contains(slot)
    }

    /// The slots `reader` read on its last run.
    func reads(of reader: Int) -> [Int] {
        reader < reads.count ? reads[reader] : []
    }

    /// Whether no reader read anything.
    var isEmpty: Bool { readSlotCount == 0 }

    /// Forgets every dependency.
    mutating func removeAll() {
        reads = []
        readers = []
        readSlotCount = 0
    }
}
