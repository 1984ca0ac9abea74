import FormContext

/// k. Rules along a chain: 10,000 calculated fields, each reading the one before (the last also
/// reads a tail input). A change at the head runs every link once; a change at the tail runs one.
///
/// Both baselines run the same rules, with the same computations, over the same keys (see
/// ``RuleGraph``): every rule on every change (final-form, SurveyJS), and a walk of the whole
/// ordered list running the rules whose inputs changed (JavaRosa).
struct RuleChainScenario: Scenario {
    let name = "rules-chain"
    let letter = "k"
    let length = 10_000

    func run(_ bench: Bench) -> ScenarioResult {
        let graph = RuleGraph.chain(length: length)
        let form = FormContextObject(definition: graph.definition())
        let head = graph.keys[0]
        let tail = graph.keys[length + 1]
        var result = ScenarioResult()
        let headFigures = RuleComparison(label: "head change", size: length, values: (1, 2)).measure(
            [.engine(form, key: head)] + RuleComparison.Side.baselines(graph, key: head), scenario: name, bench: bench, into: &result)
        let tailFigures = RuleComparison(label: "tail change", size: length, values: (1, 2)).measure(
            [.engine(form, key: tail)] + RuleComparison.Side.baselines(graph, key: tail), scenario: name, bench: bench, into: &result)

        let headRuns = headFigures[0].runsPerChange ?? -1
        let tailRuns = tailFigures[0].runsPerChange ?? -1
        result.checks.append(
            TargetCheck(
                id: "k \(name)", statement: "a change at the head runs each of the \(Report.grouped(length)) links once, at the tail one",
                holds: headRuns == Double(length) && tailRuns == 1,
                detail: "head: \(Report.figure(headRuns)) rule runs; tail: \(Report.figure(tailRuns))"))
        result.checks.append(RuleTargets.ahead(
            id: "k \(name)", change: "a change at the tail", figures: tailFigures, rules: length, affected: 1))
        result.checks.append(RuleTargets.ahead(
            id: "k \(name)", change: "a change at the head, which every side answers by running every rule,", figures: headFigures,
            rules: length, affected: length))
        return result
    }
}
