import FormContext
import Observation

/// f. Memory: the heap bytes a field costs at 100,000 fields, engine against a plain dictionary.
///
/// Measured with glibc's allocator statistics (see ``MemoryMeter``): the bytes the structure keeps
/// allocated after it is built, divided by the number of fields. Keys and values are short strings
/// that Swift stores inline, so the figures are the cost of the structures, not of the strings.
struct MemoryScenario: Scenario {
    let name = "memory"
    let letter = "f"

    func run(_ bench: Bench) -> ScenarioResult {
        var result = ScenarioResult()
        let size = 100_000
        guard MemoryMeter.isAvailable else {
            result.checks.append(
                TargetCheck(
                    id: "f memory", statement: "bytes per field at \(Report.grouped(size)) fields", holds: nil,
                    detail: "not measured: the allocator does not report its allocations (needs glibc 2.33+ and its own malloc)"))
            return result
        }
        let keys = Fixture.keys(size)
        let perField = { (bytes: Int) in Double(bytes) / Double(size) }

        // Values only: the form's initial values share the table of its current values.
        let dictionary = MemoryMeter.retainedBytes { Fixture.dictionary(keys) }
        let form = MemoryMeter.retainedBytes { FormContextObject(Fixture.context(keys)) }
        result.rows.append(row(size, "bytes/field (values)", perField(form.bytes), "dictionary", perField(dictionary.bytes)))

        // Every field edited once: current and initial values now differ, and every key is dirty.
        let edited = MemoryMeter.retainedBytes {
            let form = FormContextObject(Fixture.context(keys))
            for key in keys { form.set(Fixture.alternatingValues[0], for: key) }
            return form
        }
        let editedDictionary = MemoryMeter.retainedBytes {
            var dictionary = Fixture.dictionary(keys)
            for key in keys { dictionary[key] = AnyHashable(Fixture.alternatingValues[0]) }
            return dictionary
        }
        result.rows.append(
            row(size, "bytes/field (every field edited)", perField(edited.bytes), "dictionary", perField(editedDictionary.bytes)))

        // One observer per field: engine subscriptions against the seed's closure per field.
        let observed = MemoryMeter.retainedBytes { Fixture.observedForm(keys, counter: CallCounter()) }
        let seed = MemoryMeter.retainedBytes { Fixture.seedForm(keys, counter: CallCounter()) }
        result.rows.append(row(size, "bytes/field (one observer each)", perField(observed.bytes), "seed", perField(seed.bytes)))

        // One Observation reader per field: per-key tracking against the one-property object.
        let tracked = MemoryMeter.retainedBytes {
            let form = FormContextObject(Fixture.context(keys))
            for key in keys {
                withObservationTracking { blackHole(form[key]) } onChange: {}
            }
            return form
        }
        let seedTracked = MemoryMeter.retainedBytes {
            let form = ObservableDictionaryForm(Fixture.dictionary(keys))
            for key in keys {
                withObservationTracking { blackHole(form.values[key]) } onChange: {}
            }
            return form
        }
        result.rows.append(
            row(size, "bytes/field (one Observation reader each)", perField(tracked.bytes), "seed-observable", perField(seedTracked.bytes)))

        withExtendedLifetime((dictionary.value, form.value, edited.value, editedDictionary.value, observed.value, seed.value)) {}
        withExtendedLifetime((tracked.value, seedTracked.value)) {}
        result.checks.append(
            TargetCheck(
                id: "f memory", statement: "bytes per field at \(Report.grouped(size)) fields (stated, no limit)", holds: nil,
                detail: "values \(Report.figure(perField(form.bytes))) vs dictionary \(Report.figure(perField(dictionary.bytes))); "
                    + "edited \(Report.figure(perField(edited.bytes))); "
                    + "observed \(Report.figure(perField(observed.bytes))) vs seed \(Report.figure(perField(seed.bytes))); "
                    + "tracked \(Report.figure(perField(tracked.bytes))) vs seed-observable \(Report.figure(perField(seedTracked.bytes)))"))
        _ = bench
        return result
    }

    private func row(_ size: Int, _ metric: String, _ engine: Double, _ baselineName: String, _ baseline: Double) -> Measurement {
        Measurement(scenario: name, size: size, metric: metric, engine: engine, baselineName: baselineName, baseline: baseline)
    }
}
