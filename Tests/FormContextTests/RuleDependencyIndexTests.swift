import Testing

@testable import FormContext

/// The rules' dependency index records each rule's reads as a range of the level's shared array of
/// slots read: what it answers must be what each reader read in its own range, and nothing of its
/// neighbours' ranges.
@Suite("Rule dependency index")
struct RuleDependencyIndexTests {
    @Test("reads recorded as ranges of a shared array are each reader's own, against a plain oracle", arguments: 0..<20)
    func rangesOfSharedReads(seed: UInt64) {
        var random = SplitMix64(seed: seed)
        var index = DependencyIndex()
        var oracle: [Int: [Int]] = [:]
        for _ in 0..<60 {
            // A level: a few readers, each reading a few slots, one after another in one array.
            var slotsRead: [Int] = []
            var ranges: [(reader: Int, range: Range<Int>)] = []
            for _ in 0..<Int.random(in: 1...4, using: &random) {
                let reader = Int.random(in: 0..<12, using: &random)
                guard !ranges.contains(where: { $0.reader == reader }) else { continue }
                let start = slotsRead.count
                for _ in 0..<Int.random(in: 0...3, using: &random) { slotsRead.append(Int.random(in: 0..<16, using: &random)) }
                ranges.append((reader, start..<slotsRead.count))
            }
            for (reader, range) in ranges {
                index.record(slotsRead, in: range, for: reader)
                oracle[reader] = Array(slotsRead[range])
            }
            for reader in 0..<12 {
                #expect(index.reads(of: reader) == (oracle[reader] ?? []), "seed \(seed), reader \(reader)")
            }
            for slot in 0..<16 {
                let expected = Set(oracle.filter { $0.value.contains(slot) }.keys)
                #expect(Set(index.allReaders(of: slot)) == expected, "seed \(seed), slot \(slot)")
            }
        }
    }
}
