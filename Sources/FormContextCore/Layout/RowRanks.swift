/// The rows of a repeat section as a ``LiveScreen`` shows them: in the group's order, each visible
/// or not, so that a row's position among the visible rows is found, and a row inserted, removed,
/// shown or hidden, at a cost that does not grow with the number of rows.
///
/// The rows are kept in blocks of at most ``blockCapacity``; a Fenwick tree counts the visible rows
/// of the blocks before each one. A row is found by its block's serial number, which a block keeps
/// when blocks before it are split or dropped.
struct RowRanks: Sendable {
    /// A run of consecutive rows.
    struct Block: Sendable {
        var ids: [RowID]
        var visible: [Bool]
        var visibleCount: Int
        let serial: Int
    }

    /// The most rows a block holds; a block that would hold more is split in two.
    static let blockCapacity = 256

    private(set) var blocks: [Block] = []
    /// The block (by serial) holding each row.
    private var blockOfRow: [RowID: Int] = [:]
    /// The position in `blocks` of each block, by serial.
    private var indexOfSerial: [Int: Int] = [:]
    private var nextSerial = 0
    /// The visible rows of the blocks before each block.
    private var counts = VisibleRanks(weights: [])

    /// The rows in `rows`' order, each visible or not.
    ///
    /// - Complexity: O(*n*).
    init(_ rows: [(id: RowID, isVisible: Bool)] = []) {
        let half = Self.blockCapacity / 2
        for start in stride(from: 0, to: rows.count, by: half) {
            let slice = rows[start..<min(start + half, rows.count)]
            appendBlock(ids: slice.map(\.id), visible: slice.map(\.isVisible))
        }
        reindex(from: 0)
    }

    /// The number of rows, hidden ones included.
    var count: Int { blockOfRow.count }

    /// The number of visible rows.
    var visibleCount: Int { counts.total }

    /// Whether `id` is one of the rows.
    func contains(_ id: RowID) -> Bool { blockOfRow[id] != nil }

    /// Whether `id` is a visible row.
    ///
    /// - Complexity: O(*b*) for blocks of *b* rows.
    func isVisible(_ id: RowID) -> Bool {
        guard let (index, offset) = locate(id) else { return false }
        return blocks[index].visible[offset]
    }

    /// The number of visible rows before `id`: its position among them, if it is visible.
    ///
    /// - Complexity: O(log *n* + *b*).
    func rank(of id: RowID) -> Int? {
        guard let (index, offset) = locate(id) else { return nil }
        return counts.count(before: index) + blocks[index].visible[..<offset].lazy.filter { $0 }.count
    }

    /// The visible row at position `rank` among the visible rows.
    ///
    /// - Complexity: O(log *n* + *b*).
    func row(atRank rank: Int) -> RowID? {
        guard let index = counts.section(atRank: rank) else { return nil }
        var remaining = rank - counts.count(before: index)
        let block = blocks[index]
        for offset in block.ids.indices where block.visible[offset] {
            if remaining == 0 { return block.ids[offset] }
            remaining -= 1
        }
        return nil
    }

    /// The visible rows, in order.
    ///
    /// - Complexity: O(*n*).
    var visibleRows: [RowID] {
        blocks.flatMap { block in block.ids.indices.filter { block.visible[$0] }.map { block.ids[$0] } }
    }

    /// Every row, in order.
    ///
    /// - Complexity: O(*n*).
    var allRows: [RowID] {
        blocks.flatMap(\.ids)
    }

    /// Inserts `id` just after `previous` (first when `previous` is `nil` or not a row).
    ///
    /// - Complexity: O(log *n* + *b*); O(*n* / *b*) more when a block splits.
    mutating func insert(_ id: RowID, after previous: RowID?, isVisible: Bool) {
        guard !contains(id) else { return }
        if blocks.isEmpty {
            appendBlock(ids: [id], visible: [isVisible])
            reindex(from: 0)
            return
        }
        let (index, offset) = previous.flatMap(locate).map { ($0.index, $0.offset + 1) } ?? (0, 0)
        blocks[index].ids.insert(id, at: offset)
        blocks[index].visible.insert(isVisible, at: offset)
        blockOfRow[id] = blocks[index].serial
        if isVisible {
            blocks[index].visibleCount += 1
            counts.add(1, at: index)
        }
        if blocks[index].ids.count > Self.blockCapacity { split(index) }
    }

    /// Removes `id`.
    ///
    /// - Complexity: O(log *n* + *b*); O(*n* / *b*) more when a block empties.
    mutating func remove(_ id: RowID) {
        guard let (index, offset) = locate(id) else { return }
        blockOfRow[id] = nil
        blocks[index].ids.remove(at: offset)
        if blocks[index].visible.remove(at: offset) {
            blocks[index].visibleCount -= 1
            counts.add(-1, at: index)
        }
        if blocks[index].ids.isEmpty {
            indexOfSerial[blocks[index].serial] = nil
            blocks.remove(at: index)
            reindex(from: index)
        }
    }

    /// Shows or hides `id`.
    ///
    /// - Complexity: O(log *n* + *b*).
    mutating func setVisible(_ isVisible: Bool, for id: RowID) {
        guard let (index, offset) = locate(id), blocks[index].visible[offset] != isVisible else { return }
        blocks[index].visible[offset] = isVisible
        blocks[index].visibleCount += isVisible ? 1 : -1
        counts.add(isVisible ? 1 : -1, at: index)
    }

    /// The block holding `id` and its place in the block.
    private func locate(_ id: RowID) -> (index: Int, offset: Int)? {
        guard let serial = blockOfRow[id], let index = indexOfSerial[serial], let offset = blocks[index].ids.firstIndex(of: id) else {
            return nil
        }
        return (index, offset)
    }

    /// Adds a block at the end; ``reindex(from:)`` must follow.
    private mutating func appendBlock(ids: [RowID], visible: [Bool]) {
        let serial = nextSerial
        nextSerial += 1
        blocks.append(Block(ids: ids, visible: visible, visibleCount: visible.lazy.filter { $0 }.count, serial: serial))
        for id in ids { blockOfRow[id] = serial }
    }

    /// Splits the block at `index` in two halves.
    private mutating func split(_ index: Int) {
        let block = blocks[index]
        let half = block.ids.count / 2
        let serial = nextSerial
        nextSerial += 1
        let tail = Block(
            ids: Array(block.ids[half...]), visible: Array(block.visible[half...]),
            visibleCount: block.visible[half...].lazy.filter { $0 }.count, serial: serial)
        blocks[index] = Block(
            ids: Array(block.ids[..<half]), visible: Array(block.visible[..<half]),
            visibleCount: block.visibleCount - tail.visibleCount, serial: block.serial)
        blocks.insert(tail, at: index + 1)
        for id in tail.ids { blockOfRow[id] = serial }
        reindex(from: index)
    }

    /// Records the positions of the blocks from `start` on, and recounts the visible rows.
    private mutating func reindex(from start: Int) {
        for index in start..<blocks.count { indexOfSerial[blocks[index].serial] = index }
        counts.rebuild(weights: blocks.map(\.visibleCount))
    }
}
