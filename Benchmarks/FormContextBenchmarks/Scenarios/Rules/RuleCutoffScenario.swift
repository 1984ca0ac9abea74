import FormContext

/// k. Early cutoff: an input, its sign calculated from it, and a chain of 10,000 calculations below
/// the sign. A change of the input that keeps its sign runs the sign's rule and nothing below it;
/// the ordered walk (JavaRosa) has no cutoff and runs all 10,001.
struct RuleCutoffScenario: Scenario {
    let name = "rules-cutoff"
    let letter = "k"
    let length = 10_000

    func run(_ bench: Bench) -> ScenarioResult {
        let graph = RuleGraph.cutoff(length: length)
        let form = FormContextObject(definition: graph.definition())
        let input = graph.keys[0]
        var result = ScenarioResult()
        let figures = RuleComparison(label: "same sign", size: length + 1, values: (2, 3)).measure(
            [.engine(form, key: input)] + RuleComparison.Side.baselines(graph, key: input), scenario: name, bench: bench, into: &result)
        let runs = figures[0].runsPerChange ?? -1
        result.checks.append(
            TargetCheck(
                id: "k \(name)", statement: "a calculation whose result does not change stops there: 0 runs below it",
                holds: runs == 1, detail: "\(Report.figure(runs)) rule run (the sign's), \(Report.figure(max(runs - 1, 0))) below it"))
        result.checks.append(RuleTargets.ahead(
            id: "k \(name)", change: "a change stopped by early cutoff", figures: figures, rules: length + 1, affected: 1))
        return result
    }
}
