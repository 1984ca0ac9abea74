/// The form's one dependency graph: every derived thing (a rule, a field's validators, a form-level
/// validator, a settle subscriber's derivation) is a node, and each node's edges are the field slots
/// it read on its last run, kept both ways.
///
/// Why one graph: a changed slot finds everything derived from it in one place, whatever derived
/// it, and a slot read by anything is held by one answer (``isRead(_:)``). Each stage asks only for
/// its own kind of node (``readers(of:_:)``), so the rule stage is handed rules only and a new
/// kind of derivation is one more ``Kind``, not one more index.
///
/// What it guarantees: a node's reads are exactly those last recorded for it, and the slot side
/// agrees with them; recording the reads a node made last time costs one comparison and changes
/// nothing. A node's reads are replaced each time it runs, so a dependency taken only in one
/// branch is picked up when that branch runs and dropped when it no longer does.
///
/// Nodes and slots are small non-negative integers, so both directions live in flat arrays with no
/// object per node or per slot: a node's reads are a span of one shared pool (the spans kept per
/// kind, dense by the kind's numbering), and a slot read by one node (most are) holds it inline;
/// only a slot read by several keeps a set of them.
///
/// Two kinds of edge: a node's reads, replaced whole on each run, for what is worked out afresh;
/// and feeds (``setFeeds(_:of:)``, in `DependencyGraph+Feeds.swift`), slot to slot, for what is kept
/// incrementally: a repeat group's statistics and summaries read a field of every row, and are
/// updated per row, so their edges are added and removed per row, never re-listed. The rule stage
/// orders rules by both; a slot that either holds is not released (``isHeld(_:)``).
struct DependencyGraph: Sendable {
    /// What a node stands for; its number is the kind's own (a rule's index, a validator's position,
    /// a subscriber's node).
    enum Kind: Int, Sendable, CaseIterable {
        /// A rule of the definition: its value reads. A rule that cannot see hidden fields (see
        /// ``CompiledRule/excluded``) also depends on whether what it read is hidden; that is asked
        /// of the same node, not kept twice.
        case rule
        /// The validators of one field (or of a row's field), by check position.
        case validator
        /// A form-level validator, by its position in the definition.
        case formValidator
        /// A derivation of a settle subscriber (a live screen's condition, footer or cell value).
        case subscriber
    }

    /// A node: its kind and its number within the kind, packed in one integer.
    struct Node: Hashable, Sendable {
        let raw: Int

        @inline(__always)
        init(_ kind: Kind, _ index: Int) { raw = index << Self.kindBits | kind.rawValue }

        var kind: Kind { Kind(rawValue: raw & Self.kindMask)! }
        var index: Int { raw >> Self.kindBits }

        fileprivate static let kindBits = 2, kindMask = 3
    }

    /// Where one node's reads lie in `pool`.
    private struct Span: Sendable {
        var start = 0
        var count: Int32 = 0
    }

    /// Per rule, by its index: its span of `pool`. The rules' spans are an array of their own, not
    /// one of `spans`: the rule stage records and looks up a rule's reads once a rule run, and an
    /// array of arrays costs a second bounds check, uniqueness check and retain on every access.
    private var ruleSpans: [Span] = []
    /// Per other kind (by its raw value less one), per node by its number within the kind: its span
    /// of `pool`. Dense by the kind's own numbering.
    private var spans = Array(repeating: [Span](), count: Kind.allCases.count - 1)
    /// The reads of every node, each node's a range; ranges given up are garbage until compacted.
    private var pool: [Int] = []
    private var garbage = 0
    /// Per slot: its one reader (a node's raw value), ``noReader``, or the place of its set of readers
    /// in `severalReaders` (encoded `-2 - place`).
    private var soleReader: [Int32] = []
    private var severalReaders: [Set<Int>] = []
    /// Per place in `severalReaders` and per kind (at `place * kindCount + kind`): how many of the
    /// set's readers are of that kind, so that a stage asking for its own kind skips, without walking
    /// it, a set holding none (the rules reading a switch, asked for its form-level validators).
    private var severalKindCounts: [Int] = []
    private static let kindCount = Kind.allCases.count
    private var freeSeveral: [Int] = []
    /// The number of slots read by at least one node.
    private var readSlotCount = 0

