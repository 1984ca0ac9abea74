/// The rows of a repeat group, in order: the value a form holds under the group's key.
///
/// A row order is an immutable value that shares its storage with the orders it was made from, so
/// inserting, removing or moving one row costs about the same in a group of ten rows and of a
/// hundred thousand, and comparing an order with the one it came from (is the group still as it
/// started?) looks only at what differs.
///
/// ```swift
/// let order = form.rows(of: "members")   // [r1, r3, r2]
/// for id in order { print(form[FormKey<String>("members.\(id).name")] ?? "") }
/// ```
public struct RowOrder: RandomAccessCollection, Hashable, Sendable, ExpressibleByArrayLiteral, CustomStringConvertible {
    /// Runs of consecutive ids, never empty, each shared by every order that holds it unchanged.
    let chunks: [Chunk]
    /// The position just past each chunk: the running total of their counts.
    let ends: [Int]

    /// A run of consecutive ids, immutable and shared.
    final class Chunk: Sendable {
        let ids: [RowID]
        /// What an edited copy of a chunk shares with the chunk it was copied from, so that a live
        /// form can go on finding the rows that stayed in it without recording each one again.
        let lineage: Lineage

        init(_ ids: [RowID], lineage: Lineage = Lineage()) {
            self.ids = ids
            self.lineage = lineage
        }
    }

    /// The identity a chunk passes to its edited copies.
    final class Lineage: Sendable {}

    /// The most ids one chunk holds; a chunk that would hold more is split in two.
    static let chunkCapacity = 512

    /// An order of no rows.
    init() {
        self.init(chunks: [])
    }

    /// The rows `ids`, in that order.
    ///
    /// - Parameter ids: The rows; an id given twice is kept once, at its first place.
    /// - Complexity: O(*n*).
    public init(_ ids: some Sequence<RowID>) {
        var seen: Set<RowID> = []
        let unique = ids.filter { seen.insert($0).inserted }
        let half = Self.chunkCapacity / 2
        self.init(chunks: stride(from: 0, to: unique.count, by: half).map { Chunk(Array(unique[$0..<Swift.min($0 + half, unique.count)])) })
    }

    public init(arrayLiteral elements: RowID...) {
        self.init(elements)
    }

    init(chunks: [Chunk]) {
        self.chunks = chunks
        var total = 0
        ends = chunks.map { chunk in
            total += chunk.ids.count
            return total
        }
    }

    // MARK: Collection

    public var startIndex: Int { 0 }
    public var endIndex: Int { ends.last ?? 0 }

    /// The row at `position`.
    ///
    /// - Complexity: O(log *c*) for *c* chunks.
    public subscript(position: Int) -> RowID {
        let (chunk, offset) = locate(position)
        return chunks[chunk].ids[offset]
    }

    /// An iterator over the rows in order, a chunk at a time: O(1) a step, where reading by position
    /// looks the chunk up each time. Its type is the standard library's, whose steps a caller in
    /// another module (the XForms module summing a repeat) compiles in place: an opaque iterator was
    /// called through its protocol there, about seven times the instructions a step.
    public func makeIterator() -> FlattenSequence<[[RowID]]>.Iterator {
        chunks.map(\.ids).joined().makeIterator()
    }

    /// The chunk holding `position` and the position inside it.
    func locate(_ position: Int) -> (chunk: Int, offset: Int) {
        var low = 0
        var high = ends.count - 1
        while low < high {
            let middle = (low + high) / 2
            if ends[middle] > position { high = middle } else { low = middle + 1 }
        }
        return (low, position - (low == 0 ? 0 : ends[low - 1]))
    }

    /// The position of the first row of chunk `index`.
    func start(ofChunk index: Int) -> Int {
        index == 0 ? 0 : ends[index - 1]
    }

    // MARK: Equality

    /// Whether both orders hold the same rows in the same order. Chunks the two share are passed
    /// over whole, so an order compared with the one it was made from costs what differs.
    public static func == (lhs: RowOrder, rhs: RowOrder) -> Bool {
        guard lhs.count == rhs.count else { return false }
        var left = (chunk: 0, offset: 0)
        var right = (chunk: 0, offset: 0)
        while left.chunk < lhs.chunks.count {
            if left.offset == 0, right.offset == 0, lhs.chunks[left.chunk] === rhs.chunks[right.chunk] {
                left.chunk += 1
                right.chunk += 1
                continue
            }
            let a = lhs.chunks[left.chunk].ids, b = rhs.chunks[right.chunk].ids
            guard a[left.offset] == b[right.offset] else { return false }
            left.offset += 1
            right.offset += 1
            if left.offset == a.count { left = (left.chunk + 1, 0) }
            if right.offset == b.count { right = (right.chunk + 1, 0) }
        }
        return true
    }

    /// Hashes the count and the first and last rows: equal orders hash alike, and orders that
    /// differ in length or at either end (most edits) hash apart, without reading every row.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(count)
        hasher.combine(first)
        hasher.combine(chunks.last?.ids.last)
    }

    /// The rows, such as `[r1, r3, r2]`.
    public var description: String {
        "[" + map(\.description).joined(separator: ", ") + "]"
    }
}
