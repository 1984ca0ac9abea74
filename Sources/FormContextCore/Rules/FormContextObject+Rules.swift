extension FormContextObject {
    /// How many rule runs the form has made since its definition was attached.
    ///
    /// Tests and benchmarks use it to check that a change runs exactly the rules it should.
    @_spi(Diagnostics) public var ruleEvaluationCount: Int {
        read { $0.rules.evaluationCount }
    }

    /// The rules the last mutation that ran any rule ran, in the order they ran, with what each read.
    @_spi(Diagnostics) public var lastRuleRuns: [RuleRun] {
        read { state in
            state.rules.lastRuns(in: state.fields).map {
                RuleRun(rule: state.rules.rules[$0.rule].target.label, reads: $0.reads.map(RowSignalKey.readable))
            }
        }
    }

    /// The cycles found among the rules; their rules are left out, the form keeping the last values
    /// they gave.
    public var ruleCycles: [RuleCycle] {
        read { $0.rules.cycles.map(RuleCycle.init(rules:)) }
    }

    /// Why the field `key` is as it is: hidden or shown, disabled or enabled, read-only or editable,
    /// required or optional, and calculated, by which rule, and what that rule read (with the values it reads now), one line
    /// each. A field hidden by its group, or by the program, says so; a rule left out because it lies on
    /// a cycle names the cycle.
    ///
    /// ```swift
    /// print(form.explanation(for: "children"))
    /// // children: hidden by its visibility rule, which read hasChildren = false
    /// ```
    ///
    /// - Parameter key: The field.
    /// - Returns: The explanation; `key: no rule decides it` for a field no rule concerns.
    /// - Complexity: O(*r*) for the *r* keys its rules read, plus the cycles found.
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
            let keys = rules.reads(of: rule, in: graph).map { fields[$0].key }
            guard !keys.isEmpty else { return "read nothing" }
            return "read " + keys.map { key in
                key.first == RowSignalKey.marker ? RowSignalKey.readable(key) : "\(key) = \(shown(fields.value(of: key), for: key))"
            }.joined(separator: ", ")
        }
        let kinds: [(flag: FieldFlags, program: FieldFlags, off: String, on: String, rule: String, call: String)] = [
            (.ruleHidden, .hidden, "hidden", "shown", "visibility", "setVisible"),
            (.ruleDisabled, .disabled, "disabled", "enabled", "enabled", "setEnabled"),
        ]
        for kind in kinds {
            let own = rules.rule(of: slot, deciding: kind.flag)
            if flags.contains(kind.flag) {
                if let own, rules.outputs[own] == .flag(false) {
                    lines.append("\(key): \(kind.off) by its \(kind.rule) rule, which \(reads(of: own))")
                }
                for group in rules.groupRules(of: slot, deciding: kind.flag) where rules.outputs[group] == .flag(false) {
                    lines.append("\(key): \(kind.off) with its group \(rules.rules[group].target.key), whose \(kind.rule) rule \(reads(of: group))")
                }
            } else if let own, rules.outputs[own] == .flag(true), !flags.contains(kind.program) {
                lines.append("\(key): \(kind.on) by its \(kind.rule) rule, which \(reads(of: own))")
            }
            if flags.contains(kind.program) { lines.append("\(key): \(kind.off) by the program (\(kind.call))") }
        }
        if let place = repeats.placement[slot], flags.contains(.groupHidden) {
            lines.append("\(key): hidden with its repeat group \(repeats.groups[place.group].definition.key)")
        }
        if let place = repeats.placement[slot], flags.contains(.groupDisabled) {
            lines.append("\(key): disabled with its repeat group \(repeats.groups[place.group].definition.key)")
        }
        let readOnly = rules.rule(of: slot, deciding: .ruleReadOnly)
        if flags.contains(.ruleReadOnly) {
            if let readOnly, rules.outputs[readOnly] == .flag(true) {
                lines.append("\(key): read-only by its read-only rule, which \(reads(of: readOnly))")
            }
            for group in rules.groupRules(of: slot, deciding: .ruleReadOnly) where rules.outputs[group] == .flag(true) {
                lines.append("\(key): read-only with its group \(rules.rules[group].target.key), whose read-only rule \(reads(of: group))")
            }
        } else if let readOnly, rules.outputs[readOnly] == .flag(false) {
            lines.append("\(key): editable by its read-only rule, which \(reads(of: readOnly))")
        }
        if let rule = rules.rule(of: slot, deciding: .ruleRequired), let output = rules.outputs[rule] {
            let state = output == .flag(true) ? "required" : "optional"
            lines.append("\(key): \(state) by its required rule, which \(reads(of: rule))")
        }
        if let rule = rules.calculation(of: slot) {
            lines.append("\(key): calculated (= \(shown(fields[slot].value, for: key))) by its calculation, which \(reads(of: rule))")
        }
        let labels = Set(rules.rules.indices.filter { rules.rules[$0].target.key == key }.map { rules.rules[$0].target.label })
        for cycle in rules.cycles where cycle.contains(where: labels.contains) {
            lines.append("\(key): left out on the cycle \(cycle.joined(separator: " → ")), keeping its last result")
        }
        return lines.isEmpty ? "\(key): no rule decides it" : lines.joined(separator: "\n")
    }

    /// A value as an explanation shows it: masked if secret, `nil` if absent.
    private func shown(_ value: AnyHashable?, for key: String) -> String {
        SecretDisplay.text(of: value, isSecret: value != nil && fields.isSecret(key))
    }
}
