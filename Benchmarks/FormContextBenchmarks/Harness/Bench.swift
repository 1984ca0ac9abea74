/// The settings of one benchmark run and the timing loops every scenario uses.
///
/// Every timed figure is the median of ``repetitions`` timed repetitions that follow ``warmups``
/// untimed ones. A repetition repeats the work enough times to last about ``repetitionTarget``, so
/// that clock resolution does not matter, and the figure is divided by the number of operations.
struct Bench {
    /// Whether this is the short run (fewer repetitions, smaller sizes where the point survives).
    let isQuick: Bool
    /// Timed repetitions per figure; the figure is their median.
    let repetitions: Int
    /// Untimed repetitions before the timed ones.
    let warmups: Int
    /// About how long one timed repetition lasts.
    let repetitionTarget: Duration

    /// The settings for a full or a quick run.
    init(quick: Bool) {
        isQuick = quick
        repetitions = quick ? 3 : 9
        warmups = 1
        repetitionTarget = quick ? .milliseconds(5) : .milliseconds(30)
    }

    /// `quick` in a quick run, `full` otherwise.
    func sizes(full: [Int], quick: [Int]) -> [Int] {
        isQuick ? quick : full
    }

    /// The median time of one operation, in nanoseconds.
    ///
    /// - Parameters:
    ///   - operationsPerRound: How many operations one round of `body` performs.
    ///   - body: Performs the given number of rounds. It must leave the subject ready for more rounds.
    /// - Returns: The median over the timed repetitions of (elapsed time / operations).
    func nanosecondsPerOperation(operationsPerRound: Int, _ body: (Int) -> Void) -> Double {
        let rounds = calibratedRounds(body)
        for _ in 0..<warmups { body(rounds) }
        var samples: [Double] = []
        samples.reserveCapacity(repetitions)
        for _ in 0..<repetitions {
            samples.append(Self.nanoseconds { body(rounds) })
        }
        return Self.median(samples) / Double(rounds * operationsPerRound)
    }

    /// The median times of one operation of `engine` and of `baseline`, in nanoseconds, with their
    /// repetitions interleaved so that both see the same load on the machine.
    ///
    /// - Parameters:
    ///   - operationsPerRound: How many operations one round of either body performs.
    ///   - engine: Performs the given number of rounds through the engine.
    ///   - baseline: Performs the given number of rounds of the same work through the baseline.
    /// - Returns: Each side's median over the timed repetitions of (elapsed time / operations).
    func nanosecondsPerOperation(
        operationsPerRound: Int, engine: (Int) -> Void, baseline: (Int) -> Void
    ) -> (engine: Double, baseline: Double) {
        let figures = withoutActuallyEscaping(engine) { engine in
            withoutActuallyEscaping(baseline) { baseline in
                nanosecondsPerOperation(operationsPerRound: operationsPerRound, [engine, baseline])
            }
        }
        return (figures[0], figures[1])
    }

    /// The median time of one operation of each body, in nanoseconds, with the repetitions of all the
    /// bodies interleaved (one repetition of each in turn), so that all see the same load.
    ///
    /// - Parameters:
    ///   - operationsPerRound: How many operations one round of any body performs.
    ///   - bodies: Each performs the given number of rounds of its work.
    /// - Returns: For each body, the median over the timed repetitions of (elapsed time / operations).
    func nanosecondsPerOperation(operationsPerRound: Int, _ bodies: [(Int) -> Void]) -> [Double] {
        let rounds = bodies.map(calibratedRounds)
        for _ in 0..<warmups {
            for (body, count) in zip(bodies, rounds) { body(count) }
        }
        var samples = Array(repeating: [Double](), count: bodies.count)
        for _ in 0..<repetitions {
            for index in bodies.indices {
                samples[index].append(Self.nanoseconds { bodies[index](rounds[index]) })
            }
        }
        return bodies.indices.map { index in
            Self.median(samples[index]) / Double(rounds[index] * operationsPerRound)
        }
    }

    /// The median time of `body`, in nanoseconds, run once per repetition after an untimed `setup`.
    ///
    /// For work that cannot simply be repeated, such as resetting a form that `setup` edits first.
    func nanoseconds(setup: () -> Void, _ body: () -> Void) -> Double {
        for _ in 0..<warmups {
            setup()
            body()
        }
        var samples: [Double] = []
        samples.reserveCapacity(repetitions)
        for _ in 0..<repetitions {
            setup()
            samples.append(Self.nanoseconds(body))
        }
        return Self.median(samples)
    }

    /// The median time of each body, in nanoseconds, each run once per repetition after an untimed
    /// setup, with the repetitions of all the bodies interleaved (one of each in turn), so that all
    /// see the same load.
    ///
    /// - Parameter cases: Each body with the setup that readies it.
    /// - Returns: For each case, the median of its timed repetitions.
    func nanoseconds(interleaving cases: [(setup: () -> Void, body: () -> Void)]) -> [Double] {
        for _ in 0..<warmups {
            for timed in cases {
                timed.setup()
                timed.body()
            }
        }
        var samples = Array(repeating: [Double](), count: cases.count)
        for _ in 0..<repetitions {
            for (index, timed) in cases.enumerated() {
                timed.setup()
                samples[index].append(Self.nanoseconds(timed.body))
            }
        }
        return samples.map(Self.median)
    }

    /// How many rounds of `body` take about ``repetitionTarget``, found by doubling from one.
    private func calibratedRounds(_ body: (Int) -> Void) -> Int {
        let target = Self.nanoseconds(of: repetitionTarget)
        // One untimed round first: a first write may pay once for something (copying storage shared
        // with the initial values), which must not make every later repetition short.
        body(1)
        var rounds = 1
        while true {
            let elapsed = Self.nanoseconds { body(rounds) }
            if elapsed >= target / 8 || rounds >= 1 << 24 {
                return max(1, Int((Double(rounds) * target / max(elapsed, 1)).rounded(.up)))
            }
            rounds *= 2
        }
    }

    /// The time `body` takes, in nanoseconds, on the continuous clock.
    static func nanoseconds(_ body: () -> Void) -> Double {
        nanoseconds(of: ContinuousClock().measure(body))
    }

    /// `duration` in nanoseconds.
    static func nanoseconds(of duration: Duration) -> Double {
        let (seconds, attoseconds) = duration.components
        return Double(seconds) * 1e9 + Double(attoseconds) * 1e-9
    }

    /// The median of `samples` (the mean of the middle two for an even count).
    static func median(_ samples: [Double]) -> Double {
        precondition(!samples.isEmpty, "median of no samples")
        let sorted = samples.sorted()
        let middle = sorted.count / 2
        return sorted.count.isMultiple(of: 2) ? (sorted[middle - 1] + sorted[middle]) / 2 : sorted[middle]
    }
}
