/// The baseline of final-form and SurveyJS: every change runs every rule, in dependency order, over
/// a dictionary of the values.
///
/// It is modelled as cheaply as the style allows: one pass (SurveyJS runs passes until one changes
/// nothing, so at least two), values kept as `AnyHashable` as a dynamic form keeps them, and a rule's
/// result written only when it differs.
final class EveryRuleForm {
    private(set) var values: [String: AnyHashable]
    private(set) var hidden: Set<String> = []
    /// Rule runs since the form was made.
    private(set) var evaluations = 0
    private let rules: [RuleGraph.Rule]

    init(_ graph: RuleGraph) {
        rules = graph.rules
        values = graph.initial.mapValues { AnyHashable($0) }
        runEveryRule()
    }

    /// Sets `key` to `value`, then runs every rule.
    func set(_ value: Int, for key: String) {
        values[key] = AnyHashable(value)
        runEveryRule()
    }

    private func runEveryRule() {
        for rule in rules {
            evaluations &+= 1
            let result = rule.compute { self.values[$0] as? Int }
            switch rule.kind {
            case .value:
                let boxed = result.map { AnyHashable($0) }
                if values[rule.target] != boxed { values[rule.target] = boxed }
            case .visibility:
                if result == 1 { hidden.remove(rule.target) } else { hidden.insert(rule.target) }
            }
        }
    }
}