    private static let noReader: Int32 = -1

    /// The feeds edges (see `DependencyGraph+Feeds.swift`).
    var feeds = Feeds()

    /// The nodes of one kind that read one slot, by their number within the kind.
    struct Readers: Sequence {
        fileprivate enum Storage {
            case none
            case one(Int)
            case several(Set<Int>)
        }

        fileprivate let storage: Storage
        fileprivate let kind: Int

        struct Iterator: IteratorProtocol {
            fileprivate var one: Int?
            fileprivate var several: Set<Int>.Iterator?
            fileprivate let kind: Int

            mutating func next() -> Int? {
                if let raw = one {
                    one = nil
                    return raw >> Node.kindBits
                }
                while let raw = several?.next() {
                    if raw & Node.kindMask == kind { return raw >> Node.kindBits }
                }
                return nil
            }
        }

        /// Calls `body` with each node's number, as a `for` loop would, without making an iterator:
        /// the rule stage walks the readers of every value a rule writes, most of them one node, and
        /// an iterator costs a switch to make and another to destroy.
        @inline(__always)
        func forEach(_ body: (Int) -> Void) {
            switch storage {
            case .none: return
            case .one(let raw): body(raw >> Node.kindBits)
            case .several(let raws):
                for raw in raws where raw & Node.kindMask == kind { body(raw >> Node.kindBits) }
            }
        }

        func makeIterator() -> Iterator {
            switch storage {
            case .none: Iterator(one: nil, several: nil, kind: kind)
            case .one(let raw): Iterator(one: raw, several: nil, kind: kind)
            case .several(let raws): Iterator(one: nil, several: raws.makeIterator(), kind: kind)
            }
        }
    }

    /// Records that `node` read exactly `slots` on its last run.
    ///
    /// - Complexity: O(*r*) for *r* slots read now and before.
    mutating func record(_ slots: [Int], for node: Node) {
        record(slots, in: slots.indices, for: node)
    }

    /// Records that `node` read exactly `slots[range]` on its last run.
    ///
    /// Given the array and the range rather than a slice: a slice would hold (retain) the array's
    /// storage, where the array is only borrowed.
    ///
    /// - Complexity: O(*r*) for *r* slots read now and before (amortized: the pool is compacted once
    ///   half of it is given up); no allocation when they are the slots it read before.
    @inline(__always)
    mutating func record(_ slots: [Int], in range: Range<Int>, for node: Node) {
        // Inlined, the common case (the reads it made last time) costs no call; the rest is a call.
        if let span = span(node.raw & Node.kindMask, node.raw >> Node.kindBits), Int(span.count) == range.count,
            Self.same(pool, span.start, slots, range)
        {
            return
        }
        replace(slots, in: range, for: node)
    }

    /// Records that `node` read exactly `slots` on its last run, and says what that changed.
    ///
    /// - Returns: `nil` when it read what it had recorded; otherwise whether it read a slot it had
    ///   not, and the slots it no longer reads.
    /// - Complexity: no allocation and O(*r*) for *r* reads when nothing changed; O(*r*²) otherwise.
    mutating func update(_ slots: [Int], for node: Node) -> (gained: Bool, lost: [Int])? {
        let span = span(node.raw & Node.kindMask, node.raw >> Node.kindBits)
        if let span, Int(span.count) == slots.count, Self.same(pool, span.start, slots, slots.indices) { return nil }
        if span == nil && slots.isEmpty { return nil }
        let before = reads(of: node)
        replace(slots, in: slots.indices, for: node)
        return (slots.contains { !before.contains($0) }, before.filter { !slots.contains($0) })
    }

