/// What each rule last decided, kept as two columns (a kind per rule, and the value of each
/// calculation) so that comparing a new result with the last one reads both in place, copying no box.
struct RuleOutputs: Sendable {
    /// Per rule: ``none``, ``off``, ``on`` or ``value``.
    private var kinds: [Int8] = []
    /// Per rule: the value a calculation last gave, absent for every other rule.
    private var values: [StoredValue] = []

    private static let none: Int8 = -1, off: Int8 = 0, on: Int8 = 1, value: Int8 = 2

    /// The kind recording the flag `flag`.
    @inline(__always)
    private static func kind(_ flag: Bool) -> Int8 { flag ? on : off }

    /// Outputs for `count` rules that have decided nothing yet.
    init(count: Int = 0) {
        kinds = Array(repeating: Self.none, count: count)
        values = Array(repeating: .absent, count: count)
    }

    /// What `rule` last decided, `nil` before its first run; setting `nil` forgets it.
    subscript(rule: Int) -> CompiledRule.Output? {
        get {
            switch kinds[rule] {
            case Self.off: .flag(false)
            case Self.on: .flag(true)
            case Self.value: .value(values[rule])
            default: nil
            }
        }
        set {
            switch newValue {
            case nil:
                if kinds[rule] == Self.value { values[rule] = .absent }
                kinds[rule] = Self.none
            case let output?:
                record(output, of: rule)
            }
        }
    }

    /// Records that `rule` decided `output`.
    @inline(__always)
    mutating func record(_ output: CompiledRule.Output, of rule: Int) {
        switch output {
        case .flag(let flag):
            if kinds[rule] == Self.value { values[rule] = .absent }
            kinds[rule] = Self.kind(flag)
        case .value(let value):
            kinds[rule] = Self.value
            values[rule] = value
        }
    }

    /// Makes room for one more rule, which has decided nothing yet.
    mutating func append() {
        kinds.append(Self.none)
        values.append(.absent)
    }

    /// Whether `rule` last decided the flag `flag` (and not the other, nor nothing yet).
    @inline(__always)
    func decided(_ flag: Bool, by rule: Int) -> Bool {
        kinds[rule] == Self.kind(flag)
    }

    /// Whether `output` differs from what `rule` last decided, or the rule has decided nothing yet.
    @inline(__always)
    func differs(_ output: CompiledRule.Output, fromLastOf rule: Int) -> Bool {
        switch output {
        case .flag(let flag): kinds[rule] != Self.kind(flag)
        case .value(let value): kinds[rule] != Self.value || !values[rule].isSame(as: value)
        }
    }
}

extension RuleState {
    /// Whether `rule` last decided the flag `value` (and not the other, nor nothing yet).
    @inline(__always)
    func decided(_ value: Bool, by rule: Int) -> Bool {
        outputs.decided(value, by: rule)
    }

    /// Whether `output` differs from what `rule` last decided, or the rule has decided nothing yet.
    @inline(__always)
    func differs(_ output: CompiledRule.Output, fromLastOf rule: Int) -> Bool {
        outputs.differs(output, fromLastOf: rule)
    }
}
