import Foundation
import Testing

@testable import FormContextXForms
import TestSupport

/// Random expressions over random trees, each compared with a direct Swift computation of the same
/// expression (arithmetic, comparisons, boolean logic, `if`, `count`/`sum` over rows some of which
/// are not relevant), and the reads an evaluation makes checked to be all it depends on.
@Suite struct XPathPropertyTests {
    typealias E = MemoryTree.Element

    /// A leaf's content as the oracle sees it: blank or a number.
    enum Atom {
        case blank
        case number(Double)
        var number: Double { if case .number(let n) = self { n } else { .nan } }
    }

    /// The random data: five number leaves `n0…n4` (some blank) and rows `row/v`, some not relevant.
    struct World {
        var leaves: [Atom]
        var rows: [(value: Atom, relevant: Bool)]

        init(_ random: inout SplitMix64) {
            func atom() -> Atom {
                switch Int.random(in: 0..<6, using: &random) {
                case 0: .blank
                case 1: .number(Double(Int.random(in: -3...3, using: &random)) + 0.25)
                default: .number(Double(Int.random(in: -20...20, using: &random)))
                }
            }
            leaves = (0..<5).map { _ in atom() }
            rows = (0..<Int.random(in: 0...5, using: &random)).map { _ in (atom(), Bool.random(using: &random)) }
        }

        static func text(_ atom: Atom) -> String {
            if case .number(let n) = atom { XPathNumber.string(n) } else { "" }
        }

        func tree() -> MemoryTree {
            let leaves = self.leaves.enumerated().map { E("n\($0.offset)", Self.text($0.element), type: .number) }
            let rows = self.rows.map { E("row", relevant: $0.relevant, [E("v", Self.text($0.value), type: .number)]) }
            return MemoryTree(E("data", leaves + rows))
        }
    }

    /// A number expression's source and its value by the oracle.
    struct Numeric {
        var source: String
        var value: Double
        /// The operand as a comparison sees it: a path to one leaf keeps its blank.
        var atom: Atom?
    }

    struct Generator {
        var random: SplitMix64
        let world: World

        mutating func literal() -> Numeric {
            let whole = Int.random(in: 0...30, using: &random)
            let quarter = Int.random(in: 0...3, using: &random)
            let value = Double(whole) + Double(quarter) * 0.25
            let source = quarter == 0 ? "\(whole)" : "\(whole).\(quarter * 25)"
            return Numeric(source: source, value: value)
        }

        mutating func numeric(depth: Int) -> Numeric {
            let choice = depth <= 0 ? Int.random(in: 0...1, using: &random) : Int.random(in: 0...9, using: &random)
            switch choice {
            case 0: return literal()
            case 1:
                let i = Int.random(in: 0..<5, using: &random)
                return Numeric(source: "/data/n\(i)", value: world.leaves[i].number, atom: world.leaves[i])
            case 2, 3:
                let a = numeric(depth: depth - 1)
                let b = numeric(depth: depth - 1)
                let (op, value): (String, Double) =
                    switch Int.random(in: 0...4, using: &random) {
                    case 0: ("+", a.value + b.value)
                    case 1: ("-", a.value - b.value)
                    case 2: ("*", a.value * b.value)
                    case 3: ("div", a.value / b.value)
                    default: ("mod", a.value.truncatingRemainder(dividingBy: b.value))
                    }
                return Numeric(source: "(\(a.source) \(op) \(b.source))", value: value)
            case 4:
                let a = numeric(depth: depth - 1)
                return Numeric(source: "-\(a.source)", value: -a.value)
            case 5:
                let a = numeric(depth: depth - 1)
                let (name, value): (String, Double) =
                    switch Int.random(in: 0...4, using: &random) {
                    case 0: ("abs", Swift.abs(a.value))
                    case 1: ("int", a.value.isFinite ? a.value.rounded(.towardZero) : a.value)
                    case 2: ("floor", a.value.rounded(.down))
                    case 3: ("ceiling", a.value.rounded(.up))
                    default: ("round", a.value.isFinite ? (a.value + 0.5).rounded(.down) : a.value)
                    }
                return Numeric(source: "\(name)(\(a.source))", value: value)
            case 6:
                let condition = boolean(depth: depth - 1)
                let a = numeric(depth: depth - 1)
                let b = numeric(depth: depth - 1)
                return Numeric(source: "if(\(condition.source), \(a.source), \(b.source))", value: condition.value ? a.value : b.value)
            case 7:
                let relevant = world.rows.filter(\.relevant)
                return Numeric(source: "count(/data/row)", value: Double(relevant.count))
            case 8:
                let relevant = world.rows.filter(\.relevant).map(\.value.number).filter { !$0.isNaN }
                return Numeric(source: "sum(/data/row/v)", value: relevant.reduce(0, +))
            default:
                let relevant = world.rows.enumerated().filter(\.element.relevant)
                let position = Int.random(in: 1...3, using: &random)
                let value = position <= relevant.count ? relevant[position - 1].element.value.number : .nan
                return Numeric(source: "number(/data/row[\(position)]/v)", value: value)
            }
        }

