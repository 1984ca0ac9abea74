extension FormDefinition {
    /// Runs the definition's rules over `context`, as a live form runs them: every rule once in
    /// dependency order, the calculations' results feeding the rules that read them.
    ///
    /// This is what a server runs on a submitted dictionary to know, with exactly the client's logic,
    /// which fields are active and what the calculations give; ``validate(_:inactiveKeys:)`` runs it
    /// by itself when the definition has rules.
    ///
    /// ```swift
    /// let outcome = household.evaluateRules(["hasChildren": false, "children": 3])
    /// outcome.hiddenKeys   // ["children"]
    /// ```
    ///
    /// - Parameter context: The values.
    /// - Returns: The values with the calculations made, and the hidden, disabled and required keys.
    /// - Complexity: O(*n* + *r*) for *n* values and *r* rules, plus the rules themselves.
    public func evaluateRules(_ context: FormContext) -> RuleEvaluation {
        var initial = EngineState(context)
        var changes = ChangeSet(isSettling: true)
        initial.rules.attach(self, fields: &initial.fields)
        initial.attachRepeats(self, makingRows: false, into: &changes)
        let scratch = ScratchState(initial)
        var pass = RuleStage.begin()
        while let plan = RuleStage.plan(&scratch.state, &changes, &pass) {
            let outcome = RuleStage.run(consume plan, reading: .scratch(scratch))
            RuleStage.commit(outcome, to: &scratch.state, &changes, &pass)
        }
        let state = scratch.state
        var hidden: Set<String> = []
        var disabled: Set<String> = []
        var required: Set<String> = []
        for record in state.fields.records {
            if record.flags.contains(.ruleHidden) { hidden.insert(record.key) }
            if record.flags.contains(.ruleDisabled) { disabled.insert(record.key) }
            if record.flags.contains(.ruleRequired) { required.insert(record.key) }
        }
        return RuleEvaluation(
            values: state.fields.context, hiddenKeys: hidden, disabledKeys: disabled, requiredKeys: required,
            cycles: state.rules.cycles.map(RuleCycle.init(rules:)))
    }

    /// Whether the definition has any visibility, enabled, required or calculation rule.
    var hasRules: Bool { !rules.isEmpty }
}