    /// Records that `node` read exactly `slots[range]`, other than what it recorded before.
    @inline(never)
    private mutating func replace(_ slots: [Int], in range: Range<Int>, for node: Node) {
        let raw = node.raw, kind = raw & Node.kindMask, index = raw >> Node.kindBits
        let span: Span
        if let recorded = self.span(kind, index) {
            span = recorded
        } else {
            guard !range.isEmpty else { return }
            growSpans(kind, to: index + 1)
            span = Span()
        }
        let start = span.start
        let count = Int(span.count)
        for position in start..<(start + count) { removeReader(raw, of: pool[position]) }
        for position in range { addReader(raw, of: slots[position]) }
        if range.count <= count {
            var position = start
            for read in range {
                pool[position] = slots[read]
                position += 1
            }
            garbage += count - range.count
            setSpan(Span(start: start, count: Int32(range.count)), kind, index)
        } else {
            garbage += count
            setSpan(Span(start: pool.count, count: Int32(range.count)), kind, index)
            for read in range { pool.append(slots[read]) }
        }
        if garbage > 1024, garbage * 2 > pool.count { compact() }
    }

    /// Moves every node's reads together, dropping the ranges given up.
    private mutating func compact() {
        var compacted: [Int] = []
        compacted.reserveCapacity(pool.count - garbage)
        for index in ruleSpans.indices {
            let span = ruleSpans[index]
            ruleSpans[index].start = compacted.count
            compacted.append(contentsOf: pool[span.start..<(span.start + Int(span.count))])
        }
        for kind in spans.indices {
            for index in spans[kind].indices {
                let span = spans[kind][index]
                spans[kind][index].start = compacted.count
                compacted.append(contentsOf: pool[span.start..<(span.start + Int(span.count))])
            }
        }
        pool = compacted
        garbage = 0
    }

    /// The span of the node numbered `index` within the kind of raw value `kind`; `nil` when no node
    /// of the kind so numbered (or higher) has recorded anything.
    @inline(__always)
    private func span(_ kind: Int, _ index: Int) -> Span? {
        if kind == Kind.rule.rawValue { return index < ruleSpans.count ? ruleSpans[index] : nil }
        return index < spans[kind - 1].count ? spans[kind - 1][index] : nil
    }

    @inline(__always)
    private mutating func setSpan(_ span: Span, _ kind: Int, _ index: Int) {
        if kind == Kind.rule.rawValue { ruleSpans[index] = span } else { spans[kind - 1][index] = span }
    }

    /// Makes room for the spans of the nodes of the kind of raw value `kind` numbered below `count`.
    private mutating func growSpans(_ kind: Int, to count: Int) {
        if kind == Kind.rule.rawValue {
            ruleSpans.append(contentsOf: repeatElement(Span(), count: count - ruleSpans.count))
        } else {
            spans[kind - 1].append(contentsOf: repeatElement(Span(), count: count - spans[kind - 1].count))
        }
    }

