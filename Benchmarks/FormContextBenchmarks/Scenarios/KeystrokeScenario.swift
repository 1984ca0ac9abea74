import FormContext
import Observation

/// a. One keystroke: one set in forms of 10 to 100,000 fields, with one observer per field.
///
/// The engine notifies only the observers of the key written, so its cost per set should not grow
/// with the form. The seed's pattern calls every field's observer on every change, and each re-reads
/// its value. Measured twice: with `observe(key)` subscriptions against closure subscribers, and with
/// `withObservationTracking` per field (as SwiftUI tracks views) against an `Observable` object whose
/// one property is the dictionary; there an invalidated field reads again and re-tracks after the set,
/// as a view re-renders.
struct KeystrokeScenario: Scenario {
    let name = "keystroke"
    let letter = "a"

    func run(_ bench: Bench) -> ScenarioResult {
        var result = ScenarioResult()
        var subscriptionTimes: [(size: Int, nanoseconds: Double)] = []
        var trackingTimes: [(size: Int, nanoseconds: Double)] = []
        var countsHold = true
        var countDetails: [String] = []
        let sizes = bench.sizes(full: [10, 1_000, 10_000, 100_000], quick: [10, 1_000, 100_000])
        for size in sizes {
            let keys = Fixture.keys(size)
            let key = keys[size / 2]

            let engine = engineWithSubscriptions(bench, keys: keys, key: key)
            let seed = seedWithSubscribers(bench, keys: keys, key: key)
            result.rows.append(row(size, "ns/set (subscriptions)", engine.nanoseconds, "seed", seed.nanoseconds))
            result.rows.append(row(size, "observer calls/set", engine.callsPerSet, "seed", seed.callsPerSet))
            subscriptionTimes.append((size, engine.nanoseconds))

            let tracked = engineWithTracking(bench, keys: keys, key: key)
            let seedTracked = seedWithTracking(bench, keys: keys, key: key)
            result.rows.append(row(size, "ns/set (Observation)", tracked.nanoseconds, "seed-observable", seedTracked.nanoseconds))
            result.rows.append(row(size, "invalidations/set", tracked.callsPerSet, "seed-observable", seedTracked.callsPerSet))
            trackingTimes.append((size, tracked.nanoseconds))

            let exact = engine.callsPerSet == 1 && tracked.callsPerSet == 1
                && seed.callsPerSet == Double(size) && seedTracked.callsPerSet == Double(size)
            countsHold = countsHold && exact
            countDetails.append(
                "\(Report.grouped(size)): engine \(Report.figure(engine.callsPerSet))/\(Report.figure(tracked.callsPerSet)), "
                    + "seed \(Report.figure(seed.callsPerSet))/\(Report.figure(seedTracked.callsPerSet))")
        }
        result.checks.append(flatness("subscriptions", subscriptionTimes))
        result.checks.append(flatness("Observation", trackingTimes))
        result.checks.append(
            TargetCheck(
                id: "a keystroke",
                statement: "exactly one observer call (and one invalidation) per set; the seed's pattern makes one per field",
                holds: countsHold,
                detail: "calls/set, subscriptions/Observation: " + countDetails.joined(separator: "; ")))
        return result
    }

    private func row(_ size: Int, _ metric: String, _ engine: Double, _ baselineName: String, _ baseline: Double) -> Measurement {
        Measurement(scenario: name, size: size, metric: metric, engine: engine, baselineName: baselineName, baseline: baseline)
    }

    /// The target: the time per set at the largest form within 1.5x of that at the smallest.
    private func flatness(_ variant: String, _ times: [(size: Int, nanoseconds: Double)]) -> TargetCheck {
        let smallest = times.first!, largest = times.last!
        let growth = largest.nanoseconds / smallest.nanoseconds
        return TargetCheck(
            id: "a keystroke",
            statement: "time per set (\(variant)) at \(Report.grouped(largest.size)) fields within 1.5x of that at \(smallest.size)",
            holds: growth <= 1.5,
            detail: "\(Report.figure(largest.nanoseconds)) ns vs \(Report.figure(smallest.nanoseconds)) ns: "
                + String(format: "%.2fx", growth))
    }

