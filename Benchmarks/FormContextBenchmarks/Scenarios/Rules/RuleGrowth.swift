import FormContext

/// k. Rules in forms of 1,000 to 100,000 fields: every path's cost per change (or per rule run, where
/// the rules a change runs grow with the form, as a ratio to the every-rule baseline doing the same
/// runs) must not grow with the form. Where a change runs a tenth of the fields' rules, the figure is
/// stated: those rules, and the state they touch, grow with the form.
enum RuleGrowth {
    static let scenario = GrowthScenario(
        name: "rules-growth", letter: "k", subject: "rules on a change", cases: [
            GrowthCase(label: "tail change of a chain as long as the form") { size in
                let graph = RuleGraph.chain(length: size - 2)
                return changes(of: graph.keys[size - 1], on: FormContextObject(definition: graph.definition()))
            },
            GrowthCase(label: "unrelated change, a tenth of the fields shown by one switch") { size in
                let graph = RuleGraph.fanOut(size: size, rules: size / 10)
                return changes(of: graph.keys[size / 2], on: FormContextObject(definition: graph.definition()))
            },
            GrowthCase(label: "change stopped by early cutoff above a chain as long as the form") { size in
                let graph = RuleGraph.cutoff(length: size - 2)
                return changes(of: graph.keys[0], on: FormContextObject(definition: graph.definition()), values: (2, 3))
            },
            GrowthCase(label: "switch change, 900 fields shown by it") { size in
                let graph = RuleGraph.fanOut(size: size, rules: 900)
                return changes(of: graph.keys[0], on: FormContextObject(definition: graph.definition()), values: (1, 0))
            },
            GrowthCase(
                label: "head change of a chain as long as the form, per rule run",
                baseline: ("every rule (final-form), per rule run", { size in
                    let graph = RuleGraph.chain(length: size - 2)
                    let form = EveryRuleForm(graph)
                    return perRule(size - 2) { form.set($0, for: graph.keys[0]) }
                })
            ) { size in
                let graph = RuleGraph.chain(length: size - 2)
                let form = FormContextObject(definition: graph.definition())
                return perRule(size - 2) { form.set($0, for: graph.keys[0]) }
            },
            GrowthCase(
                label: "switch change, a tenth of the fields shown by it, per rule run", limit: nil,
                note: "the rules one change runs grow with the form here, to 10,000 in one level, and so does the state they touch: "
                    + "with 900 rules the cost does not grow with the form",
                baseline: ("every rule (final-form), per rule run", { size in
                    let graph = RuleGraph.fanOut(size: size, rules: size / 10)
                    let form = EveryRuleForm(graph)
                    return perRule(size / 10, values: (1, 0)) { form.set($0, for: graph.keys[0]) }
                })
            ) { size in
                let graph = RuleGraph.fanOut(size: size, rules: size / 10)
                let form = FormContextObject(definition: graph.definition())
                return perRule(size / 10, values: (1, 0)) { form.set($0, for: graph.keys[0]) }
            },
            GrowthCase(
                label: "attach a definition of chained calculations, per rule",
                baseline: ("ordered walk (JavaRosa) made, per rule", { size in
                    let graph = RuleGraph.chain(length: size - 2)
                    return .repeated(operationsPerRound: size - 2) { rounds in
                        for _ in 0..<rounds { blackHole(OrderedWalkForm(graph)) }
                    }
                })
            ) { size in
                let definition = RuleGraph.chain(length: size - 2).definition()
                return .repeated(operationsPerRound: size - 2) { rounds in
                    for _ in 0..<rounds { blackHole(FormContextObject(definition: definition)) }
                }
            },
        ])

    /// Sets `key` on `form` to the two values in turn.
    static func changes(of key: String, on form: FormContextObject, values: (Int, Int) = (1, 2)) -> GrowthCase.Timing {
        .repeated(operationsPerRound: 2) { rounds in
            for _ in 0..<rounds {
                form.set(values.0, for: key)
                form.set(values.1, for: key)
            }
        }
    }

    /// Makes `set` take the two values in turn, each change running `rules` rules: timed per rule run.
    static func perRule(_ rules: Int, values: (Int, Int) = (1, 2), _ set: @escaping (Int) -> Void) -> GrowthCase.Timing {
        .repeated(operationsPerRound: 2 * rules) { rounds in
            for _ in 0..<rounds {
                set(values.0)
                set(values.1)
            }
        }
    }
}
