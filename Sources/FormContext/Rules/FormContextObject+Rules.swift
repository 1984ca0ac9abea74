extension FormContextObject {
    /// How many rule runs the form has made since its definition was attached.
    ///
    /// Tests and benchmarks use it to check that a change runs exactly the rules it should.
    public var ruleEvaluationCount: Int {
        read { $0.rules.evaluationCount }
    }

    /// The rules the last mutation that ran any rule ran, in the order they ran, with what each read.
    public var lastRuleRuns: [RuleRun] {
        read { state in state.rules.lastRun.map { RuleRun(rule: state.rules.rules[$0.rule].target.label, reads: $0.reads.map(RowSignalKey.readable)) } }
    }

    /// The cycles found among the rules; their rules are left out, the form keeping the last values
    /// they gave.
    public var ruleCycles: [RuleCycle] {
        read { $0.rules.cycles.map(RuleCycle.init(rules:)) }
    }

    /// Why the field `key` is as it is: hidden, disabled, required or calculated, by which rule, and
    /// what that rule read (with the values it reads now), one line each.
    ///
    /// ```swift
    /// print(form.explanation(for: "children"))
    /// // children: hidden by its visibility rule, which read hasChildren = false
    /// ```
    ///
    /// - Parameter key: The field.
    /// - Returns: The explanation; `key: no rule decides it` for a field no rule concerns.
    public func explanation(for key: String) -> String {
        read { $0.explanation(for: key) }
    }
}

extension EngineState {
    /// See ``FormContextObject/explanation(for:)``.
    func explanation(for key: String) -> String {
        guard let slot = fields.slot(of: key) else { return "\(key): no rule decides it" }
        let flags = fields[slot].flags
        var lines: [String] = []
        func reads(of rule: Int) -> String {
            let keys = rules.reads(of: rule).map { fields[$0].key }
            guard !keys.isEmpty else { return "read nothing" }
            return "read " + keys.map { key in
                key.first == RowSignalKey.marker ? RowSignalKey.readable(key) : "\(key) = \(shown(fields.value(of: key), for: key))"
            }.joined(separator: ", ")
        }
        for (flag, word, kind) in [(FieldFlags.ruleHidden, "hidden", "visibility"), (.ruleDisabled, "disabled", "enabled")] {
            guard flags.contains(flag) else { continue }
            if let own = rules.rule(of: slot, deciding: flag), rules.outputs[own] == .flag(false) {
                lines.append("\(key): \(word) by its \(kind) rule, which \(reads(of: own))")
            }
            for group in rules.groupRules(of: slot, deciding: flag) where rules.outputs[group] == .flag(false) {
                lines.append("\(key): \(word) with its group \(rules.rules[group].target.key), whose \(kind) rule \(reads(of: group))")
            }
        }
        if flags.contains(.hidden) { lines.append("\(key): hidden by the program (setVisible)") }
        if let place = repeats.placement[slot], flags.contains(.groupHidden) {
            lines.append("\(key): hidden with its repeat group \(repeats.groups[place.group].definition.key)")
        }
        if let place = repeats.placement[slot], flags.contains(.groupDisabled) {
            lines.append("\(key): disabled with its repeat group \(repeats.groups[place.group].definition.key)")
        }
        if flags.contains(.disabled) { lines.append("\(key): disabled by the program (setEnabled)") }
        if flags.contains(.ruleRequired), let rule = rules.rule(of: slot, deciding: .ruleRequired) {
            lines.append("\(key): required by its required rule, which \(reads(of: rule))")
        }
        if let rule = rules.calculation(of: slot) {
            lines.append("\(key): calculated (= \(shown(fields[slot].value, for: key))), from a calculation which \(reads(of: rule))")
        }
        return lines.isEmpty ? "\(key): no rule decides it" : lines.joined(separator: "\n")
    }

    /// A value as an explanation shows it: masked if secret, `nil` if absent.
    private func shown(_ value: AnyHashable?, for key: String) -> String {
        guard let value else { return "nil" }
        return fields.isSecret(key) ? FormContext.secretMask : FormContext.display(value.base, quoted: true)
    }
}
