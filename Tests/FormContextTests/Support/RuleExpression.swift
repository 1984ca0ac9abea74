import TestSupport

/// A small integer expression that a generated rule computes. The live form, the server-side
/// evaluation and the test's oracle all run the same expression, each through its own reader, so
/// they can differ only in when and in which order they run the rules.
indirect enum RuleExpression: Sendable, CustomStringConvertible {
    /// A number.
    case constant(Int)
    /// The value of a field; an absent value reads as 0.
    case read(String)
    /// 1 if the field has a value, 0 if not.
    case presence(String)
    /// The sum of both.
    case sum(RuleExpression, RuleExpression)
    /// The second if the first is positive, else the third: what the expression reads depends on
    /// the branch taken.
    case choose(RuleExpression, RuleExpression, RuleExpression)
    /// The remainder of the first by a positive divisor, never negative.
    case modulo(RuleExpression, Int)

    /// The value of the expression, reading fields through `lookup`.
    func evaluate(_ lookup: (String) -> Int?) -> Int {
        switch self {
        case .constant(let value): value
        case .read(let key): lookup(key) ?? 0
        case .presence(let key): lookup(key) == nil ? 0 : 1
        case .sum(let left, let right): left.evaluate(lookup) &+ right.evaluate(lookup)
        case .choose(let condition, let then, let otherwise):
            condition.evaluate(lookup) > 0 ? then.evaluate(lookup) : otherwise.evaluate(lookup)
        case .modulo(let value, let divisor):
            ((value.evaluate(lookup) % divisor) + divisor) % divisor
        }
    }

    /// Every key the expression may read, in any branch.
    var keys: Set<String> {
        switch self {
        case .constant: []
        case .read(let key), .presence(let key): [key]
        case .sum(let left, let right): left.keys.union(right.keys)
        case .choose(let condition, let then, let otherwise): condition.keys.union(then.keys).union(otherwise.keys)
        case .modulo(let value, _): value.keys
        }
    }

    var description: String {
        switch self {
        case .constant(let value): "\(value)"
        case .read(let key): key
        case .presence(let key): "has(\(key))"
        case .sum(let left, let right): "(\(left) + \(right))"
        case .choose(let condition, let then, let otherwise): "(\(condition) > 0 ? \(then) : \(otherwise))"
        case .modulo(let value, let divisor): "(\(value) mod \(divisor))"
        }
    }

    /// A random expression reading from `keys` (a constant when there are none), at most `depth` deep.
    static func random(reading keys: [String], depth: Int, using generator: inout SplitMix64) -> RuleExpression {
        guard !keys.isEmpty else { return .constant(Int.random(in: 0...3, using: &generator)) }
        let key = keys[Int.random(in: 0..<keys.count, using: &generator)]
        guard depth > 0 else { return Bool.random(using: &generator) ? .read(key) : .presence(key) }
        switch Int.random(in: 0..<10, using: &generator) {
        case 0...2: return .read(key)
        case 3: return .presence(key)
        case 4...5:
            return .sum(random(reading: keys, depth: depth - 1, using: &generator), random(reading: keys, depth: depth - 1, using: &generator))
        case 6...7:
            return .choose(
                random(reading: keys, depth: depth - 1, using: &generator), random(reading: keys, depth: depth - 1, using: &generator),
                random(reading: keys, depth: depth - 1, using: &generator))
        default:
            return .modulo(random(reading: keys, depth: depth - 1, using: &generator), Int.random(in: 2...4, using: &generator))
        }
    }
}