    /// Times sets through the engine with one `observe(key)` subscription per field.
    private func engineWithSubscriptions(_ bench: Bench, keys: [String], key: String) -> (nanoseconds: Double, callsPerSet: Double) {
        let form = FormContextObject(Fixture.context(keys))
        let counter = CallCounter()
        let subscriptions = keys.map { field in
            form.observe(field) { change in
                counter.tick()
                blackHole(change.newValue)
            }
        }
        let values = Fixture.alternatingValues
        var sets = 0
        let nanoseconds = bench.nanosecondsPerOperation(operationsPerRound: 2) { rounds in
            for _ in 0..<rounds {
                form.set(values[0], for: key)
                form.set(values[1], for: key)
            }
            sets += 2 * rounds
        }
        withExtendedLifetime(subscriptions) {}
        return (nanoseconds, Double(counter.count) / Double(sets))
    }

    /// Times sets through the seed's pattern with one subscriber per field that re-reads its value.
    private func seedWithSubscribers(_ bench: Bench, keys: [String], key: String) -> (nanoseconds: Double, callsPerSet: Double) {
        let form = PublishedDictionaryForm(Fixture.dictionary(keys))
        let counter = CallCounter()
        for field in keys {
            form.subscribe { [unowned form] in
                counter.tick()
                blackHole(form.values[field])
            }
        }
        let values = Fixture.alternatingValues
        var sets = 0
        let nanoseconds = bench.nanosecondsPerOperation(operationsPerRound: 2) { rounds in
            for _ in 0..<rounds {
                form.set(values[0], for: key)
                form.set(values[1], for: key)
            }
            sets += 2 * rounds
        }
        return (nanoseconds, Double(counter.count) / Double(sets))
    }

    /// Times sets through the engine with one `withObservationTracking` per field.
    private func engineWithTracking(_ bench: Bench, keys: [String], key: String) -> (nanoseconds: Double, callsPerSet: Double) {
        let form = FormContextObject(Fixture.context(keys))
        let counter = CallCounter()
        let invalidated = KeyQueue()
        func track(_ field: String) {
            withObservationTracking {
                blackHole(form[field])
            } onChange: {
                counter.tick()
                invalidated.append(field)
            }
        }
        func render() {
            for field in invalidated.take() { track(field) }
        }
        for field in keys { track(field) }
        let values = Fixture.alternatingValues
        var sets = 0
        let nanoseconds = bench.nanosecondsPerOperation(operationsPerRound: 2) { rounds in
            for _ in 0..<rounds {
                form.set(values[0], for: key)
                render()
                form.set(values[1], for: key)
                render()
            }
            sets += 2 * rounds
        }
        return (nanoseconds, Double(counter.count) / Double(sets))
    }

    /// Times sets through the seed's pattern under Observation: every field re-reads and re-tracks.
    private func seedWithTracking(_ bench: Bench, keys: [String], key: String) -> (nanoseconds: Double, callsPerSet: Double) {
        let form = ObservableDictionaryForm(Fixture.dictionary(keys))
        let counter = CallCounter()
        let invalidated = KeyQueue()
        func track(_ field: String) {
            withObservationTracking {
                blackHole(form.values[field])
            } onChange: {
                counter.tick()
                invalidated.append(field)
            }
        }
        func render() {
            for field in invalidated.take() { track(field) }
        }
        for field in keys { track(field) }
        let values = Fixture.alternatingValues
        var sets = 0
        let nanoseconds = bench.nanosecondsPerOperation(operationsPerRound: 2) { rounds in
            for _ in 0..<rounds {
                form.set(values[0], for: key)
                render()
                form.set(values[1], for: key)
                render()
            }
            sets += 2 * rounds
        }
        return (nanoseconds, Double(counter.count) / Double(sets))
    }
}
