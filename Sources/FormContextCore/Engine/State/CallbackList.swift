/// Names one entry of a ``CallbackList``, for removing it.
struct CallbackHandle: Hashable, Sendable {
    fileprivate let index: Int32
    fileprivate let generation: UInt32
}

/// An ordered list of registered entries, each removable through its handle in O(1).
///
/// Every callback list of the package is one of these: the subscribers of a key, the subscribers of
/// every key, stream finishers, a model binding's handlers. Entries sit in one array and are linked
/// in registration order; a removed entry's place is reused by a later one (its generation tells a
/// stale handle from the new entry). Adding and removing touch the entry and its two neighbours,
/// nothing else, however long the list is.
struct CallbackList<Entry> {
    fileprivate struct Node {
        var entry: Entry?
        var previous: Int32 = -1
        var next: Int32 = -1
        var generation: UInt32 = 0
    }

    private var nodes: [Node] = []
    private var head: Int32 = -1
    private var tail: Int32 = -1
    /// The first free node; free nodes are chained through `next`.
    private var free: Int32 = -1
    /// The number of entries.
    private(set) var count = 0

    /// Whether the list has no entry.
    var isEmpty: Bool { count == 0 }

    /// Adds `entry` after every entry there is.
    ///
    /// - Returns: The handle that removes it.
    mutating func append(_ entry: Entry) -> CallbackHandle {
        let index: Int32
        if free >= 0 {
            index = free
            free = nodes[Int(index)].next
            nodes[Int(index)].entry = entry
            nodes[Int(index)].next = -1
        } else {
            index = Int32(truncatingIfNeeded: nodes.count)
            nodes.append(Node(entry: entry))
        }
        nodes[Int(index)].previous = tail
        if tail >= 0 { nodes[Int(tail)].next = index } else { head = index }
        tail = index
        count += 1
        return CallbackHandle(index: index, generation: nodes[Int(index)].generation)
    }

    /// Removes the entry `handle` names.
    ///
    /// - Returns: The entry, or `nil` if it was removed already.
    @discardableResult
    mutating func remove(_ handle: CallbackHandle) -> Entry? {
        let index = Int(handle.index)
        guard index < nodes.count, nodes[index].generation == handle.generation, let entry = nodes[index].entry else { return nil }
        let (previous, next) = (nodes[index].previous, nodes[index].next)
        if previous >= 0 { nodes[Int(previous)].next = next } else { head = next }
        if next >= 0 { nodes[Int(next)].previous = previous } else { tail = previous }
        nodes[index].entry = nil
        nodes[index].generation &+= 1
        nodes[index].previous = -1
        nodes[index].next = free
        free = handle.index
        count -= 1
        if count == 0 { self = CallbackList() }
        return entry
    }

    /// Removes every entry.
    ///
    /// - Returns: The entries, in order.
    mutating func removeAll() -> [Entry] {
        defer { self = CallbackList() }
        return Array(self)
    }
}

extension CallbackList: Sequence {
    /// The entries, in registration order.
    func makeIterator() -> Iterator {
        Iterator(nodes: nodes, position: head)
    }

    /// Walks the entries from the first registered to the last.
    struct Iterator: IteratorProtocol {
        fileprivate let nodes: [Node]
        fileprivate var position: Int32

        mutating func next() -> Entry? {
            while position >= 0 {
                let node = nodes[Int(position)]
                position = node.next
                if let entry = node.entry { return entry }
            }
            return nil
        }
    }
}

extension CallbackList: Sendable where Entry: Sendable {}
extension CallbackList.Node: Sendable where Entry: Sendable {}
extension CallbackList.Iterator: Sendable where Entry: Sendable {}
