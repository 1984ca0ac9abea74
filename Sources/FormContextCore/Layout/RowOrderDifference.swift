/// What turns one ``RowOrder`` into another: the rows that leave their place (removed, or moved)
/// and the rows that arrive at one (added, or moved), with as few moves as there can be.
///
/// Orders share the chunks an edit did not touch, so the difference of an order and the one it was
/// made from looks at the chunks that differ: for one row inserted, removed or moved, a chunk or
/// two, whatever the number of rows. Orders that share nothing are compared row by row.
struct RowOrderDifference {
    /// Rows that leave their place: removed, or moved (then they arrive elsewhere too).
    var leaving: [RowID] = []
    /// Rows that arrive at a place, with their positions in the new order, ascending.
    var arriving: [(id: RowID, position: Int)] = []

    /// No difference.
    init() {}

    /// Whether the orders hold the same rows in the same order.
    var isEmpty: Bool { leaving.isEmpty && arriving.isEmpty }

    /// One piece of the part of an order that differs: a chunk both orders hold, or one row.
    fileprivate enum Token {
        case chunk(ObjectIdentifier, count: Int)
        case row(RowID)
    }

    /// The difference from `old` to `new`.
    ///
    /// - Complexity: O(*c* + *m* log *m*) for *c* chunks, of which the *m* rows and chunks between
    ///   the first and the last chunk that differ.
    init(from old: RowOrder, to new: RowOrder) {
        let (a, b) = (old.chunks, new.chunks)
        var start = 0
        while start < a.count, start < b.count, a[start] === b[start] { start += 1 }
        var (endA, endB) = (a.count, b.count)
        while endA > start, endB > start, a[endA - 1] === b[endB - 1] {
            endA -= 1
            endB -= 1
        }
        guard start < endA || start < endB else { return }
        let base = new.start(ofChunk: start)
        let sizeA = a[start..<endA].reduce(0) { $0 + $1.ids.count }
        let sizeB = b[start..<endB].reduce(0) { $0 + $1.ids.count }
        if sizeA + sizeB <= 4 * RowOrder.chunkCapacity {
            // A few chunks (one row inserted, removed or moved nearby): the rows that differ, without
            // the rows both begin and end with.
            let rowsA = a[start..<endA].flatMap(\.ids)
            let rowsB = b[start..<endB].flatMap(\.ids)
            let shorter = min(rowsA.count, rowsB.count)
            var front = 0
            while front < shorter, rowsA[front] == rowsB[front] { front += 1 }
            var back = 0
            while back < shorter - front, rowsA[rowsA.count - 1 - back] == rowsB[rowsB.count - 1 - back] { back += 1 }
            let newRows = rowsB[front..<(rowsB.count - back)].enumerated().map { (Token.row($0.element), base + front + $0.offset) }
            compare(rowsA[front..<(rowsA.count - back)].map(Token.row), newRows, old: a, new: b)
            return
        }
        // Chunks both middles hold, in the same order in both, stand for their rows whole.
        let inA = Set(a[start..<endA].map(ObjectIdentifier.init))
        let inB = Set(b[start..<endB].map(ObjectIdentifier.init))
        var shared = inA.intersection(inB)
        if a[start..<endA].map(ObjectIdentifier.init).filter(shared.contains) != b[start..<endB].map(ObjectIdentifier.init).filter(shared.contains) {
            shared = []
        }
        var oldTokens: [Token] = []
        for chunk in a[start..<endA] {
            let id = ObjectIdentifier(chunk)
            if shared.contains(id) { oldTokens.append(.chunk(id, count: chunk.ids.count)) } else { oldTokens += chunk.ids.map(Token.row) }
        }
        var newTokens: [(Token, Int)] = []
        for index in start..<endB {
            let chunk = b[index]
            let position = new.start(ofChunk: index)
            let id = ObjectIdentifier(chunk)
            if shared.contains(id) {
                newTokens.append((.chunk(id, count: chunk.ids.count), position))
            } else {
                for (offset, row) in chunk.ids.enumerated() { newTokens.append((.row(row), position + offset)) }
            }
        }
        compare(oldTokens, newTokens, old: a, new: b)
    }

    /// Finds the rows that leave and arrive between the differing parts of two orders: `oldTokens`,
    /// and `newTokens` with the position each begins at. The tokens that keep their order, the most
    /// rows of them, stay; the others' rows leave or arrive.
    private mutating func compare(_ oldTokens: [Token], _ newTokens: [(Token, Int)], old: [RowOrder.Chunk], new: [RowOrder.Chunk]) {
        var oldIndex: [ObjectIdentifier: Int] = [:]
        var oldRowIndex: [RowID: Int] = [:]
        for (index, token) in oldTokens.enumerated() {
            switch token {
            case .chunk(let id, _): oldIndex[id] = index
            case .row(let row): oldRowIndex[row] = index
            }
        }
        let places = newTokens.map { token, _ -> (old: Int, weight: Int)? in
            switch token {
            case .chunk(let id, let count): oldIndex[id].map { ($0, count) }
            case .row(let row): oldRowIndex[row].map { ($0, 1) }
            }
        }
        let kept = Self.heaviestIncreasing(places)
        var stays = Set<Int>()
        for index in kept { if let place = places[index] { stays.insert(place.old) } }
        for (index, token) in oldTokens.enumerated() where !stays.contains(index) {
            leaving += token.rows(in: old)
        }
        for (index, (token, position)) in newTokens.enumerated() where !kept.contains(index) {
            arriving += token.rows(in: new).enumerated().map { ($0.element, position + $0.offset) }
        }
    }

    /// The indices of a heaviest subsequence of `items` whose old places increase; items without an
    /// old place (`nil`) are in none.
    ///
    /// - Complexity: O(*m* log *m*).
    private static func heaviestIncreasing(_ items: [(old: Int, weight: Int)?]) -> Set<Int> {
        let size = (items.compactMap { $0?.old }.max() ?? -1) + 1
        // A Fenwick tree of (best total, item) over old places, for prefix maxima.
        var tree = [(total: Int, item: Int)](repeating: (0, -1), count: size + 1)
        var previous = [Int](repeating: -1, count: items.count)
        var best = (total: 0, item: -1)
        for (index, item) in items.enumerated() {
            guard let item else { continue }
            var query = (total: 0, item: -1)
            var node = item.old
            while node > 0 {
                if tree[node].total > query.total { query = tree[node] }
                node -= node & -node
            }
            previous[index] = query.item
            let total = query.total + item.weight
            if total > best.total { best = (total, index) }
            node = item.old + 1
            while node <= size {
                if total > tree[node].total { tree[node] = (total, index) }
                node += node & -node
            }
        }
        var kept = Set<Int>()
        var index = best.item
        while index >= 0 {
            kept.insert(index)
            index = previous[index]
        }
        return kept
    }
}

extension RowOrderDifference.Token {
    /// How many rows the token stands for.
    fileprivate var weight: Int {
        switch self {
        case .chunk(_, let count): count
        case .row: 1
        }
    }

    /// The rows the token stands for, a chunk's found among `chunks`.
    fileprivate func rows(in chunks: [RowOrder.Chunk]) -> [RowID] {
        switch self {
        case .row(let id): [id]
        case .chunk(let id, _): chunks.first { ObjectIdentifier($0) == id }?.ids ?? []
        }
    }
}
