/// g. Costs that must not grow with the form, on every path of a mutation: validation, reset,
/// subscriptions, the model bridge, definitions.
///
/// Each case is timed in forms of 1,000, 10,000 and 100,000 fields (1,000 and 10,000 with
/// `--quick`); every size is built first and the sizes' repetitions are interleaved, so all see the
/// same load. The baseline of each row is the same operation in the smallest form, measured in the
/// same run, so the ratio is the growth; a case whose cost grows for reasons no engine escapes has a
/// baseline doing that same work instead, and the growth checked is that of the ratio to it.
struct GrowthScenario: Scenario {
    let name: String
    /// The target's letter: `g` for the paths of a mutation, `k` for rules.
    var letter = "g"
    /// What the cases have in common, for the target line.
    let subject: String
    let cases: [GrowthCase]

    func run(_ bench: Bench) -> ScenarioResult {
        var result = ScenarioResult()
        let sizes = bench.sizes(full: [1_000, 10_000, 100_000], quick: [1_000, 10_000])
        var holds = true
        var details: [String] = []
        var stated: [String] = []
        for growthCase in cases {
            let figures = measure(growthCase.prepare, sizes: sizes, bench: bench)
            let growth: Double
            if let baseline = growthCase.baseline {
                let baselines = measure(baseline.prepare, sizes: sizes, bench: bench)
                for (size, (figure, base)) in zip(sizes, zip(figures, baselines)) {
                    result.rows.append(
                        Measurement(
                            scenario: name, size: size, metric: "ns/op (\(growthCase.label))", engine: figure,
                            baselineName: baseline.name, baseline: base))
                }
                let ratios = zip(figures, baselines).map { $0 / max($1, 1e-9) }
                growth = (ratios.last ?? 0) / max(ratios.first ?? 1, 1e-9)
            } else {
                for (size, figure) in zip(sizes, figures) {
                    result.rows.append(
                        Measurement(
                            scenario: name, size: size, metric: "ns/op (\(growthCase.label))", engine: figure,
                            baselineName: "same op, \(Report.grouped(sizes[0])) fields", baseline: figures[0]))
                }
                growth = (figures.last ?? 0) / max(figures.first ?? 1, 1e-9)
            }
            let measured = growthCase.baseline == nil ? "" : " (ratio to \(growthCase.baseline?.name ?? ""))"
            let summary = "\(growthCase.label)\(measured): \(Report.ratio(growth)) from \(Report.grouped(sizes[0])) to \(Report.grouped(sizes[sizes.count - 1])) fields"
            if let limit = growthCase.limit {
                holds = holds && growth <= limit
                details.append(summary)
            } else {
                stated.append(summary + " (\(growthCase.note))")
            }
        }
        result.checks.append(
            TargetCheck(
                id: "\(letter) \(name)", statement: "\(subject): cost per operation grows at most 1.5x from the smallest form to the largest",
                holds: holds, detail: details.joined(separator: "; ")))
        if !stated.isEmpty {
            result.checks.append(
                TargetCheck(id: "\(letter) \(name)", statement: "\(subject): figures stated", holds: nil, detail: stated.joined(separator: "; ")))
        }
        return result
    }

    /// The median time of one operation at each size.
    private func measure(_ prepare: (Int) -> GrowthCase.Timing, sizes: [Int], bench: Bench) -> [Double] {
        let timings = sizes.map(prepare)
        var repeated: [(index: Int, operations: Int, body: (Int) -> Void)] = []
        var figures = Array(repeating: 0.0, count: sizes.count)
        for (index, timing) in timings.enumerated() {
            switch timing {
            case .repeated(let operations, let body): repeated.append((index, operations, body))
            case .withSetup(let setup, let body): figures[index] = bench.nanoseconds(setup: setup, body)
            }
        }
        if !repeated.isEmpty {
            // Timed per round, then divided by each size's own operations per round.
            let times = bench.nanosecondsPerOperation(operationsPerRound: 1, repeated.map(\.body))
            for (entry, time) in zip(repeated, times) { figures[entry.index] = time / Double(entry.operations) }
        }
        return figures
    }
}
