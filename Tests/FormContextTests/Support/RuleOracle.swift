import FormContext

/// The simplest correct rule engine: after every mutation it runs every rule of a ``RandomRuleForm``,
/// in definition order, again and again until a whole pass changes nothing. No dependency tracking,
/// no ordering, no incrementality: what it settles on is what the rules say the form should be.
///
/// A calculation does not see hidden fields (by a rule or by the program); visibility, enabled and
/// required rules see every value. With hidden values cleared, a field the rules hide in a mutation
/// (it was shown before) loses its value, and a calculated field the rules hide holds none.
struct RuleOracle {
    /// One rule, in the order the definition lists them: fields' calculation, visibility, enabled and
    /// required rules in field order, then the groups' visibility and enabled rules.
    struct Rule {
        enum Kind {
            case value(String), visible(String), enabled(String), required(String), groupVisible(String), groupEnabled(String)
        }
        let kind: Kind
        let expression: RuleExpression
        let threshold: Int

        /// The key, or group prefix, the rule decides about.
        var target: String {
            switch kind {
            case .value(let key), .visible(let key), .enabled(let key), .required(let key), .groupVisible(let key),
                .groupEnabled(let key):
                key
            }
        }

        /// The rule's name as the live form gives it in ``RuleRun/rule``.
        var label: String {
            switch kind {
            case .value(let key): key
            case .visible(let key): "\(key) (visible)"
            case .enabled(let key): "\(key) (enabled)"
            case .required(let key): "\(key) (required)"
            case .groupVisible(let prefix): "\(prefix).* (visible)"
            case .groupEnabled(let prefix): "\(prefix).* (enabled)"
            }
        }

        /// Whether the rule is a calculation.
        var isCalculation: Bool {
            if case .value = kind { return true }
            return false
        }
    }

    let form: RandomRuleForm
    let rules: [Rule]
    let keys: [String]
    var values: [String: Int] = [:]
    /// What each flag rule last decided; `nil` before its first run (which decides nothing).
    var decisions: [Bool?]
    /// What each rule read on its last run.
    var reads: [Set<String>]
    var programHidden: Set<String> = []
    var programDisabled: Set<String> = []
    /// The values every field started with, after the rules ran once.
    var initial: [String: Int] = [:]

    init(_ form: RandomRuleForm) {
        self.form = form
        keys = form.fields.map(\.key)
        var rules: [Rule] = []
        for field in form.fields {
            if let calculation = field.calculation { rules.append(Rule(kind: .value(field.key), expression: calculation, threshold: 0)) }
            if let visible = field.visible { rules.append(Rule(kind: .visible(field.key), expression: visible.expression, threshold: visible.threshold)) }
            if let enabled = field.enabled { rules.append(Rule(kind: .enabled(field.key), expression: enabled.expression, threshold: enabled.threshold)) }
            if let required = field.required {
                rules.append(Rule(kind: .required(field.key), expression: required.expression, threshold: required.threshold))
            }
        }
        for group in form.groups {
            if let visible = group.visible {
                rules.append(Rule(kind: .groupVisible(group.prefix), expression: visible.expression, threshold: visible.threshold))
            }
            if let enabled = group.enabled {
                rules.append(Rule(kind: .groupEnabled(group.prefix), expression: enabled.expression, threshold: enabled.threshold))
            }
        }
        self.rules = rules
        decisions = Array(repeating: nil, count: rules.count)
        reads = Array(repeating: [], count: rules.count)
        for field in form.fields { values[field.key] = field.defaultValue }
    }

    /// Whether `key` lies under the group `prefix`.
    static func isMember(_ key: String, of prefix: String) -> Bool {
        key.hasPrefix(prefix + ".")
    }

    /// The fields a rule decides against: for `isHidden`, those the visibility rules hide; otherwise
    /// those the enabled rules disable.
    func decided(hidden isHidden: Bool) -> Set<String> {
        var result: Set<String> = []
        for (index, rule) in rules.enumerated() where decisions[index] == false {
            switch (rule.kind, isHidden) {
            case (.visible(let key), true), (.enabled(let key), false): result.insert(key)
            case (.groupVisible(let prefix), true), (.groupEnabled(let prefix), false):
                result.formUnion(keys.filter { Self.isMember($0, of: prefix) })
            default: break
            }
        }
        return result
    }

    /// The groups of the form that a group's rule decides against (for `isHidden`, hides; otherwise
    /// disables): its own, or that of a group around it.
    func groupsDecidedAgainst(hidden isHidden: Bool) -> Set<String> {
        var result: Set<String> = []
        for (index, rule) in rules.enumerated() where decisions[index] == false {
            switch (rule.kind, isHidden) {
            case (.groupVisible(let prefix), true), (.groupEnabled(let prefix), false):
                for group in form.groups where group.prefix == prefix || Self.isMember(group.prefix, of: prefix) {
                    result.insert(group.prefix)
                }
            default: break
            }
        }
        return result
    }

    /// The fields the rules hide.
    var ruleHidden: Set<String> { decided(hidden: true) }
    /// The fields the rules disable.
    var ruleDisabled: Set<String> { decided(hidden: false) }
    /// The fields whose required rule holds.
    var required: Set<String> {
        Set(rules.indices.compactMap { index in
            if case .required(let key) = rules[index].kind, decisions[index] == true { return key }
            return nil
        })
    }
    /// The fields hidden by a rule or by the program.
    var concealed: Set<String> { ruleHidden.union(programHidden) }

    /// Runs every rule until nothing changes, starting from a mutation made when `concealedBefore`
    /// were hidden.
    ///
    /// Every pass starts again from the values the mutation wrote: a field that a rule hides only
    /// along the way, before the rules it depends on have settled, keeps its value.
    ///
    /// - Returns: `false` if the rules do not settle within a generous number of passes.
    mutating func settle(concealedBefore: Set<String>) -> Bool {
        let isCleared = form.hiddenValues == .cleared
        let calculatedKeys = Set(rules.filter(\.isCalculation).map(\.target))
        // What the fields hold given what the rules decide now: with hidden values cleared, a field
        // the rules hide holds nothing if it was shown before the mutation, or if it is calculated.
        func effective(_ current: [String: Int]) -> [String: Int] {
            guard isCleared else { return current }
            var result = current
            for key in ruleHidden
            where calculatedKeys.contains(key) || (!concealedBefore.contains(key) && !programHidden.contains(key)) {
                result[key] = nil
            }
            return result
        }
        var current = values
        for _ in 0..<(4 * rules.count + 8) {
            var changed = false
            let seen = effective(current)
            let hidden = concealed
            for (index, rule) in rules.enumerated() {
                var read: Set<String> = []
                if rule.isCalculation {
                    var result = RandomRuleForm.calculated(rule.expression.evaluate { key in
                        read.insert(key)
                        return hidden.contains(key) ? nil : seen[key]
                    })
                    if isCleared && ruleHidden.contains(rule.target) { result = nil }
                    if current[rule.target] != result {
                        current[rule.target] = result
                        changed = true
                    }
                } else {
                    let holds = rule.expression.evaluate { key in
                        read.insert(key)
                        return seen[key]
                    } > rule.threshold
                    if decisions[index] != holds {
                        decisions[index] = holds
                        changed = true
                    }
                }
                reads[index] = read
            }
            if !changed {
                values = effective(current)
                return true
            }
        }
        return false
    }
}
