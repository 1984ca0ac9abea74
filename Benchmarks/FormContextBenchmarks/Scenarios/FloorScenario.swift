import FormContext

/// b. The floor: an engine `set` against a plain `Dictionary` insert of the same keys and values.
///
/// Every write changes its key (the values alternate), nobody observes, and nothing is prehashed:
/// both sides box the same `any Hashable & Sendable` value into an `AnyHashable` under a `String` key.
/// The engine's extra work is the lock, the same-value check, the dirty set and the change record.
struct FloorScenario: Scenario {
    let name = "floor"
    let letter = "b"
    /// The most an engine set may cost, as a multiple of a dictionary insert.
    let limit = 3.0

    func run(_ bench: Bench) -> ScenarioResult {
        var result = ScenarioResult()
        var details: [String] = []
        var holds = true
        for size in bench.sizes(full: [10, 1_000, 100_000], quick: [1_000]) {
            let keys = Fixture.keys(size)
            let values = Fixture.alternatingValues
            let operations = 2 * size

            let form = FormContextObject(Fixture.context(keys))
            var dictionary = Fixture.dictionary(keys)
            let (engine, baseline) = bench.nanosecondsPerOperation(
                operationsPerRound: operations,
                engine: { rounds in
                    for _ in 0..<rounds {
                        for value in values {
                            for key in keys { form.set(value, for: key) }
                        }
                    }
                },
                baseline: { rounds in
                    for _ in 0..<rounds {
                        for value in values {
                            for key in keys { dictionary[key] = AnyHashable(value) }
                        }
                    }
                })
            blackHole(dictionary)

            let row = Measurement(
                scenario: name, size: size, metric: "ns/set", engine: engine, baselineName: "dictionary",
                baseline: baseline)
            result.rows.append(row)
            let ratio = row.ratio ?? .infinity
            holds = holds && ratio <= limit
            details.append("\(Report.grouped(size)) fields: " + String(format: "%.2fx", ratio))
        }
        result.checks.append(
            TargetCheck(
                id: "b floor", statement: "engine set within \(Int(limit))x of a plain dictionary insert",
                holds: holds, detail: details.joined(separator: "; ")))
        return result
    }
}
