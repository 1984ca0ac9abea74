import Foundation

/// Evaluates a parsed expression over a data tree. Every read of the tree goes through
/// ``XPathDataTree``, so a tree that records its reads learns the expression's dependencies.
struct XPathEvaluator<Tree: XPathDataTree> {
    typealias Node = Tree.Node
    typealias Value = XPathValue<Node>
    typealias Failure = XPathEvaluationFailure

    /// Where an (sub)expression is evaluated: the context node, and its position and the size of its
    /// node-set inside a predicate.
    struct Context {
        var node: Node
        var position: Int
        var size: Int
        var inPredicate: Bool
    }

    let tree: Tree
    let environment: XPathEnvironment
    /// The node `current()` returns: the context node of the whole expression.
    let current: Node
    let conversions: XPathConversions<Tree>

    init(tree: Tree, environment: XPathEnvironment, current: Node) {
        self.tree = tree
        self.environment = environment
        self.current = current
        self.conversions = XPathConversions(tree: tree, environment: environment)
    }

    func string(_ value: Value) -> String { conversions.string(value) }
    func number(_ value: Value) -> Double { conversions.number(value) }
    func boolean(_ value: Value) -> Bool { conversions.boolean(value) }

    func evaluate(_ ast: XPathAST, _ context: Context) throws(Failure) -> Value {
        switch ast {
        case .literal(let text): return .string(text)
        case .number(let n): return .number(n)
        case .negate(let operand): return .number(-number(try evaluate(operand, context)))
        case .path(let path):
            let start: [Node]
            if path.isAbsolute {
                guard let document = tree.document(nil) else { throw Failure("the form has no primary instance") }
                start = [document]
            } else {
                start = [context.node]
            }
            return .nodes(try select(path.steps, from: start))
        case .filter(let primary, let predicates, let steps):
            guard case .nodes(var nodes) = try evaluate(primary, context) else {
                throw Failure("a predicate or a path step needs a node-set, found \(Self.describe(try evaluate(primary, context)))")
            }
            for predicate in predicates { nodes = try filter(nodes, by: predicate) }
            return .nodes(try select(steps, from: nodes))
        case .binary(let op, let left, let right):
            return try binary(op, left, right, context)
        case .call(let function, let arguments):
            return try call(function, arguments, context)
        }
    }

    static func describe(_ value: Value) -> String {
        switch value {
        case .string: "a string"
        case .number: "a number"
        case .boolean: "a boolean"
        case .date: "a date"
        case .nodes: "a node-set"
        }
    }

    private func binary(_ op: XPathOperator, _ left: XPathAST, _ right: XPathAST, _ context: Context) throws(Failure) -> Value {
        switch op {
        case .or:
            if boolean(try evaluate(left, context)) { return .boolean(true) }
            return .boolean(boolean(try evaluate(right, context)))
        case .and:
            if !boolean(try evaluate(left, context)) { return .boolean(false) }
            return .boolean(boolean(try evaluate(right, context)))
        case .union:
            guard case .nodes(let a) = try evaluate(left, context), case .nodes(let b) = try evaluate(right, context) else {
                throw Failure("'|' joins node-sets only")
            }
            return .nodes(documentOrder(unique(a + b)))
        case .plus, .minus, .times, .div, .mod:
            let a = number(try evaluate(left, context))
            return .number(op.arithmetic(a, number(try evaluate(right, context))))
        case .equal, .notEqual, .less, .lessOrEqual, .greater, .greaterOrEqual:
            let a = conversions.atoms(try evaluate(left, context))
            let b = conversions.atoms(try evaluate(right, context))
            return .boolean(a.contains { x in b.contains { y in compare(op, x, y) } })
        }
    }

    /// One comparison of two single values (see ``XPathConversions/compare(_:_:_:)``).
    func compare(_ op: XPathOperator, _ a: Value, _ b: Value) -> Bool { conversions.compare(op, a, b) }
}
