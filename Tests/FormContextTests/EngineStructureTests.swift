import Testing

@testable import FormContextCore

@Suite("Engine structures against simple oracles")
struct EngineStructureTests {
    @Test("a callback list keeps registration order through random appends and removals", arguments: [1, 2, 3, 4])
    func callbackListMatchesAnArray(seed: UInt64) {
        var generator = SeededGenerator(seed: seed)
        var list = CallbackList<Int>()
        var oracle: [(handle: CallbackHandle, value: Int)] = []
        var removed: [CallbackHandle] = []
        for value in 0..<2_000 {
            if oracle.isEmpty || Int.random(in: 0..<3, using: &generator) > 0 {
                oracle.append((list.append(value), value))
            } else {
                let index = Int.random(in: 0..<oracle.count, using: &generator)
                let (handle, expected) = oracle.remove(at: index)
                #expect(list.remove(handle) == expected, "seed \(seed)")
                removed.append(handle)
            }
            #expect(list.count == oracle.count)
        }
        #expect(Array(list) == oracle.map(\.value), "seed \(seed)")
        // A handle whose entry went (its place perhaps reused since) removes nothing.
        for handle in removed { #expect(list.remove(handle) == nil) }
        #expect(Array(list) == oracle.map(\.value))
        #expect(list.removeAll() == oracle.map(\.value))
        #expect(list.isEmpty && Array(list).isEmpty)
    }

    @Test("a slot set agrees with a set through random inserts, removals and clears", arguments: [1, 2, 3])
    func slotSetMatchesASet(seed: UInt64) {
        var generator = SeededGenerator(seed: seed)
        var slots = SlotSet()
        var oracle: Set<Int> = []
        for _ in 0..<5_000 {
            let slot = Int.random(in: 0..<200, using: &generator)
            switch Int.random(in: 0..<20, using: &generator) {
            case 0:
                slots.removeAll()
                oracle.removeAll()
            case 1...8:
                #expect(slots.remove(slot) == (oracle.remove(slot) != nil))
            default:
                #expect(slots.insert(slot) == oracle.insert(slot).inserted)
            }
            #expect(slots.count == oracle.count)
            #expect(slots.contains(slot) == oracle.contains(slot))
        }
        #expect(Set(slots.members) == oracle, "seed \(seed)")
    }
}
