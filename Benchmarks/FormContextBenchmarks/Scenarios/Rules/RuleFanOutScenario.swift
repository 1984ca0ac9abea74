import FormContext

/// k. Rules fanning out: 100,000 fields, 10,000 of them shown by a visibility rule that reads one
/// switch. A change to a field no rule reads runs no rule and costs what it costs in a form without
/// rules; a change of the switch runs the 10,000 rules once each.
struct RuleFanOutScenario: Scenario {
    let name = "rules-fanout"
    let letter = "k"
    let size = 100_000
    let rules = 10_000
    /// The most an unrelated change may cost, as a multiple of the same change without rules.
    let limit = 1.5

    func run(_ bench: Bench) -> ScenarioResult {
        let graph = RuleGraph.fanOut(size: size, rules: rules)
        let form = FormContextObject(definition: graph.definition())
        let plain = FormContextObject(definition: graph.definitionWithoutRules())
        let unrelated = graph.keys[size / 2]
        let toggle = graph.keys[0]
        var result = ScenarioResult()
        let noRules = RuleComparison.Side(name: "same change, no rules", set: { plain.set($0, for: unrelated) }, runs: nil)
        let unrelatedFigures = RuleComparison(label: "unrelated field", size: rules, values: (1, 2)).measure(
            [.engine(form, key: unrelated)] + RuleComparison.Side.baselines(graph, key: unrelated) + [noRules],
            scenario: name, bench: bench, into: &result)
        let switchFigures = RuleComparison(label: "the switch", size: rules, values: (1, 0)).measure(
            [.engine(form, key: toggle)] + RuleComparison.Side.baselines(graph, key: toggle), scenario: name, bench: bench, into: &result)

        let runs = unrelatedFigures[0].runsPerChange ?? -1
        let growth = unrelatedFigures[0].nanosecondsPerChange / max(unrelatedFigures[3].nanosecondsPerChange, 1e-9)
        result.checks.append(
            TargetCheck(
                id: "k \(name)",
                statement: "a change to a field no rule reads, among \(Report.grouped(rules)) rules, runs none and costs within \(limit)x of the same change without rules",
                holds: runs == 0 && growth <= limit, detail: "\(Report.figure(runs)) rule runs; \(Report.ratio(growth)) the time"))
        result.checks.append(RuleTargets.ahead(
            id: "k \(name)", change: "a change to a field no rule reads", figures: unrelatedFigures, rules: rules, affected: 0))
        let switchRuns = switchFigures[0].runsPerChange ?? -1
        result.checks.append(
            TargetCheck(
                id: "k \(name)", statement: "a change of the switch runs each of the \(Report.grouped(rules)) rules reading it once",
                holds: switchRuns == Double(rules), detail: "\(Report.figure(switchRuns)) rule runs"))
        result.checks.append(RuleTargets.ahead(
            id: "k \(name)", change: "a change of the switch, which every side answers by running every rule,", figures: switchFigures,
            rules: rules, affected: rules))
        return result
    }
}
