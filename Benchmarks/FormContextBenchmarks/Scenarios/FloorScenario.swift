import FormContext

/// b. The floor: an engine `set` against a plain `Dictionary` insert of the same keys and values.
///
/// Every write changes its key (the values alternate), nobody observes, and nothing is prehashed:
/// both sides box the same `any Hashable & Sendable` value into an `AnyHashable` under a `String` key.
/// The engine's extra work is the lock, the same-value check, the dirty set and the change record.
///
/// Timed twice: on a quiet form, whose sets take the quick path (held to ``limit``), and on the same
/// form after one read of `isValid`, which sends every later set through the whole pipeline, as in
/// any form a user interface shows (stated; the keystroke an app makes is held by scenario o).
struct FloorScenario: Scenario {
    let name = "floor"
    let letter = "b"
    /// The most an engine set may cost, as a multiple of a dictionary insert.
    let limit = 3.0

    func run(_ bench: Bench) -> ScenarioResult {
        var result = ScenarioResult()
        var details: [String] = []
        var pipelineDetails: [String] = []
        var holds = true
        for size in bench.sizes(full: [10, 1_000, 100_000], quick: [1_000]) {
            let keys = Fixture.keys(size)
            let values = Fixture.alternatingValues
            let operations = 2 * size

            let form = FormContextObject(Fixture.context(keys))
            // One read of a form-level property turns the quick path off for the life of the form.
            let read = FormContextObject(Fixture.context(keys))
            blackHole(read.isValid)
            var dictionary = Fixture.dictionary(keys)
            let figures = bench.nanosecondsPerOperation(
                operationsPerRound: operations,
                [
                    { rounds in
                        for _ in 0..<rounds {
                            for value in values {
                                for key in keys { form.set(value, for: key) }
                            }
                        }
                    },
                    { rounds in
                        for _ in 0..<rounds {
                            for value in values {
                                for key in keys { read.set(value, for: key) }
                            }
                        }
                    },
                    { rounds in
                        for _ in 0..<rounds {
                            for value in values {
                                for key in keys { dictionary[key] = AnyHashable(value) }
                            }
                        }
                    },
                ])
            blackHole(dictionary)
            let engine = figures[0], baseline = figures[2]
            let row = Measurement(
                scenario: name, size: size, metric: "ns/set (quiet form)", engine: engine, baselineName: "dictionary",
                baseline: baseline)
            result.rows.append(row)
            let pipeline = Measurement(
                scenario: name, size: size, metric: "ns/set (isValid read: the pipeline)", engine: figures[1],
                baselineName: "dictionary", baseline: baseline)
            result.rows.append(pipeline)
            pipelineDetails.append("\(Report.grouped(size)) fields: \(Report.ratio(pipeline.ratio ?? .infinity))")
            let ratio = row.ratio ?? .infinity
            holds = holds && ratio <= limit
            details.append("\(Report.grouped(size)) fields: " + String(format: "%.2fx", ratio))
        }
        result.checks.append(
            TargetCheck(
                id: "b floor", statement: "engine set on a quiet form within \(Int(limit))x of a plain dictionary insert",
                holds: holds, detail: details.joined(separator: "; ")))
        result.checks.append(
            TargetCheck(
                id: "b floor", statement: "engine set once isValid was read (every set through the pipeline), against a dictionary insert",
                holds: nil, detail: pipelineDetails.joined(separator: "; ")))
        return result
    }
}
