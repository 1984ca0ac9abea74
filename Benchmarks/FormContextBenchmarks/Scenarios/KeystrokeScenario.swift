import FormContext
import Observation

/// a. One keystroke: one set in forms of 10 to 100,000 fields, with one observer per field.
///
/// The engine notifies only the observers of the key written, so its cost per set should not grow
/// with the form. The seed's pattern calls every field's observer on every change, and each re-reads
/// its value. Measured twice: with `observe(key)` subscriptions against closure subscribers, and with
/// `withObservationTracking` per field (as SwiftUI tracks views) against an `Observable` object whose
/// one property is the dictionary; there an invalidated field reads again and re-tracks after the set,
/// as a view re-renders. Every form of a variant is built first and then all are timed in turn.
struct KeystrokeScenario: Scenario {
    let name = "keystroke"
    let letter = "a"

    /// One way of observing: how to build the engine's form and the baseline's for a size.
    private struct Variant {
        let label: String
        let countLabel: String
        let baselineName: String
        let engine: ([String], String) -> Subject
        let baseline: ([String], String) -> Subject
    }

    func run(_ bench: Bench) -> ScenarioResult {
        var result = ScenarioResult()
        let sizes = bench.sizes(full: [10, 1_000, 10_000, 100_000], quick: [10, 1_000, 100_000])
        let variants = [
            Variant(
                label: "subscriptions", countLabel: "observer calls/set", baselineName: "seed",
                engine: Self.engineWithSubscriptions, baseline: Self.seedWithSubscribers),
            Variant(
                label: "Observation", countLabel: "invalidations/set", baselineName: "seed-observable",
                engine: Self.engineWithTracking, baseline: Self.seedWithTracking),
        ]
        var countsHold = true
        var countDetails: [String] = []
        for variant in variants {
            let fields = sizes.map(Fixture.keys)
            let engines = fields.map { keys in variant.engine(keys, keys[keys.count / 2]) }
            let baselines = fields.map { keys in variant.baseline(keys, keys[keys.count / 2]) }
            let subjects = engines + baselines
            let times = bench.nanosecondsPerOperation(operationsPerRound: 2, subjects.map { $0.run })
            var engineTimes: [(size: Int, nanoseconds: Double)] = []
            for (index, size) in sizes.enumerated() {
                let engine = engines[index], baseline = baselines[index]
                let engineTime = times[index], baselineTime = times[sizes.count + index]
                result.rows.append(row(size, "ns/set (\(variant.label))", engineTime, variant.baselineName, baselineTime))
                result.rows.append(row(size, variant.countLabel, engine.callsPerWrite, variant.baselineName, baseline.callsPerWrite))
                engineTimes.append((size, engineTime))
                countsHold = countsHold && engine.callsPerWrite == 1 && baseline.callsPerWrite == Double(size)
                countDetails.append(
                    "\(variant.label) \(Report.grouped(size)): engine \(Report.figure(engine.callsPerWrite)), "
                        + "\(variant.baselineName) \(Report.figure(baseline.callsPerWrite))")
            }
            result.checks.append(flatness(variant.label, engineTimes))
        }
        result.checks.append(
            TargetCheck(
                id: "a keystroke",
                statement: "exactly one observer call (and one invalidation) per set; the seed's pattern makes one per field",
                holds: countsHold, detail: "per set: " + countDetails.joined(separator: "; ")))
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

    /// Sets through the engine with one `observe(key)` subscription per field.
    private static func engineWithSubscriptions(_ keys: [String], _ key: String) -> Subject {
        let counter = CallCounter()
        let (form, subscriptions) = Fixture.observedForm(keys, counter: counter)
        let values = Fixture.alternatingValues
        return Subject(writesPerRound: 2, counter: counter, keeping: subscriptions) {
            form.set(values[0], for: key)
            form.set(values[1], for: key)
        }
    }

    /// Sets through the seed's pattern with one subscriber per field that re-reads its value.
    private static func seedWithSubscribers(_ keys: [String], _ key: String) -> Subject {
        let counter = CallCounter()
        let form = Fixture.seedForm(keys, counter: counter)
        let values = Fixture.alternatingValues
        return Subject(writesPerRound: 2, counter: counter, keeping: form) {
            form.set(values[0], for: key)
            form.set(values[1], for: key)
        }
    }

    /// Sets through the engine with one `withObservationTracking` reader per field.
    private static func engineWithTracking(_ keys: [String], _ key: String) -> Subject {
        let form = FormContextObject(Fixture.context(keys))
        return trackedSubject(keys, key, keeping: form, read: { form[$0] }, set: { form.set($0, for: $1) })
    }

    /// Sets through the seed's pattern under Observation: every field re-reads and re-tracks.
    private static func seedWithTracking(_ keys: [String], _ key: String) -> Subject {
        let form = ObservableDictionaryForm(Fixture.dictionary(keys))
        return trackedSubject(keys, key, keeping: form, read: { form.values[$0] }, set: { form.set($0, for: $1) })
    }

    /// Reads every field once under `withObservationTracking`; each round sets `key` to the two
    /// alternating values, re-tracking after each set the fields whose readers it invalidated, as a
    /// view re-renders.
    private static func trackedSubject(
        _ keys: [String], _ key: String, keeping form: AnyObject, read: @escaping (String) -> AnyHashable?,
        set: @escaping (any Hashable & Sendable, String) -> Void
    ) -> Subject {
        let counter = CallCounter()
        let invalidated = KeyQueue()
        func track(_ field: String) {
            withObservationTracking {
                blackHole(read(field))
            } onChange: {
                counter.tick()
                invalidated.append(field)
            }
        }
        for field in keys { track(field) }
        let values = Fixture.alternatingValues
        return Subject(writesPerRound: 2, counter: counter, keeping: form) {
            set(values[0], key)
            for field in invalidated.take() { track(field) }
            set(values[1], key)
            for field in invalidated.take() { track(field) }
        }
    }
}
