/// The graph's second kind of edge: a slot feeds the slots derived from it incrementally.
///
/// Why a second kind: a node's reads are replaced whole each time it runs, which suits a derivation
/// that is worked out afresh (a rule, a validator). A repeat group's statistic, and the summaries kept
/// from it, are not: they read one field of every row, and are kept up to date by taking each row's
/// old contribution out and its new one in. Listed as a node's reads, every row's edit would
/// re-record a list as long as the group; as feeds, a row's field gains its edges when its row is set
/// up and loses them when the row is taken down, so an edit costs no edge at all and a row coming or
/// going costs its own fields' edges.
///
/// What it guarantees: ``fed(by:)`` is exactly what ``setFeeds(_:of:)`` last gave for the slot (none
/// once ``removeFeeds(of:)``), and ``isFed(_:)`` is whether any slot feeds it now. A slot that feeds
/// or is fed is held like a slot a node read (``isHeld(_:)``): its number is not given to another
/// key while the edge stands.
extension DependencyGraph {
    /// The feeds relation, both ways: per feeding slot the slots it feeds, per fed slot how many
    /// feed it.
    struct Feeds: Sendable {
        /// Per feeding slot: the slots it feeds. The lists are shared (every row's field of one name
        /// feeds the same slots), so storing one costs no copy.
        fileprivate var targets: [Int: [Int]] = [:]
        /// Per slot: how many edges end at it (a list naming a slot twice counts twice).
        fileprivate var feederCount: [Int32] = []
    }

    // MARK: Feeds

    /// Records that `slot` feeds exactly `fed` (the slots derived from it incrementally), in place of
    /// what it fed before.
    ///
    /// - Complexity: O(*f*) for the *f* slots it feeds now and before.
    mutating func setFeeds(_ fed: [Int], of slot: Int) {
        removeFeeds(of: slot)
        guard !fed.isEmpty else { return }
        for target in fed {
            if target >= feeds.feederCount.count {
                feeds.feederCount.append(contentsOf: repeatElement(0, count: target - feeds.feederCount.count + 1))
            }
            feeds.feederCount[target] += 1
        }
        feeds.targets[slot] = fed
    }

    /// Records that `slot` feeds nothing.
    ///
    /// - Complexity: O(*f*) for the *f* slots it fed.
    mutating func removeFeeds(of slot: Int) {
        guard !feeds.targets.isEmpty, let fed = feeds.targets.removeValue(forKey: slot) else { return }
        for target in fed { feeds.feederCount[target] -= 1 }
    }

    /// Forgets every feeds edge.
    mutating func removeAllFeeds() {
        feeds = Feeds()
    }

    /// The slots `slot` feeds; empty when it feeds none.
    @inline(__always)
    func fed(by slot: Int) -> [Int] {
        guard !feeds.targets.isEmpty else { return [] }
        return feeds.targets[slot] ?? []
    }

    /// Whether any slot feeds anything.
    var hasFeeds: Bool { !feeds.targets.isEmpty }

    /// Whether `slot` feeds anything.
    func isFeeding(_ slot: Int) -> Bool {
        !feeds.targets.isEmpty && feeds.targets[slot] != nil
    }

    /// Whether any slot feeds `slot`.
    func isFed(_ slot: Int) -> Bool {
        slot < feeds.feederCount.count && feeds.feederCount[slot] > 0
    }

    /// Whether anything derived depends on `slot`: a node read it, or it feeds or is fed. The one
    /// answer, as far as derived things go, on whether the slot may be released.
    func isHeld(_ slot: Int) -> Bool {
        isRead(slot) || isFed(slot) || isFeeding(slot)
    }
}
