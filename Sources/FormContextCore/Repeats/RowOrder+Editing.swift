extension RowOrder {
    /// The order with `id` inserted at `position`.
    ///
    /// - Parameters:
    ///   - id: A row not in the order.
    ///   - position: Where it goes, from 0 to `count` (clamped to that range).
    /// - Returns: The new order; this one if it already holds `id`.
    /// - Complexity: O(*c* + *k*) for *c* chunks of at most *k* rows: one chunk is copied.
    func inserting(_ id: RowID, at position: Int) -> RowOrder {
        guard !contains(id) else { return self }
        return inserted(id, at: position)
    }

    /// `id` inserted at `position`, which the caller knows is not in the order.
    func inserted(_ id: RowID, at position: Int) -> RowOrder {
        let position = Swift.min(Swift.max(position, 0), count)
        guard !chunks.isEmpty else { return RowOrder(chunks: [Chunk([id])]) }
        // At the very end, the last chunk grows; elsewhere the chunk holding the position does.
        let (index, offset) = position == count ? (chunks.count - 1, chunks[chunks.count - 1].ids.count) : locate(position)
        var ids = chunks[index].ids
        ids.insert(id, at: offset)
        var newChunks = chunks
        if ids.count > Self.chunkCapacity {
            let half = ids.count / 2
            let lineage = chunks[index].lineage
            newChunks.replaceSubrange(index...index, with: [Chunk(Array(ids[..<half]), lineage: lineage), Chunk(Array(ids[half...]))])
        } else {
            newChunks[index] = Chunk(ids, lineage: chunks[index].lineage)
        }
        return RowOrder(chunks: newChunks)
    }

    /// The order without the row at `position`.
    ///
    /// - Complexity: O(*c* + *k*) for *c* chunks of at most *k* rows.
    func removed(at position: Int) -> RowOrder {
        let (index, offset) = locate(position)
        var ids = chunks[index].ids
        ids.remove(at: offset)
        var newChunks = chunks
        if ids.isEmpty { newChunks.remove(at: index) } else { newChunks[index] = Chunk(ids, lineage: chunks[index].lineage) }
        return RowOrder(chunks: newChunks)
    }

    /// The order without `id`.
    ///
    /// - Returns: The new order; this one if it does not hold `id`.
    /// - Complexity: O(*n*) to find the row; a live form finds it from its own index.
    func removing(_ id: RowID) -> RowOrder {
        guard let position = firstIndex(of: id) else { return self }
        return removed(at: position)
    }

    /// The order with `id` moved to `position` (counted in the order without it).
    ///
    /// - Returns: The new order; this one if it does not hold `id`.
    /// - Complexity: O(*n*) to find the row; a live form finds it from its own index.
    func moving(_ id: RowID, to position: Int) -> RowOrder {
        guard let from = firstIndex(of: id) else { return self }
        return removed(at: from).inserted(id, at: position)
    }

    /// The position of `id`, looked for first in the chunk of `lineage` (a live form keeps which
    /// lineage holds each row), then everywhere.
    ///
    /// - Complexity: O(*c* + *k*) for *c* chunks of at most *k* rows when the lineage holds the row.
    func position(of id: RowID, inLineage lineage: ObjectIdentifier?) -> Int? {
        if let lineage, let index = chunks.firstIndex(where: { ObjectIdentifier($0.lineage) == lineage }),
            let offset = chunks[index].ids.firstIndex(of: id)
        {
            return start(ofChunk: index) + offset
        }
        return firstIndex(of: id)
    }
}

extension RowOrder {
    /// The order with the rows at `first` and `second` exchanged; both positions must be in the order.
    ///
    /// - Complexity: O(*c* + *k*) for *c* chunks of at most *k* rows: the chunks holding the two rows
    ///   are copied, each keeping its lineage.
    func swappedAt(_ first: Int, _ second: Int) -> RowOrder {
        guard first != second else { return self }
        let (a, b) = (locate(first), locate(second))
        let (idA, idB) = (chunks[a.chunk].ids[a.offset], chunks[b.chunk].ids[b.offset])
        var newChunks = chunks
        var ids = chunks[a.chunk].ids
        ids[a.offset] = idB
        if a.chunk == b.chunk { ids[b.offset] = idA }
        newChunks[a.chunk] = Chunk(ids, lineage: chunks[a.chunk].lineage)
        if a.chunk != b.chunk {
            var other = chunks[b.chunk].ids
            other[b.offset] = idA
            newChunks[b.chunk] = Chunk(other, lineage: chunks[b.chunk].lineage)
        }
        return RowOrder(chunks: newChunks)
    }
}
