/// One rule of a definition, as the rule engine runs it: what it decides, and how.
struct CompiledRule: Sendable {
    /// What a rule decides.
    enum Target: Hashable, Sendable {
        /// Whether the field `key` is shown.
        case visible(String)
        /// Whether the field `key` can be edited.
        case enabled(String)
        /// Whether the field `key` must have a value.
        case required(String)
        /// Whether the field `key` is read-only.
        case readOnly(String)
        /// The value of the field `key`.
        case value(String)
        /// Whether the fields under the prefix are shown.
        case groupVisible(String)
        /// Whether the fields under the prefix can be edited.
        case groupEnabled(String)
        /// Whether the fields under the prefix are read-only.
        case groupReadOnly(String)
        /// How many rows the repeat group `key` has.
        case rowCount(String)

        /// The key (or group prefix) the rule decides about.
        var key: String {
            switch self {
            case .visible(let key), .enabled(let key), .required(let key), .readOnly(let key), .value(let key),
                .groupVisible(let key), .groupEnabled(let key), .groupReadOnly(let key), .rowCount(let key):
                key
            }
        }

        /// How the rule is named in explanations and cycle reports: the key, with what it decides
        /// unless it decides the key's value.
        var label: String {
            switch self {
            case .value(let key): key
            case .visible(let key): "\(key) (visible)"
            case .enabled(let key): "\(key) (enabled)"
            case .required(let key): "\(key) (required)"
            case .readOnly(let key): "\(key) (read-only)"
            case .groupVisible(let prefix): "\(prefix).* (visible)"
            case .groupEnabled(let prefix): "\(prefix).* (enabled)"
            case .groupReadOnly(let prefix): "\(prefix).* (read-only)"
            case .rowCount(let key): "\(key) (count)"
            }
        }
    }

    /// What a rule computed.
    enum Output: Sendable, Equatable {
        case flag(Bool)
        case value(StoredValue)

        static func == (lhs: Output, rhs: Output) -> Bool {
            switch (lhs, rhs) {
            case (.flag(let a), .flag(let b)): a == b
            case (.value(let a), .value(let b)): a.isSame(as: b)
            default: false
            }
        }
    }

    /// How a rule computes its result, in an object of its own.
    ///
    /// Its subclasses hold the closure in a `let`, which a call borrows: a closure kept in a value
    /// (an enum's payload, a struct's field) is copied out, and so retained, before the call. One
    /// subclass per result rather than one generic class: a generic class keeps its closure behind a
    /// reabstraction thunk, which every call would go through.
    class Evaluator: @unchecked Sendable {
        // `@unchecked Sendable` is sound: the subclasses hold one `let` closure each, itself `Sendable`.

        /// Made only as one of the subclasses.
        fileprivate init() {}

        /// Runs the rule over `values`; each subclass runs its closure.
        func evaluate(_ values: FormValues) -> Output { .flag(false) }
    }

    /// A visibility, enabled, required or read-only condition.
    final class FlagEvaluator: Evaluator, @unchecked Sendable {
        // `@unchecked Sendable` is sound: one `let` closure, itself `Sendable`, and no other state.
        let condition: @Sendable (FormValues) -> Bool
        init(_ condition: @escaping @Sendable (FormValues) -> Bool) {
            self.condition = condition
            super.init()
        }
        override func evaluate(_ values: FormValues) -> Output { .flag(condition(values)) }
    }

    /// A calculation.
    final class ValueEvaluator: Evaluator, @unchecked Sendable {
        // `@unchecked Sendable` is sound: one `let` closure, itself `Sendable`, and no other state.
        let calculation: @Sendable (FormValues) -> StoredValue
        init(_ calculation: @escaping @Sendable (FormValues) -> StoredValue) {
            self.calculation = calculation
            super.init()
        }
        override func evaluate(_ values: FormValues) -> Output { .value(calculation(values)) }
    }

    let target: Target
    /// The fields the rule cannot see: a calculation does not see hidden fields; the others see all.
    let excluded: FieldFlags
    let evaluator: Evaluator
}

extension FormDefinition {
    /// The rules of `fields` and `groups`, in definition order, groups last.
    static func compileRules(_ fields: [FieldDefinition], groups: [FieldGroup]) -> [CompiledRule] {
        var rules: [CompiledRule] = []
        for position in fields.indices {
            // Most fields have no rules: skip them without copying them.
            guard let extras = fields[position].extras else { continue }
            let key = fields[position].key
            let conditions = extras.conditions
            if let calculation = conditions.calculation {
                rules.append(CompiledRule(target: .value(key), excluded: .concealed, evaluator: CompiledRule.ValueEvaluator(calculation)))
            }
            if let visible = conditions.visible {
                rules.append(CompiledRule(target: .visible(key), excluded: [], evaluator: CompiledRule.FlagEvaluator(visible)))
            }
            if let enabled = conditions.enabled {
                rules.append(CompiledRule(target: .enabled(key), excluded: [], evaluator: CompiledRule.FlagEvaluator(enabled)))
            }
            if let required = conditions.required {
                rules.append(CompiledRule(target: .required(key), excluded: [], evaluator: CompiledRule.FlagEvaluator(required)))
            }
            if let readOnly = conditions.readOnly {
                rules.append(CompiledRule(target: .readOnly(key), excluded: [], evaluator: CompiledRule.FlagEvaluator(readOnly)))
            }
            if let group = extras.repeatGroup {
                // A repeat group's visibility, enabled and read-only state cascade to its rows' fields.
                if let visible = conditions.visible {
                    rules.append(CompiledRule(target: .groupVisible(key), excluded: [], evaluator: CompiledRule.FlagEvaluator(visible)))
                }
                if let enabled = conditions.enabled {
                    rules.append(CompiledRule(target: .groupEnabled(key), excluded: [], evaluator: CompiledRule.FlagEvaluator(enabled)))
                }
                if let readOnly = conditions.readOnly {
                    rules.append(CompiledRule(target: .groupReadOnly(key), excluded: [], evaluator: CompiledRule.FlagEvaluator(readOnly)))
                }
                if let count = group.countRule {
                    rules.append(CompiledRule(target: .rowCount(key), excluded: .concealed, evaluator: CompiledRule.ValueEvaluator { values in
                        count(values).map { StoredValue($0) } ?? .absent
                    }))
                }
            }
        }
        for group in groups {
            if let visible = group.visible {
                rules.append(CompiledRule(target: .groupVisible(group.scope.prefix), excluded: [], evaluator: CompiledRule.FlagEvaluator(visible)))
            }
            if let enabled = group.enabled {
                rules.append(CompiledRule(target: .groupEnabled(group.scope.prefix), excluded: [], evaluator: CompiledRule.FlagEvaluator(enabled)))
            }
            if let readOnly = group.readOnly {
                rules.append(CompiledRule(target: .groupReadOnly(group.scope.prefix), excluded: [], evaluator: CompiledRule.FlagEvaluator(readOnly)))
            }
        }
        return rules
    }
}
