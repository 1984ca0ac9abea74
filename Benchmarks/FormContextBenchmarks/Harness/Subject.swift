/// One thing to time: a closure that performs rounds of work, and the counts it keeps.
///
/// Building every subject first and then timing them in turn lets ``Bench`` interleave their
/// repetitions, so that forms of different sizes are measured under the same load.
final class Subject {
    /// Counts the observer calls the subject's writes cause.
    let counter: CallCounter
    /// The writes made so far, over every round.
    private(set) var writes = 0
    private let writesPerRound: Int
    private let round: () -> Void
    /// Whatever must stay alive while the subject is timed (forms, subscriptions).
    private let keptAlive: Any

    /// Creates a subject whose one round, `round`, makes `writesPerRound` writes.
    ///
    /// - Parameters:
    ///   - writesPerRound: The writes one round makes.
    ///   - counter: The counter its observers tick.
    ///   - keptAlive: What must live as long as the subject.
    ///   - round: One round of work.
    init(writesPerRound: Int, counter: CallCounter, keeping keptAlive: Any, round: @escaping () -> Void) {
        self.writesPerRound = writesPerRound
        self.counter = counter
        self.keptAlive = keptAlive
        self.round = round
    }

    /// Performs `rounds` rounds.
    func run(_ rounds: Int) {
        for _ in 0..<rounds { round() }
        writes += rounds * writesPerRound
    }

    /// Observer calls per write, exactly as counted.
    var callsPerWrite: Double {
        Double(counter.count) / Double(writes)
    }
}
