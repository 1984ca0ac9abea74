/// The subscribers of the settle (live screens) and the nodes each owns in the form's
/// ``DependencyGraph``: the derivations it computes from the form's values (a live screen's
/// conditions, footers and cell values, and those of its rows), whose reads the graph keeps as
/// ``DependencyGraph/Kind/subscriber`` nodes beside the rules' and the validators'.
///
/// Why it exists: a derivation outside the engine's own rules and validators still depends on values
/// the way a rule does, and a row's neighbour or a group's statistic is a slot of the graph like any
/// field. With its reads in the one graph, the settle's last stage (``ScreenStage``) finds the nodes
/// due for a change with one lookup of the graph per changed slot, and runs them as it runs rules and
/// validators: planned under the lock, run outside it, committed under it. This type keeps who
/// subscribes, which subscribers still wait for their first run, and who owns which node.
///
/// What it guarantees: a node belongs to one subscriber until that subscriber drops it or goes, and
/// a dropped node reads nothing in the graph. It holds each subscriber strongly while subscribed, so
/// that the settle never lets go of the last reference to one under the form's lock (see
/// ``ScreenStage``); an unsubscribed subscriber is handed back to be released after the lock.
struct SubscriberGraph: Sendable {
    /// A subscriber of the settle and its number, the owner of its nodes.
    struct Subscriber: Sendable {
        let id: Int
        let screen: ScreenSubscriber
    }

    /// The subscriber owning each node, or -1 for a free node.
    private var ownerOfNode: [Int] = []
    private var freeNodes: [Int] = []
    private(set) var subscribers = CallbackList<Subscriber>()
    private var nextSubscriber = 0
    /// The subscribers whose first run is still to come, in the order they subscribed.
    private(set) var waiting: [Subscriber] = []
    /// Emptied lists the screens stage used, kept with their room between mutations so that the
    /// next settle allocates none: a plan's work, an outcome's results, and a pass's settled
    /// changes. Each is taken whole by the stage that uses it (a swap, never a copy), so that it
    /// holds its buffer alone, and handed back emptied (let go of instead once a large mutation
    /// grew it: see `Array.emptyForReuse()`): a spare holds no subscriber.
    var spareWork: [(subscriber: Subscriber, work: ScreenSubscriber.Work)] = []
    var spareResults: [(subscriber: Subscriber, result: ScreenSubscriber.Result)] = []
    var spareChanges: [SettledChange] = []
    var spareAspects: [SettledAspects] = []

    /// Whether anyone subscribes to the settle.
    var isEmpty: Bool { subscribers.isEmpty }

    /// Adds `screen` as a subscriber, waiting for its first run.
    ///
    /// - Returns: Its number (the owner of its nodes) and the handle that removes it.
    mutating func subscribe(_ screen: ScreenSubscriber) -> (id: Int, handle: CallbackHandle) {
        let id = nextSubscriber
        nextSubscriber += 1
        let subscriber = Subscriber(id: id, screen: screen)
        waiting.append(subscriber)
        return (id, subscribers.append(subscriber))
    }

    /// The subscribers waiting for their first run, no longer waiting.
    mutating func takeWaiting() -> [Subscriber] {
        guard !waiting.isEmpty else { return [] }
        defer { waiting = [] }
        return waiting
    }

    /// Whether the subscriber numbered `id` still subscribes.
    ///
    /// - Complexity: O(*s*) for *s* subscribers.
    func isSubscribed(_ id: Int) -> Bool {
        subscribers.contains { $0.id == id }
    }

