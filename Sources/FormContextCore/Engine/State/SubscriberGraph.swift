/// The subscribers of the settle (live screens) and the nodes each owns in the form's
/// ``DependencyGraph``: the derivations it computes from the form's values (a live screen's
/// conditions, footers and cell values, and those of its rows), whose reads the graph keeps as
/// ``DependencyGraph/Kind/subscriber`` nodes beside the rules' and the validators'.
///
/// Why it exists: a derivation outside the engine's own stages still depends on values the way a
/// rule does, and a row's neighbour or a group's statistic is a slot of the graph like any field.
/// With its reads in the one graph, a subscriber asks which of its derivations read what a mutation
/// changed, with no key-by-key index of its own and no side channel for the rows' signals; this
/// type keeps only who owns which node.
///
/// What it guarantees: a node belongs to one subscriber until that subscriber drops it or goes, and
/// a dropped node reads nothing in the graph.
struct SubscriberGraph: Sendable {
    /// A subscriber of the settle, called once per mutation with the fields it changed.
    struct Subscriber: Sendable {
        let id: Int
        let handler: @Sendable ([SettledChange]) -> Void
    }

    /// The subscriber owning each node, or -1 for a free node.
    private var ownerOfNode: [Int] = []
    private var freeNodes: [Int] = []
    private(set) var subscribers = CallbackList<Subscriber>()
    private var nextSubscriber = 0

    /// Whether anyone subscribes to the settle.
    var isEmpty: Bool { subscribers.isEmpty }

    /// Adds a subscriber.
    ///
    /// - Returns: Its number (the owner of its nodes) and the handle that removes it.
    mutating func subscribe(_ handler: @escaping @Sendable ([SettledChange]) -> Void) -> (id: Int, handle: CallbackHandle) {
        let id = nextSubscriber
        nextSubscriber += 1
        return (id, subscribers.append(Subscriber(id: id, handler: handler)))
    }

    /// Removes the subscriber `handle` names, and every node it owns.
    ///
    /// - Returns: The slots its nodes read (to be looked at for reclaiming) and the removed
    ///   subscriber, to be released outside the lock.
    /// - Complexity: O(*n*) for *n* nodes.
    mutating func unsubscribe(_ handle: CallbackHandle, from graph: inout DependencyGraph) -> (slots: [Int], removed: Subscriber?) {
        guard let removed = subscribers.remove(handle) else { return ([], nil) }
        var slots: [Int] = []
        for node in ownerOfNode.indices where ownerOfNode[node] == removed.id {
            slots += drop(node, from: &graph)
        }
        return (slots, removed)
    }

    /// A new node of `subscriber`, reading nothing yet.
    mutating func makeNode(of subscriber: Int) -> Int {
        if let node = freeNodes.popLast() {
            ownerOfNode[node] = subscriber
            return node
        }
        ownerOfNode.append(subscriber)
        return ownerOfNode.count - 1
    }

    /// Drops `node`, and what it read.
    ///
    /// - Returns: The slots it read.
    mutating func drop(_ node: Int, from graph: inout DependencyGraph) -> [Int] {
        guard ownerOfNode.indices.contains(node), ownerOfNode[node] >= 0 else { return [] }
        let slots = graph.reads(of: .init(.subscriber, node))
        graph.record([], for: .init(.subscriber, node))
        ownerOfNode[node] = -1
        freeNodes.append(node)
        return slots
    }

    /// The nodes of `subscriber` that read `slot` on their last run.
    func nodes(of subscriber: Int, reading slot: Int, in graph: DependencyGraph) -> [Int] {
        guard let readers = graph.readers(of: slot, .subscriber) else { return [] }
        return readers.filter { ownerOfNode[$0] == subscriber }
    }
}

/// What a settled mutation changed about one field, as a subscriber of the settle hears it.
struct SettledChange: Sendable {
    /// The field's slot, a node of the dependency graph (a row's neighbour and a group's statistic
    /// included).
    let slot: Int
    let key: String
    /// Whether its value was written.
    let isValueChanged: Bool
    /// Whether it was shown or hidden, and whether it is visible now.
    let isVisibilityChanged: Bool
    let isVisible: Bool
    /// Its value when that is a row order (a repeat group's key).
    let order: RowOrder?
}

extension EngineState {
    /// What `changes` changed, field by field in the order each first changed, for the subscribers
    /// of the settle; empty when nobody subscribes.
    ///
    /// - Complexity: O(*c*) for *c* changes.
    func settledChanges(of changes: ChangeSet) -> [SettledChange] {
        guard !subscriberGraph.isEmpty, changes.isSettling else { return [] }
        var order: [Int] = []
        var aspects: [Int: (value: Bool, visibility: Bool)] = [:]
        for change in changes.values {
            if aspects[change.slot] == nil { order.append(change.slot) }
            aspects[change.slot, default: (false, false)].value = true
        }
        for slot in changes.concealment {
            if aspects[slot] == nil { order.append(slot) }
            aspects[slot, default: (false, false)].visibility = true
        }
        return order.compactMap { slot in
            guard slot < fields.slotCount, !fields.isFree(slot), let (isValue, isVisibility) = aspects[slot] else { return nil }
            let record = fields[slot]
            return SettledChange(
                slot: slot, key: record.key, isValueChanged: isValue, isVisibilityChanged: isVisibility,
                isVisible: record.flags.isDisjoint(with: .concealed), order: isValue ? record.value?.base as? RowOrder : nil)
        }
    }
}
