@_spi(Diagnostics) import FormContext

/// One kind of change measured on the engine and, in the same run, on both baselines and any other
/// sides given: rule runs per change and time per change, as rows of the engine against each.
struct RuleComparison {
    /// One side of the comparison: something that takes the change and counts its rule runs.
    struct Side {
        let name: String
        /// Makes the change, setting the key to the value given.
        let set: (Int) -> Void
        /// Rule runs so far; `nil` for a side that runs no rules.
        let runs: (() -> Int)?
    }

    /// What the change is, for the table: `tail change`.
    let label: String
    /// The number of rules, the table's size column.
    let size: Int
    /// The two values the changed key alternates between; setting the first must change it.
    let values: (Int, Int)

    /// The figures of one side.
    struct Figures {
        let runsPerChange: Double?
        let nanosecondsPerChange: Double
    }

    /// Measures every side, the engine first; returns each side's figures in order, and adds the
    /// rows comparing the engine with each other side to `result`.
    func measure(_ sides: [Side], scenario: String, bench: Bench, into result: inout ScenarioResult) -> [Figures] {
        let counts = sides.map { side -> Double? in
            side.set(values.0)
            side.set(values.1)
            guard let runs = side.runs else { return nil }
            let before = runs()
            side.set(values.0)
            side.set(values.1)
            return Double(runs() - before) / 2
        }
        let times = bench.nanosecondsPerOperation(operationsPerRound: 2, sides.map { side in
            { rounds in
                for _ in 0..<rounds {
                    side.set(values.0)
                    side.set(values.1)
                }
            }
        })
        let figures = zip(counts, times).map { Figures(runsPerChange: $0, nanosecondsPerChange: $1) }
        guard let engine = figures.first else { return figures }
        for (side, figure) in zip(sides, figures).dropFirst() {
            if let runs = figure.runsPerChange, let engineRuns = engine.runsPerChange {
                result.rows.append(
                    Measurement(
                        scenario: scenario, size: size, metric: "rule runs/change (\(label))", engine: engineRuns,
                        baselineName: side.name, baseline: runs))
            }
            result.rows.append(
                Measurement(
                    scenario: scenario, size: size, metric: "ns/change (\(label))", engine: engine.nanosecondsPerChange,
                    baselineName: side.name, baseline: figure.nanosecondsPerChange))
        }
        return figures
    }

}

extension RuleComparison.Side {
    /// The engine side: `form`, setting `key`.
    static func engine(_ form: FormContextObject, key: String) -> Self {
        Self(name: "engine", set: { form.set($0, for: key) }, runs: { form.ruleEvaluationCount })
    }

    /// The two baselines over `graph`, setting `key`: every rule on every change, and the walk of the
    /// whole ordered list.
    static func baselines(_ graph: RuleGraph, key: String) -> [Self] {
        let every = EveryRuleForm(graph)
        let walk = OrderedWalkForm(graph)
        return [
            Self(name: "every rule (final-form)", set: { every.set($0, for: key) }, runs: { every.evaluations }),
            Self(name: "ordered walk (JavaRosa)", set: { walk.set($0, for: key) }, runs: { walk.evaluations }),
        ]
    }
}