        /// A comparison of two single values as JavaRosa compares them: a blank leaf against a number
        /// is `NaN` (never equal), two blanks are equal text.
        static func compare(_ op: String, _ a: Numeric, _ b: Numeric) -> Bool {
            if op == "=" || op == "!=" {
                var equal: Bool
                if case .blank? = a.atom, case .blank? = b.atom { equal = true } else { equal = a.value == b.value }
                return op == "=" ? equal : !equal
            }
            switch op {
            case "<": return a.value < b.value
            case "<=": return a.value <= b.value
            case ">": return a.value > b.value
            default: return a.value >= b.value
            }
        }

        mutating func boolean(depth: Int) -> (source: String, value: Bool) {
            let choice = depth <= 0 ? 0 : Int.random(in: 0...5, using: &random)
            switch choice {
            case 0, 1:
                let a = numeric(depth: depth - 1)
                let b = numeric(depth: depth - 1)
                let op = ["=", "!=", "<", "<=", ">", ">="].randomElement(using: &random)!
                return ("\(a.source) \(op) \(b.source)", Self.compare(op, a, b))
            case 2:
                let a = boolean(depth: depth - 1)
                let b = boolean(depth: depth - 1)
                return ("(\(a.source) and \(b.source))", a.value && b.value)
            case 3:
                let a = boolean(depth: depth - 1)
                let b = boolean(depth: depth - 1)
                return ("(\(a.source) or \(b.source))", a.value || b.value)
            case 4:
                let a = boolean(depth: depth - 1)
                return ("not(\(a.source))", !a.value)
            default:
                let value = Bool.random(using: &random)
                return (value ? "true()" : "false()", value)
            }
        }
    }

    static func same(_ a: Double, _ b: Double) -> Bool { a == b || a.isNaN && b.isNaN }

    @Test(arguments: 0..<40)
    func expressionsAgreeWithADirectComputation(seed: UInt64) throws {
        var random = SplitMix64(seed: seed)
        let world = World(&random)
        let tree = world.tree()
        var generator = Generator(random: random, world: world)
        for _ in 0..<25 {
            let numeric = generator.numeric(depth: 4)
            let found = try XPathExpression(numeric.source).evaluate(in: tree, context: tree.node("data"))
            #expect(Self.same(found.number(in: tree), numeric.value), "seed \(seed): \(numeric.source)")
            let boolean = generator.boolean(depth: 4)
            let truth = try XPathExpression(boolean.source).evaluate(in: tree, context: tree.node("data"))
            #expect(truth == .boolean(boolean.value), "seed \(seed): \(boolean.source)")
        }
    }

    /// What an evaluation read is all its result depends on: changing any leaf it did not read
    /// (its value, or the relevance of a row none of whose reads it made) leaves the result as it was,
    /// so a tree that records these reads re-evaluates an expression exactly when it must.
    @Test(arguments: 0..<30)
    func theReadsAreAllAResultDependsOn(seed: UInt64) throws {
        var random = SplitMix64(seed: seed &+ 1_000)
        let world = World(&random)
        var generator = Generator(random: random, world: world)
        for _ in 0..<10 {
            let source = Bool.random(using: &generator.random)
                ? generator.numeric(depth: 3).source : generator.boolean(depth: 3).source
            let tree = world.tree()
            let expression = try XPathExpression(source)
            tree.reads = []
            let before = try expression.evaluate(in: tree, context: tree.node("data"))
            let reads = Set(tree.reads)
            // Change every node whose value or relevance was not read, then evaluate again.
            for node in tree.entries.indices where tree.entries[node].parent != nil {
                let path = tree.path(node)
                if !reads.contains(.value(path)) { tree.set(node, value: "99") }
                let isRow = tree.name(of: node) == "row"
                if isRow, !reads.contains(.relevance(path)), !reads.contains(.relevance(path + "/v")) {
                    tree.set(node, relevant: !tree.entries[node].ownRelevance)
                }
            }
            let rowsWereListed = reads.contains(.children("/data", named: "row"))
            if !rowsWereListed {
                tree.add(E("row", [E("v", "5", type: .number)]), under: tree.node("data"))
            }
            let after = try expression.evaluate(in: tree, context: tree.node("data"))
            #expect(
                Self.same(before.number(in: tree), after.number(in: tree)) && before.boolean(in: tree) == after.boolean(in: tree),
                "seed \(seed): \(source)")
        }
    }
}
