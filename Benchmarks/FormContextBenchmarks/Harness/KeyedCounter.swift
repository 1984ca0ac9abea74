/// Counts calls per field, exactly.
///
/// `@unchecked Sendable` is sound here for the reason given on ``CallCounter``: one thread only.
final class KeyedCounter: @unchecked Sendable {
    private var counts: [Int]

    /// Creates a counter for fields `0..<count`.
    init(count: Int) {
        counts = Array(repeating: 0, count: count)
    }

    /// Records one call for field `index`.
    func tick(_ index: Int) {
        counts[index] &+= 1
    }

    /// The calls recorded for field `index`.
    subscript(index: Int) -> Int { counts[index] }

    /// The calls recorded for all fields.
    var total: Int { counts.reduce(0, +) }

    /// Sets every count back to zero.
    func reset() {
        for index in counts.indices { counts[index] = 0 }
    }
}
