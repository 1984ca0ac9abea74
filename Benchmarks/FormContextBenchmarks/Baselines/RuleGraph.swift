import FormContext

/// A set of rules written as data — what each decides, what it reads, how it computes — so that the
/// engine and the baselines run the very same rules, with the same computations, over the same keys.
///
/// Every value is an `Int`; a visibility rule computes 1 (shown) or 0 (hidden).
struct RuleGraph: Sendable {
    /// One rule.
    struct Rule: Sendable {
        enum Kind: Sendable {
            /// Calculates the value of its field.
            case value
            /// Decides whether its field is shown.
            case visibility
        }

        /// The field the rule decides about.
        let target: String
        let kind: Kind
        /// The keys it reads, as a baseline that declares dependencies up front knows them.
        let inputs: [String]
        /// Computes the rule's result from the values, read through the reader given.
        let compute: @Sendable (_ read: (String) -> Int?) -> Int?
    }

    /// Every field, inputs and rule targets alike.
    let keys: [String]
    /// The rules, each after every rule it reads from (dependency order).
    let rules: [Rule]
    /// The starting value of each input field.
    let initial: [String: Int]

    /// The same rules as a definition for the engine: a calculated field per value rule, a
    /// visibility condition per visibility rule, a plain field per other key.
    func definition() -> FormDefinition {
        var byTarget: [String: Rule] = [:]
        for rule in rules { byTarget[rule.target] = rule }
        let fields = keys.map { key -> FieldDefinition in
            let field = FieldDefinition(FormKey<Int>(key), default: initial[key])
            guard let rule = byTarget[key] else { return field }
            switch rule.kind {
            case .value:
                return field.calculated { values in rule.compute { values[FormKey<Int>($0)] } }
            case .visibility:
                return field.visible(when: { values in rule.compute { values[FormKey<Int>($0)] } == 1 })
            }
        }
        return Fixture.definition(fields)
    }

    /// The same fields without any rule: what a change costs in a form that has none.
    func definitionWithoutRules() -> FormDefinition {
        Fixture.definition(keys.map { FieldDefinition(FormKey<Int>($0), default: initial[$0]) })
    }
}
