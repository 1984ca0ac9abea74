import Testing

@testable import FormContextCore
import TestSupport

/// The dependency graph records each rule's reads as a range of the level's shared array of slots
/// read: what it answers must be what each node read in its own range, and nothing of its
/// neighbours' ranges nor of nodes of another kind sharing its pool. Its feeds edges (slot to the
/// slots kept incrementally from it) must be exactly those last set, both ways, and hold a slot
/// from release exactly while an edge or a read stands.
@Suite("Rule dependency index")
struct RuleDependencyIndexTests {
    @Test("reads recorded as ranges of a shared array are each reader's own, against a plain oracle", arguments: 0..<20)
    func rangesOfSharedReads(seed: UInt64) {
        var random = SplitMix64(seed: seed)
        var graph = DependencyGraph()
        let kinds = DependencyGraph.Kind.allCases
        var oracle: [DependencyGraph.Node: [Int]] = [:]
        // Enough levels that the pool is compacted several times on the way.
        for level in 0..<800 {
            // A level: a few readers, each reading a few slots, one after another in one array; most
            // are rules, some are nodes of the other kinds, numbered as the rules are.
            var slotsRead: [Int] = []
            var ranges: [(node: DependencyGraph.Node, range: Range<Int>)] = []
            for _ in 0..<Int.random(in: 1...4, using: &random) {
                let kind = Int.random(in: 0..<3, using: &random) == 0 ? kinds.randomElement(using: &random)! : .rule
                let node = DependencyGraph.Node(kind, Int.random(in: 0..<12, using: &random))
                guard !ranges.contains(where: { $0.node == node }) else { continue }
                let start = slotsRead.count
                for _ in 0..<Int.random(in: 0...6, using: &random) { slotsRead.append(Int.random(in: 0..<16, using: &random)) }
                ranges.append((node, start..<slotsRead.count))
            }
            for (node, range) in ranges {
                graph.record(slotsRead, in: range, for: node)
                oracle[node] = Array(slotsRead[range])
            }
            guard level % 10 == 0 || level == 799 else { continue }
            for kind in kinds {
                for index in 0..<12 {
                    let node = DependencyGraph.Node(kind, index)
                    #expect(graph.reads(of: node) == (oracle[node] ?? []), "seed \(seed), node \(kind) \(index)")
                }
            }
            for slot in 0..<16 {
                for kind in kinds {
                    let expected = Set(oracle.filter { $0.key.kind == kind && $0.value.contains(slot) }.keys.map(\.index))
                    #expect(Set(graph.allReaders(of: slot, kind)) == expected, "seed \(seed), slot \(slot), kind \(kind)")
                    // The hot paths' answer: none at all when no node of the kind read it, whatever others did.
                    #expect((graph.readers(of: slot, kind) == nil) == expected.isEmpty, "seed \(seed), slot \(slot), kind \(kind)")
                    for index in 0..<12 {
                        #expect(graph.hasRead(.init(kind, index), slot) == expected.contains(index), "seed \(seed), slot \(slot), kind \(kind)")
                    }
                }
                #expect(graph.isRead(slot) == oracle.values.contains { $0.contains(slot) }, "seed \(seed), slot \(slot)")
            }
        }
    }
    @Test("feeds edges set, removed and released with reads beside them, against a plain oracle", arguments: 0..<20)
    func feedsAgainstOracle(seed: UInt64) {
        var random = SplitMix64(seed: seed)
        var graph = DependencyGraph()
        var reads: [DependencyGraph.Node: [Int]] = [:]
        var feeds: [Int: [Int]] = [:]
        let slots = 0..<16
        func randomList(_ count: ClosedRange<Int>) -> [Int] {
            // Slots may repeat in a list (a summary kept from a statistic and counted with every row).
            (0..<Int.random(in: count, using: &random)).map { _ in Int.random(in: slots, using: &random) }
        }
        func isHeld(_ slot: Int) -> Bool {
            reads.values.contains { $0.contains(slot) } || feeds[slot] != nil || feeds.values.contains { $0.contains(slot) }
        }
        for step in 0..<600 {
            switch Int.random(in: 0..<10, using: &random) {
            case 0, 1:
                // A node runs and reads a few slots.
                let node = DependencyGraph.Node(.rule, Int.random(in: 0..<6, using: &random))
                let slotsRead = randomList(0...3)
                graph.record(slotsRead, for: node)
                reads[node] = slotsRead.isEmpty ? nil : slotsRead
            case 2, 3, 4:
                // A row is set up: its fields feed one shared list.
                let fed = randomList(0...4)
                for slot in randomList(1...3) {
                    graph.setFeeds(fed, of: slot)
                    feeds[slot] = fed.isEmpty ? nil : fed
                }
            case 5, 6, 7:
                // A row is taken down: its fields feed nothing, and those nothing holds are released,
                // their numbers free for another key, which starts with no edge at all.
                let taken = randomList(1...3)
                for slot in taken {
                    graph.removeFeeds(of: slot)
                    feeds[slot] = nil
                }
                for slot in taken where !isHeld(slot) {
                    #expect(!graph.isHeld(slot), "seed \(seed), step \(step), released slot \(slot)")
                    #expect(graph.fed(by: slot).isEmpty && !graph.isFed(slot), "seed \(seed), step \(step), released slot \(slot)")
                }
            case 8:
                // A slot stops being a statistic's input, from anything.
                let slot = Int.random(in: slots, using: &random)
                graph.setFeeds([], of: slot)
                feeds[slot] = nil
            default:
                // Now and then a new definition: every feeds edge goes, reads stay.
                if Int.random(in: 0..<5, using: &random) == 0 {
                    graph.removeAllFeeds()
                    feeds = [:]
                }
            }
            #expect(graph.hasFeeds == !feeds.isEmpty, "seed \(seed), step \(step)")
            for slot in slots {
                #expect(graph.fed(by: slot) == (feeds[slot] ?? []), "seed \(seed), step \(step), slot \(slot)")
                #expect(graph.isFeeding(slot) == (feeds[slot] != nil), "seed \(seed), step \(step), slot \(slot)")
                #expect(graph.isFed(slot) == feeds.values.contains { $0.contains(slot) }, "seed \(seed), step \(step), slot \(slot)")
                #expect(graph.isRead(slot) == reads.values.contains { $0.contains(slot) }, "seed \(seed), step \(step), slot \(slot)")
                #expect(graph.isHeld(slot) == isHeld(slot), "seed \(seed), step \(step), slot \(slot)")
            }
        }
    }
}
