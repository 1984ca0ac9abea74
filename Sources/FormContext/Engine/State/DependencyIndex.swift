/// Which readers (validators, rules) read which field slots on their last run, both ways.
///
/// A reader's reads are replaced each time it runs, so a dependency taken only in one branch is
/// picked up when that branch runs and dropped when it no longer does. Readers and slots are small
/// non-negative integers, so both directions live in flat arrays indexed by them, with no object
/// per reader or per slot: a reader's reads are a range of one shared pool, and a slot read by one
/// reader (most are) holds it inline; only a slot read by several keeps a set of them. Recording the
/// same reads a reader made last time costs one comparison and changes nothing.
struct DependencyIndex: Sendable {
    /// Per reader: where its reads start in `pool`, and how many there are.
    private var readStart: [Int] = []
    private var readCount: [Int32] = []
    /// The reads of every reader, each reader's a range; ranges given up are garbage until compacted.
    private var pool: [Int] = []
    private var garbage = 0
    /// Per slot: its one reader, ``noReader``, or ``severalReaders`` (then in `severalReadersOf`).
    private var soleReader: [Int32] = []
    private var severalReadersOf: [Int: Set<Int>] = [:]
    /// The number of slots read by at least one reader.
    private var readSlotCount = 0

    private static let noReader: Int32 = -1, severalReaders: Int32 = -2

    /// The readers of one slot.
    struct Readers: Sequence {
        fileprivate enum Storage {
            case none
            case one(Int)
            case several(Set<Int>)
        }

        fileprivate let storage: Storage

        /// Whether no reader read the slot.
        var isEmpty: Bool {
            if case .none = storage { true } else { false }
        }

        struct Iterator: IteratorProtocol {
            fileprivate var one: Int?
            fileprivate var several: Set<Int>.Iterator?

            mutating func next() -> Int? {
                if let reader = one {
                    one = nil
                    return reader
                }
                return several?.next()
            }
        }

        func makeIterator() -> Iterator {
            switch storage {
            case .none: Iterator(one: nil, several: nil)
            case .one(let reader): Iterator(one: reader, several: nil)
            case .several(let readers): Iterator(one: nil, several: readers.makeIterator())
            }
        }

        var underestimatedCount: Int {
            switch storage {
            case .none: 0
            case .one: 1
            case .several(let readers): readers.count
            }
        }
    }

    /// Records that `reader` read exactly `slots` on its last run.
    ///
    /// - Complexity: O(*r*) for *r* slots read now and before.
    mutating func record(_ slots: [Int], for reader: Int) {
        record(slots, in: slots.indices, for: reader)
    }

    /// Records that `reader` read exactly `slots[range]` on its last run.
    ///
    /// Given the array and the range rather than a slice: a slice would hold (retain) the array's
    /// storage, where the array is only borrowed.
    ///
    /// - Complexity: O(*r*) for *r* slots read now and before (amortized: the pool is compacted once
    ///   half of it is given up); no allocation when they are the slots it read before.
    mutating func record(_ slots: [Int], in range: Range<Int>, for reader: Int) {
        if reader >= readStart.count {
            guard !range.isEmpty else { return }
            readStart.append(contentsOf: repeatElement(0, count: reader - readStart.count + 1))
            readCount.append(contentsOf: repeatElement(0, count: reader - readCount.count + 1))
        }
        let start = readStart[reader]
        let count = Int(readCount[reader])
        if count == range.count, Self.same(pool, start, slots, range) { return }
        for index in start..<(start + count) { removeReader(reader, of: pool[index]) }
        for index in range { addReader(reader, of: slots[index]) }
        if range.count <= count {
            var position = start
            for index in range {
                pool[position] = slots[index]
                position += 1
            }
            garbage += count - range.count
        } else {
            garbage += count
            readStart[reader] = pool.count
            for index in range { pool.append(slots[index]) }
        }
        readCount[reader] = Int32(range.count)
        if garbage > 1024, garbage * 2 > pool.count { compact() }
    }

    /// Whether `pool[start...]` begins with `slots[range]`.
    @inline(__always)
    private static func same(_ pool: [Int], _ start: Int, _ slots: [Int], _ range: Range<Int>) -> Bool {
        var position = start
        for index in range {
            guard pool[position] == slots[index] else { return false }
            position += 1
        }
        return true
    }

    private mutating func addReader(_ reader: Int, of slot: Int) {
        if slot >= soleReader.count { soleReader.append(contentsOf: repeatElement(Self.noReader, count: slot - soleReader.count + 1)) }
        let current = soleReader[slot]
        if current == Self.noReader {
            soleReader[slot] = Int32(reader)
            readSlotCount += 1
        } else if current == Self.severalReaders {
            severalReadersOf[slot, default: []].insert(reader)
        } else if Int(current) != reader {
            soleReader[slot] = Self.severalReaders
            severalReadersOf[slot] = [Int(current), reader]
        }
    }

    private mutating func removeReader(_ reader: Int, of slot: Int) {
        guard slot < soleReader.count else { return }
        let current = soleReader[slot]
        if Int(current) == reader {
            soleReader[slot] = Self.noReader
            readSlotCount -= 1
        } else if current == Self.severalReaders {
            severalReadersOf[slot]?.remove(reader)
            // A slot read by several holds two or more: down to one, it holds it inline again.
            if let readers = severalReadersOf[slot], readers.count == 1, let last = readers.first {
                severalReadersOf[slot] = nil
                soleReader[slot] = Int32(last)
            }
        }
    }

    /// Moves every reader's reads together, dropping the ranges given up.
    private mutating func compact() {
        var compacted: [Int] = []
        compacted.reserveCapacity(pool.count - garbage)
        for reader in readStart.indices {
            let start = readStart[reader]
            readStart[reader] = compacted.count
            compacted.append(contentsOf: pool[start..<(start + Int(readCount[reader]))])
        }
        pool = compacted
        garbage = 0
    }

    /// The readers that read `slot` on their last run, `nil` if none did.
    @inline(__always)
    func readers(of slot: Int) -> Readers? {
        guard slot < soleReader.count else { return nil }
        let current = soleReader[slot]
        if current >= 0 { return Readers(storage: .one(Int(current))) }
        guard current == Self.severalReaders, let readers = severalReadersOf[slot] else { return nil }
        return Readers(storage: .several(readers))
    }

    /// The readers that read `slot` on their last run, none if none did: for callers that gather
    /// them. The hot paths ask ``readers(of:)``, whose `nil` costs less to test than an empty set of
    /// readers costs to make and walk (about 80 instructions a rule run, measured).
    func allReaders(of slot: Int) -> Readers {
        readers(of: slot) ?? Readers(storage: .none)
    }

    /// Whether `reader` read `slot` on its last run (asked of its few reads, hashing nothing).
    @inline(__always)
    func hasRead(_ reader: Int, _ slot: Int) -> Bool {
        guard reader < readStart.count else { return false }
        let start = readStart[reader]
        return pool[start..<(start + Int(readCount[reader]))].contains(slot)
    }

    /// The slots `reader` read on its last run.
    func reads(of reader: Int) -> [Int] {
        guard reader < readStart.count else { return [] }
        let start = readStart[reader]
        return Array(pool[start..<(start + Int(readCount[reader]))])
    }

    /// Whether no reader read anything.
    var isEmpty: Bool { readSlotCount == 0 }

    /// Forgets every dependency.
    mutating func removeAll() {
        self = DependencyIndex()
    }
}
