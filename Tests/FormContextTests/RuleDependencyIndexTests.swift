import Testing

@testable import FormContextCore

/// The dependency graph records each rule's reads as a range of the level's shared array of slots
/// read: what it answers must be what each node read in its own range, and nothing of its
/// neighbours' ranges nor of nodes of another kind sharing its pool.
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
}
