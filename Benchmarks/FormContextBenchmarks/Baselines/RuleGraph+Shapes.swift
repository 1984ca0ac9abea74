/// The shapes the rule scenarios measure, each over `field-0` … `field-<n>`.
extension RuleGraph {
    /// A chain: `field-0` is the head's input, `field-1` … `field-<length>` each add one to the field
    /// before, and the last also adds the tail's input, `field-<length + 1>`. A change of the head runs
    /// every link; a change of the tail's input runs the last one.
    static func chain(length: Int) -> RuleGraph {
        let keys = Fixture.keys(length + 2)
        let tail = keys[length + 1]
        let rules = (1...length).map { index in
            let previous = keys[index - 1]
            if index == length {
                return Rule(target: keys[index], kind: .value, inputs: [previous, tail]) { read in (read(previous) ?? 0) + 1 + (read(tail) ?? 0) }
            }
            return Rule(target: keys[index], kind: .value, inputs: [previous]) { read in (read(previous) ?? 0) + 1 }
        }
        return RuleGraph(keys: keys, rules: rules, initial: [keys[0]: 0, tail: 0])
    }

    /// A fan-out: `size` fields, each holding 0, the first a switch, and `rules` visibility rules (on
    /// `field-1` …) that each read the switch. Every other field is unrelated to any rule.
    static func fanOut(size: Int, rules count: Int) -> RuleGraph {
        let keys = Fixture.keys(size)
        let toggle = keys[0]
        let rules = (1...count).map { index in
            Rule(target: keys[index], kind: .visibility, inputs: [toggle]) { read in (read(toggle) ?? 0) > 0 ? 1 : 0 }
        }
        var initial: [String: Int] = [:]
        for key in keys { initial[key] = 0 }
        return RuleGraph(keys: keys, rules: rules, initial: initial)
    }

    /// An early cutoff: `field-0` is an input, `field-1` its sign (1 when positive), and a chain of
    /// `length` fields below the sign. A change of the input that keeps its sign runs the sign only.
    static func cutoff(length: Int) -> RuleGraph {
        let keys = Fixture.keys(length + 2)
        let input = keys[0]
        var rules = [Rule(target: keys[1], kind: .value, inputs: [input]) { read in (read(input) ?? 0) > 0 ? 1 : 0 }]
        for index in 2...(length + 1) {
            let previous = keys[index - 1]
            rules.append(Rule(target: keys[index], kind: .value, inputs: [previous]) { read in (read(previous) ?? 0) + 1 })
        }
        return RuleGraph(keys: keys, rules: rules, initial: [input: 1])
    }
}
