import FormContext

/// c. A batch: 10,000 keys set, or reset, in one `transaction`, with one observer per field.
///
/// The engine notifies each changed key once, after the batch, and no one for a key that ends the
/// batch with its old value. The seed's pattern has no batch; its best is to build the whole new
/// dictionary aside and publish it once, which calls every field's observer once.
///
/// Writing every key twice and resetting after editing every key must also cost at most
/// ``timeLimit`` times the seed's batch, measured in the same run with the repetitions of the two
/// interleaved, so that both see the same load.
struct BatchScenario: Scenario {
    let name = "batch"
    let letter = "c"
    /// The most the timed batches may cost, as a multiple of the seed's best batch.
    let timeLimit = 2.0

    /// One kind of batch: what it writes, and how many keys it changes.
    private struct Kind {
        let label: String
        /// Whether the batch is a `reset()` of a form whose every field was edited.
        let isReset: Bool
        /// Whether the odd keys are written with the value they already hold.
        let leavesOddKeys: Bool
        /// Whether its time is held to ``BatchScenario/timeLimit`` times the seed's.
        let isTimed: Bool
    }

    private let kinds = [
        Kind(label: "every key written twice", isReset: false, leavesOddKeys: false, isTimed: true),
        Kind(label: "odd keys rewritten unchanged", isReset: false, leavesOddKeys: true, isTimed: false),
        Kind(label: "reset after editing every key", isReset: true, leavesOddKeys: false, isTimed: true),
    ]

    func run(_ bench: Bench) -> ScenarioResult {
        var result = ScenarioResult()
        let size = 10_000
        let keys = Fixture.keys(size)
        var holds = true
        var details: [String] = []
        var timeHolds = true
        var timeDetails: [String] = []
        for kind in kinds {
            let engineSide = engineBatch(keys: keys, kind: kind)
            let seedSide = seedBatch(keys: keys, kind: kind)
            let times = bench.nanoseconds(interleaving: [
                (engineSide.setup, engineSide.body), (seedSide.setup, seedSide.body),
            ])
            let engine = engineSide.count(times[0])
            let seed = seedSide.count(times[1])
            let changed = kind.leavesOddKeys ? size / 2 : size
            result.rows.append(
                Measurement(
                    scenario: name, size: size, metric: "ns/batch (\(kind.label))", engine: engine.nanoseconds,
                    baselineName: "seed", baseline: seed.nanoseconds))
            result.rows.append(
                Measurement(
                    scenario: name, size: size, metric: "notifications (\(kind.label))",
                    engine: Double(engine.notifications), baselineName: "seed", baseline: Double(seed.notifications)))
            if kind.isTimed {
                let ratio = engine.nanoseconds / seed.nanoseconds
                timeHolds = timeHolds && ratio <= timeLimit
                timeDetails.append("\(kind.label): \(Report.ratio(ratio))")
            }
            holds = holds && engine.notifications == changed && engine.isOncePerChangedKey
            details.append(
                "\(kind.label): \(Report.grouped(engine.notifications)) for \(Report.grouped(changed)) changed keys"
                    + (engine.isOncePerChangedKey ? ", each once" : ", NOT each once"))
        }
        result.checks.append(
            TargetCheck(
                id: "c batch", statement: "one notification per changed key per transaction", holds: holds,
                detail: details.joined(separator: "; ")))
        result.checks.append(
            TargetCheck(
                id: "c batch",
                statement: "a transaction writing every key twice, and a reset after editing every key, each within "
                    + "\(Int(timeLimit))x of the seed's batch",
                holds: timeHolds, detail: timeDetails.joined(separator: "; ")))
        return result
    }

    /// The engine's batch, its setup, and what runs it once more counting each key's notifications.
    private func engineBatch(keys: [String], kind: Kind) -> (
        setup: () -> Void, body: () -> Void,
        count: (Double) -> (nanoseconds: Double, notifications: Int, isOncePerChangedKey: Bool)
    ) {
        let form = FormContextObject(Fixture.context(keys))
        let counts = KeyedCounter(count: keys.count)
        let subscriptions = keys.indices.map { index in
            form.observe(keys[index]) { change in
                counts.tick(index)
                blackHole(change.newValue)
            }
        }
        var run = 0
        func setup() {
            run += 1
            if kind.isReset {
                form.transaction { batch in
                    for key in keys { batch.set(Fixture.alternatingValues[run % 2], for: key) }
                }
            }
            counts.reset()
        }
        func body() {
            if kind.isReset {
                form.reset()
                return
            }
            form.transaction { batch in
                for (index, key) in keys.enumerated() {
                    if kind.leavesOddKeys, !index.isMultiple(of: 2) {
                        batch.set(Fixture.initialValue, for: key)
                    } else {
                        batch.set("intermediate", for: key)
                        batch.set(Fixture.alternatingValues[run % 2], for: key)
                    }
                }
            }
        }
        return (
            setup, body,
            { nanoseconds in
                setup()
                body()
                let isOnce = keys.indices.allSatisfy { index in
                    let expected = kind.leavesOddKeys && !index.isMultiple(of: 2) ? 0 : 1
                    return counts[index] == expected
                }
                withExtendedLifetime(subscriptions) {}
                return (nanoseconds, counts.total, isOnce)
            }
        )
    }

    /// The seed's best batch (a new dictionary built aside and published once), its setup, and what
    /// runs it once more counting the notifications.
    private func seedBatch(keys: [String], kind: Kind) -> (
        setup: () -> Void, body: () -> Void, count: (Double) -> (nanoseconds: Double, notifications: Int)
    ) {
        let initial = Fixture.dictionary(keys)
        let form = PublishedDictionaryForm(initial)
        let counter = CallCounter()
        for key in keys {
            form.subscribe { [unowned form] in
                counter.tick()
                blackHole(form.values[key])
            }
        }
        var run = 0
        func setup() {
            run += 1
            if kind.isReset {
                var edited = form.values
                for key in keys { edited[key] = Fixture.boxed(Fixture.alternatingValues[run % 2]) }
                form.values = edited
            }
            counter.reset()
        }
        func body() {
            if kind.isReset {
                form.values = initial
                return
            }
            var next = form.values
            for (index, key) in keys.enumerated() {
                if kind.leavesOddKeys, !index.isMultiple(of: 2) {
                    next[key] = Fixture.boxed(Fixture.initialValue)
                } else {
                    next[key] = AnyHashable("intermediate")
                    next[key] = Fixture.boxed(Fixture.alternatingValues[run % 2])
                }
            }
            form.values = next
        }
        return (
            setup, body,
            { nanoseconds in
                setup()
                body()
                return (nanoseconds, counter.count)
            }
        )
    }
}