    /// Removes the subscriber `handle` names, and every node it owns.
    ///
    /// - Returns: The slots its nodes read (to be looked at for reclaiming) and the removed
    ///   subscriber, to be released outside the lock.
    /// - Complexity: O(*n*) for *n* nodes.
    mutating func unsubscribe(_ handle: CallbackHandle, from graph: inout DependencyGraph) -> (slots: [Int], removed: Subscriber?) {
        guard let removed = subscribers.remove(handle) else { return ([], nil) }
        waiting.removeAll { $0.id == removed.id }
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

    /// Whether `node` belongs to `subscriber`.
    func owns(_ subscriber: Int, _ node: Int) -> Bool {
        ownerOfNode.indices.contains(node) && ownerOfNode[node] == subscriber
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
}

/// Which aspects of one field a change set changed, gathered for ``SettledChange``.
typealias SettledAspects = (slot: Int, value: Bool, visibility: Bool, readOnly: Bool)

/// What a mutation changed about one field, as the subscribers of the settle take it in.
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
    /// Whether the rules made it read-only or editable, and whether it is read-only now.
    var isReadOnlyChanged = false
    var isReadOnly = false
    /// Its value when that is a row order (a repeat group's key).
    let order: RowOrder?
    /// When its value changed: the subscribers' nodes that read the slot on their last run before
    /// the change set was taken in, due to run again (each subscriber runs the ones it owns).
    var nodes: [Int] = []
}

extension EngineState {
    /// Puts into `settled` (emptied first) what `changes` changed, field by field in the order each
    /// first changed, for the subscribers of the settle, each value change with the subscribers'
    /// nodes that read its slot (one lookup of the graph per changed slot); nothing when nobody
    /// subscribes. `aspects` is a scratch list, left emptied: both are lists lent by the caller
    /// with room from an earlier settle, so that a keystroke allocates neither.
    ///
    /// - Complexity: O(*c* + *r*) for *c* changes and the *r* nodes reading them.
    func settledChanges(of changes: ChangeSet, into settled: inout [SettledChange], aspects: inout [SettledAspects]) {
        settled.empty()
        aspects.empty()
        defer { aspects.emptyForReuse() }
        guard !subscriberGraph.isEmpty, changes.isSettling else { return }
        // Each slot once, in the order it first changed: found by a search while few are gathered
        // (a keystroke changes one or two), by a table past that.
        aspects.reserveCapacity(changes.values.count + changes.concealment.count + changes.readOnly.count)
        var placeOfSlot: [Int: Int] = [:]
        // One loop over both lists, no closure: a nested function marking each slot captured the
        // lists it changes, which cost more than the search.
        let valueCount = changes.values.count
        let concealmentEnd = valueCount + changes.concealment.count
        for index in 0..<(concealmentEnd + changes.readOnly.count) {
            let isValue = index < valueCount
            let isReadOnly = index >= concealmentEnd
            let slot =
                isValue ? changes.values[index].slot
                : isReadOnly ? changes.readOnly[index - concealmentEnd] : changes.concealment[index - valueCount]
            var place: Int?
            if aspects.count < 16 {
                var candidate = 0
                while candidate < aspects.count, aspects[candidate].slot != slot { candidate += 1 }
                if candidate < aspects.count { place = candidate }
            } else {
                if placeOfSlot.isEmpty { for (place, aspect) in aspects.enumerated() { placeOfSlot[aspect.slot] = place } }
                place = placeOfSlot[slot]
                if place == nil { placeOfSlot[slot] = aspects.count }
            }
            if let place {
                if isValue {
                    aspects[place].value = true
                } else if isReadOnly {
                    aspects[place].readOnly = true
                } else {
                    aspects[place].visibility = true
                }
            } else {
                aspects.append((slot, isValue, !isValue && !isReadOnly, isReadOnly))
            }
        }
        settled.reserveCapacity(aspects.count)
        // A value no subscriber's node read, its field neither shown nor hidden nor made read-only or
        // editable (a calculated field no cell shows), concerns only screens with repeat sections,
        // whose rows follow a group's value: without any, it is left out.
        let hasRows = subscriberGraph.subscribers.contains { !$0.screen.shape.slots.isEmpty }
        for (slot, isValue, isVisibility, isReadOnly) in aspects {
            guard slot < fields.slotCount, !fields.isFree(slot) else { continue }
            // Read in place, and cast only a value whose stored type is a row order: a copy of the
            // record and a dynamic cast of every changed value cost more than the rest of this loop.
            let order = isValue && fields.stored(at: slot).type == ObjectIdentifier(RowOrder.self) ? fields.value(at: slot)?.base as? RowOrder : nil
            let readers = isValue ? graph.readers(of: slot, .subscriber) : nil
            // A row order stays: it makes the change set a row operation, reported in one diff.
            if !hasRows && !isVisibility && !isReadOnly && readers == nil && order == nil { continue }
            var change = SettledChange(
                slot: slot, key: fields.key(at: slot), isValueChanged: isValue, isVisibilityChanged: isVisibility,
                isVisible: fields.flags(at: slot).isDisjoint(with: .concealed), order: order)
            if isReadOnly {
                change.isReadOnlyChanged = true
                change.isReadOnly = fields.flags(at: slot).contains(.ruleReadOnly)
            }
            if let readers { readers.forEach { change.nodes.append($0) } }
            settled.append(change)
        }
    }
}
