/// The subscribers of the settle (live screens) and the nodes each owns in the form's
/// ``DependencyGraph``: the derivations it computes from the form's values (a live screen's
/// conditions, footers and cell values, and those of its rows), whose reads the graph keeps as
/// ``DependencyGraph/Kind/subscriber`` nodes beside the rules' and the validators'.
///
/// Why it exists: a derivation outside the engine's own stages still depends on values the way a
/// rule does, and a row's neighbour or a group's statistic is a slot of the graph like any field.
/// With its reads in the one graph, the settle hands each subscriber the nodes that are due for it:
/// one lookup of the graph per changed slot, each reader handed to the subscriber that owns it
/// (``handOut(_:in:)``), with no key-by-key index of the subscriber's own and no side channel for
/// the rows' signals; this type keeps only who owns which node.
///
/// What it guarantees: a node belongs to one subscriber until that subscriber drops it or goes, and
/// a dropped node reads nothing in the graph. The batches it hands out are numbered in order
/// (``sequence``), so a subscriber recording new reads can tell whether a later batch was handed
/// out before those reads were in the graph (see ``FormContextObject/recordReads(of:_:dropping:handedOut:)``).
struct SubscriberGraph: Sendable {
    /// A subscriber of the settle, called once per mutation with the fields it changed.
    struct Subscriber: Sendable {
        let id: Int
        let handler: @Sendable ([SettledChange]) -> Void
    }

    /// The number of batches of settled changes handed out so far.
    private(set) var sequence = 0

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

    /// Hands `changes` to every subscriber, each change carrying the subscriber's nodes that read its
    /// slot on their last run when its value changed (``SettledChange/nodes``): one lookup of `graph`
    /// per changed slot, each reader handed to the subscriber owning it.
    ///
    /// - Returns: Each subscriber's handler with its own changes, in the order subscribed.
    /// - Complexity: O(*c* + *r*) for *c* changes and the *r* nodes reading them, plus O(*s*·*c*)
    ///   for *s* subscribers beyond the first.
    mutating func handOut(_ changes: [SettledChange], in graph: DependencyGraph) -> [(@Sendable ([SettledChange]) -> Void, [SettledChange])] {
        sequence += 1
        if subscribers.count == 1, let only = subscribers.first(where: { _ in true }) {
            // The common case: every node is the one subscriber's (or free, reading nothing).
            var changes = changes
            for index in changes.indices where changes[index].isValueChanged {
                guard let readers = graph.readers(of: changes[index].slot, .subscriber) else { continue }
                readers.forEach { node in if ownerOfNode[node] == only.id { changes[index].nodes.append(node) } }
            }
            return [(only.handler, changes)]
        }
        var batches: [[SettledChange]] = []
        batches.reserveCapacity(subscribers.count)
        var placeOfSubscriber: [Int: Int] = [:]
        for subscriber in subscribers {
            placeOfSubscriber[subscriber.id] = batches.count
            batches.append(changes)
        }
        for index in changes.indices where changes[index].isValueChanged {
            guard let readers = graph.readers(of: changes[index].slot, .subscriber) else { continue }
            readers.forEach { node in
                if let place = placeOfSubscriber[ownerOfNode[node]] { batches[place][index].nodes.append(node) }
            }
        }
        var calls: [(@Sendable ([SettledChange]) -> Void, [SettledChange])] = []
        calls.reserveCapacity(batches.count)
        for (subscriber, batch) in zip(subscribers, batches) { calls.append((subscriber.handler, batch)) }
        return calls
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
    /// The number of the batch it was handed out in (``SubscriberGraph/sequence``).
    let sequence: Int
    /// When its value changed: the receiving subscriber's nodes that read the slot on their last
    /// run, due to run again; handed out by the settle (``SubscriberGraph/handOut(_:in:)``).
    var nodes: [Int] = []
}

extension EngineState {
    /// What `changes` changed, field by field in the order each first changed, for the subscribers
    /// of the settle; empty when nobody subscribes.
    ///
    /// - Complexity: O(*c*) for *c* changes.
    func settledChanges(of changes: ChangeSet) -> [SettledChange] {
        guard !subscriberGraph.isEmpty, changes.isSettling else { return [] }
        // Each slot once, in the order it first changed: found by a search while few are gathered
        // (a keystroke changes one or two), by a table past that.
        var aspects: [(slot: Int, value: Bool, visibility: Bool)] = []
        var placeOfSlot: [Int: Int] = [:]
        func mark(_ slot: Int, value: Bool) {
            let place: Int?
            if aspects.count < 16 {
                place = aspects.firstIndex { $0.slot == slot }
            } else {
                if placeOfSlot.isEmpty { for (place, aspect) in aspects.enumerated() { placeOfSlot[aspect.slot] = place } }
                place = placeOfSlot[slot]
                if place == nil { placeOfSlot[slot] = aspects.count }
            }
            if let place {
                if value { aspects[place].value = true } else { aspects[place].visibility = true }
            } else {
                aspects.append((slot, value, !value))
            }
        }
        for change in changes.values { mark(change.slot, value: true) }
        for slot in changes.concealment { mark(slot, value: false) }
        var settled: [SettledChange] = []
        settled.reserveCapacity(aspects.count)
        let sequence = subscriberGraph.sequence + 1
        for (slot, isValue, isVisibility) in aspects {
            guard slot < fields.slotCount, !fields.isFree(slot) else { continue }
            // Read in place, and cast only a value whose stored type is a row order: a copy of the
            // record and a dynamic cast of every changed value cost more than the rest of this loop.
            let order = isValue && fields.stored(at: slot).type == ObjectIdentifier(RowOrder.self) ? fields.value(at: slot)?.base as? RowOrder : nil
            settled.append(
                SettledChange(
                    slot: slot, key: fields.key(at: slot), isValueChanged: isValue, isVisibilityChanged: isVisibility,
                    isVisible: fields.flags(at: slot).isDisjoint(with: .concealed), order: order, sequence: sequence))
        }
        return settled
    }
}
