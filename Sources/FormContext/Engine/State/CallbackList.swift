/// An ordered list of registered entries, each removable by its id in O(1).
///
/// Every callback list of the package is one of these: the observers of a key, the observers of
/// every key, stream finishers, a model binding's handlers. Removal leaves a hole that iteration
/// skips; the holes are squeezed out once they outnumber the entries, so removal is O(1) amortized
/// and iteration is in registration order.
struct CallbackList<Entry> {
    private var entries: [(id: UInt64, entry: Entry)?] = []
    private var positions: [UInt64: Int] = [:]

    /// The number of entries.
    var count: Int { positions.count }

    /// Whether the list has no entry.
    var isEmpty: Bool { positions.isEmpty }

    /// Adds `entry` under `id`, after every entry there is.
    mutating func append(_ entry: Entry, id: UInt64) {
        positions[id] = entries.count
        entries.append((id, entry))
    }

    /// Removes the entry registered under `id`.
    ///
    /// - Returns: The entry, or `nil` if there is none under `id`.
    @discardableResult
    mutating func remove(id: UInt64) -> Entry? {
        guard let position = positions.removeValue(forKey: id), let removed = entries[position] else { return nil }
        entries[position] = nil
        while entries.last.map({ $0 == nil }) == true { entries.removeLast() }
        if positions.isEmpty {
            entries = []
        } else if entries.count > 16 && positions.count < entries.count / 2 {
            compact()
        }
        return removed.entry
    }

    /// Removes every entry.
    ///
    /// - Returns: The entries, in order.
    mutating func removeAll() -> [Entry] {
        defer {
            entries = []
            positions = [:]
        }
        return Array(self)
    }

    private mutating func compact() {
        entries = entries.filter { $0 != nil }
        for (position, slot) in entries.enumerated() {
            if let slot { positions[slot.id] = position }
        }
    }
}

extension CallbackList: Sequence {
    /// The entries, in registration order.
    func makeIterator() -> some IteratorProtocol<Entry> {
        entries.lazy.compactMap { $0?.entry }.makeIterator()
    }
}

extension CallbackList: Sendable where Entry: Sendable {}
