import Testing

@testable import FormContextCore

@Suite("Slot table: the per-field records of a mutation")
struct SlotTableTests {
    @Test("seeded: any sequence of sets and removals reads and iterates as a dictionary does")
    func seeded() {
        for seed in 1...40 {
            var generator = SeededGenerator(seed: UInt64(seed))
            var table = SlotTable<Int>()
            var oracle: [Int: Int] = [:]
            for _ in 0..<Int.random(in: 1...60, using: &generator) {
                // Few slots, so that the same ones are set, overwritten and removed again.
                let slot = Int.random(in: 0..<6, using: &generator)
                let value: Int? = Int.random(in: 0..<4, using: &generator) == 0 ? nil : Int.random(in: 0..<100, using: &generator)
                table[slot] = value
                oracle[slot] = value
                for probe in 0..<6 {
                    #expect(table[probe] == oracle[probe], "seed \(seed), slot \(probe)")
                }
                #expect(table.isEmpty == oracle.isEmpty, "seed \(seed)")
                let entries = Dictionary(table.map { ($0.key, $0.value) }, uniquingKeysWith: { first, _ in first })
                #expect(entries == oracle, "seed \(seed)")
                #expect(Array(table).count == oracle.count, "seed \(seed): an entry iterated twice")
            }
        }
    }
}