    /// The reads of the node numbered `raw`.
    private func slots(of raw: Int) -> ArraySlice<Int> {
        guard let span = span(raw & Node.kindMask, raw >> Node.kindBits) else { return [] }
        return pool[span.start..<(span.start + Int(span.count))]
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

    private mutating func addReader(_ raw: Int, of slot: Int) {
        if slot >= soleReader.count { soleReader.append(contentsOf: repeatElement(Self.noReader, count: slot - soleReader.count + 1)) }
        let current = soleReader[slot]
        if current == Self.noReader {
            soleReader[slot] = Int32(raw)
            readSlotCount += 1
        } else if current < Self.noReader {
            let place = Int(-2 - current)
            if severalReaders[place].insert(raw).inserted { severalKindCounts[place * Self.kindCount + (raw & Node.kindMask)] += 1 }
        } else if Int(current) != raw {
            let place: Int
            if let free = freeSeveral.popLast() {
                place = free
                severalReaders[place] = [Int(current), raw]
            } else {
                place = severalReaders.count
                severalReaders.append([Int(current), raw])
                severalKindCounts.append(contentsOf: repeatElement(0, count: Self.kindCount))
            }
            severalKindCounts[place * Self.kindCount + (Int(current) & Node.kindMask)] += 1
            severalKindCounts[place * Self.kindCount + (raw & Node.kindMask)] += 1
            soleReader[slot] = Int32(-2 - place)
        }
    }

    private mutating func removeReader(_ raw: Int, of slot: Int) {
        guard slot < soleReader.count else { return }
        let current = soleReader[slot]
        if Int(current) == raw {
            soleReader[slot] = Self.noReader
            readSlotCount -= 1
        } else if current < Self.noReader {
            let place = Int(-2 - current)
            if severalReaders[place].remove(raw) != nil { severalKindCounts[place * Self.kindCount + (raw & Node.kindMask)] -= 1 }
            // A slot read by several holds two or more: down to one, it holds it inline again.
            if severalReaders[place].count == 1, let last = severalReaders[place].first {
                severalReaders[place] = []
                severalKindCounts[place * Self.kindCount + (last & Node.kindMask)] = 0
                freeSeveral.append(place)
                soleReader[slot] = Int32(last)
            }
        }
    }

    /// The nodes of `kind` that read `slot` on their last run; `nil` when no node of `kind` read it
    /// (the hot paths test that `nil`, which costs less than making and walking an empty sequence).
    @inline(__always)
    func readers(of slot: Int, _ kind: Kind) -> Readers? {
        guard slot < soleReader.count else { return nil }
        let current = soleReader[slot]
        if current >= 0 {
            return Int(current) & Node.kindMask == kind.rawValue ? Readers(storage: .one(Int(current)), kind: kind.rawValue) : nil
        }
        guard current < Self.noReader else { return nil }
        let place = Int(-2 - current)
        guard severalKindCounts[place * Self.kindCount + kind.rawValue] > 0 else { return nil }
        return Readers(storage: .several(severalReaders[place]), kind: kind.rawValue)
    }

    /// The nodes of `kind` that read `slot` on their last run, none if none did: for callers that
    /// gather them.
    func allReaders(of slot: Int, _ kind: Kind) -> Readers {
        readers(of: slot, kind) ?? Readers(storage: .none, kind: kind.rawValue)
    }

    /// Whether a node of `kind` read `slot` on its last run.
    func isRead(_ slot: Int, by kind: Kind) -> Bool {
        allReaders(of: slot, kind).contains { _ in true }
    }

    /// Whether any node read `slot` on its last run: then the slot is not released.
    func isRead(_ slot: Int) -> Bool {
        slot < soleReader.count && soleReader[slot] != Self.noReader
    }

    /// Whether `node` read `slot` on its last run (asked of its few reads, hashing nothing).
    @inline(__always)
    func hasRead(_ node: Node, _ slot: Int) -> Bool {
        // Walked by position, not through a slice of the pool: a slice would retain its storage.
        guard let span = span(node.raw & Node.kindMask, node.raw >> Node.kindBits) else { return false }
        var position = span.start
        let end = position + Int(span.count)
        while position < end {
            if pool[position] == slot { return true }
            position += 1
        }
        return false
    }

    /// How many slots `node` read on its last run.
    func readCount(of node: Node) -> Int {
        span(node.raw & Node.kindMask, node.raw >> Node.kindBits).map { Int($0.count) } ?? 0
    }

    /// The slot `node` read at `index` (0 for its first read) on its last run; `nil` when it read
    /// fewer, or has not run.
    @inline(__always)
    func read(_ index: Int, of node: Node) -> Int? {
        guard let span = span(node.raw & Node.kindMask, node.raw >> Node.kindBits), index < Int(span.count) else { return nil }
        return pool[span.start + index]
    }

    /// The slots `node` read on its last run.
    func reads(of node: Node) -> [Int] {
        Array(slots(of: node.raw))
    }

    /// Whether no node read anything.
    var isEmpty: Bool { readSlotCount == 0 }

    /// Forgets what every node of `kind` read.
    ///
    /// - Complexity: O(*n* + *r*) for the kind's *n* nodes and their *r* reads.
    mutating func removeAll(_ kind: Kind) {
        let count = kind == .rule ? ruleSpans.count : spans[kind.rawValue - 1].count
        for index in 0..<count { record([], for: Node(kind, index)) }
        if kind == .rule { ruleSpans = [] } else { spans[kind.rawValue - 1] = [] }
    }
}
