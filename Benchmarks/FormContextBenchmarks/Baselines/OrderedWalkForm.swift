/// The baseline of JavaRosa: the rules sorted once in dependency order, from the inputs each declares;
/// every change walks the whole sorted list and runs each rule that reads something changed so far
/// in the walk. A rule that ran counts as changed whatever it gave: there is no early cutoff.
final class OrderedWalkForm {
    private(set) var values: [String: AnyHashable]
    private(set) var hidden: Set<String> = []
    /// Rule runs since the form was made.
    private(set) var evaluations = 0
    private let rules: [RuleGraph.Rule]

    init(_ graph: RuleGraph) {
        rules = graph.rules
        values = graph.initial.mapValues { AnyHashable($0) }
        walk(from: Set(graph.keys))
    }

    /// Sets `key` to `value`, then walks the list.
    func set(_ value: Int, for key: String) {
        values[key] = AnyHashable(value)
        walk(from: [key])
    }

    private func walk(from changed: Set<String>) {
        var changed = changed
        for rule in rules where rule.inputs.contains(where: changed.contains) {
            evaluations &+= 1
            let result = rule.compute { self.values[$0] as? Int }
            switch rule.kind {
            case .value: values[rule.target] = result.map { AnyHashable($0) }
            case .visibility: if result == 1 { hidden.remove(rule.target) } else { hidden.insert(rule.target) }
            }
            changed.insert(rule.target)
        }
    }
}
