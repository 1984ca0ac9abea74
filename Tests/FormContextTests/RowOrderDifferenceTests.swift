@testable import FormContextCore
import Testing
import TestSupport

/// The difference of two row orders, as a live screen takes it: removing the rows that leave and
/// inserting those that arrive, at their positions, turns the old order into the new, and an edit of
/// one row reports that row alone, however far it moved and however many rows there are.
@Suite("Row order differences")
struct RowOrderDifferenceTests {
    /// `old` with `difference` applied: the leaving rows removed, the arriving ones inserted in order.
    static func apply(_ difference: RowOrderDifference, to old: RowOrder) -> [RowID] {
        let leaving = Set(difference.leaving)
        var rows = old.filter { !leaving.contains($0) }
        for (id, position) in difference.arriving { rows.insert(id, at: position) }
        return rows
    }

    @Test("random edits of orders of up to 3,000 rows, one or several at a time", arguments: [UInt64(1), 2, 3, 4, 5, 99, 0xBEEF])
    func replays(seed: UInt64) {
        var random = SplitMix64(seed: seed)
        var next = 1
        var order = RowOrder((0..<Int.random(in: 0...3_000, using: &random)).map { _ in defer { next += 1 }; return RowID(next) })
        for step in 0..<60 {
            var edited = order
            var shuffled = false
            let edits = Int.random(in: 0..<4, using: &random) == 0 ? Int.random(in: 2...6, using: &random) : 1
            for _ in 0..<edits {
                switch Int.random(in: 0..<4, using: &random) {
                case 0:
                    edited = edited.inserting(RowID(next), at: Int.random(in: 0...edited.count, using: &random))
                    next += 1
                case 1 where !edited.isEmpty:
                    edited = edited.removing(edited[Int.random(in: 0..<edited.count, using: &random)])
                case 2 where !edited.isEmpty:
                    edited = edited.moving(edited[Int.random(in: 0..<edited.count, using: &random)], to: Int.random(in: 0..<edited.count, using: &random))
                default:
                    if Int.random(in: 0..<10, using: &random) == 0 {
                        edited = RowOrder(edited.shuffled(using: &random))
                        shuffled = true
                    }
                }
            }
            let difference = RowOrderDifference(from: order, to: edited)
            #expect(Self.apply(difference, to: order) == Array(edited), "seed \(seed) step \(step)")
            #expect(difference.arriving.map(\.position) == difference.arriving.map(\.position).sorted(), "seed \(seed) step \(step)")
            if edits == 1 && !shuffled { #expect(difference.leaving.count + difference.arriving.count <= 2, "seed \(seed) step \(step): one edit, one row") }
            order = edited
        }
    }

    @Test("a row moved from the first chunk to the last is the one row that leaves and arrives")
    func farMove() {
        let order = RowOrder((1...20_000).map(RowID.init))
        let moved = order.moving(RowID(3), to: 19_000)
        let difference = RowOrderDifference(from: order, to: moved)
        #expect(difference.leaving == [RowID(3)])
        #expect(difference.arriving.map(\.id) == [RowID(3)])
        #expect(difference.arriving.map(\.position) == [19_000])
        #expect(RowOrderDifference(from: moved, to: moved).isEmpty)
    }
}
