extension RuleState {
    /// A rule for each field slot, or none: an array indexed by slot, so that finding the rule of a
    /// field (which the rule engine does for every rule it carries out) hashes nothing.
    struct SlotMap: Sendable {
        /// The rule of each slot, -1 for none; slots past the end have none.
        private var rules: [Int32] = []

        /// The rule of `slot`, or `nil`; setting `nil` takes it away.
        subscript(slot: Int) -> Int? {
            @inline(__always) get {
                guard slot < rules.count else { return nil }
                let rule = rules[slot]
                return rule >= 0 ? Int(rule) : nil
            }
            set {
                guard let newValue else {
                    if slot < rules.count { rules[slot] = -1 }
                    return
                }
                if slot >= rules.count { rules.append(contentsOf: repeatElement(-1, count: slot - rules.count + 1)) }
                rules[slot] = Int32(truncatingIfNeeded: newValue)
            }
        }
    }

    /// Whether `rule` last decided the flag `value` (and not the other, nor nothing yet).
    @inline(__always)
    func decided(_ value: Bool, by rule: Int) -> Bool {
        guard case .flag(let flag)? = outputs[rule] else { return false }
        return flag == value
    }

    /// Whether `output` differs from what `rule` last decided, or the rule has decided nothing yet.
    func differs(_ output: CompiledRule.Output, fromLastOf rule: Int) -> Bool {
        switch output {
        case .flag(let flag):
            guard case .flag(let old)? = outputs[rule] else { return true }
            return old != flag
        case .value(let value):
            guard case .value(let old)? = outputs[rule] else { return true }
            return !old.isSame(as: value)
        }
    }
}
