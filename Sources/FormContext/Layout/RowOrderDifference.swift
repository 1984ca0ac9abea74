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
        var oldIndex: [ObjectIdentifier: Int] = [:]
        var oldRowIndex: [RowID: Int] = [:]
        for (index, token) in oldTokens.enumerated() {
            switch token {
            case .chunk(let id, _): oldIndex[id] = index
            case .row(let row): oldRowIndex[row] = index
            }
        }
        // The new middle as tokens, each with its position and its place in the old middle.
        var newTokens: [(token: Token, position: Int, old: Int?)] = []
        for index in start..<endB {
            let chunk = b[index]
            let position = new.start(ofChunk: index)
            let id = ObjectIdentifier(chunk)
            if shared.contains(id) {
                newTokens.append((.chunk(id, count: chunk.ids.count), position, oldIndex[id]))
            } else {
                for (offset, row) in chunk.ids.enumerated() { newTokens.append((.row(row), position + offset, oldRowIndex[row])) }
            }
        }
        let kept = Self.heaviestIncreasing(newTokens.map { token in token.old.map { ($0, token.token.weight) } })
        var stays = Set<Int>()
        for index in kept { if let old = newTokens[index].old { stays.insert(old) } }
        for (index, token) in oldTokens.enumerated() where !stays.contains(index) {
            leaving += token.rows(in: a)
        }
        for (index, token) in newTokens.enumerated() where !kept.contains(index) {
            arriving += token.token.rows(in: b).enumerated().map { ($0.element, token.position + $0.offset) }
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
