/// An XPath 1.0 expression with ODK's function library, parsed once and evaluated any number of
/// times over a data tree.
///
/// ```swift
/// let total = try XPathExpression("sum(/data/item/price) * (1 + /data/tax div 100)")
/// let value = try total.evaluate(in: tree, context: node)
/// print(value.string(in: tree))
/// ```
///
/// Parsing checks the whole expression: a syntax error, an unknown function or a wrong number of
/// arguments is an ``XPathError`` naming the position. Evaluation reads the tree only through
/// ``XPathDataTree``, so a tree that records its reads learns what the expression depends on.
public struct XPathExpression: Sendable, Equatable, CustomStringConvertible {
    /// The expression as written.
    public let source: String
    let ast: XPathAST

    /// Parses an expression.
    /// - Parameter source: The expression's text, as a bind or a body attribute holds it.
    /// - Throws: ``XPathError`` with the 1-based position of the first thing that does not fit:
    ///   `expected ')', found the end at 14 in "if(/data/a, 1"`, `unknown function 'foo' at 1 in "foo()"`.
    /// - Complexity: O(*n*) in the expression's length.
    public init(_ source: String) throws(XPathError) {
        self.source = source
        self.ast = try XPathParser.parse(source)
    }

    /// The expression as written.
    public var description: String { source }

    /// Evaluates the expression.
    /// - Parameters:
    ///   - tree: The data the expression reads.
    ///   - context: The context node: relative paths start here and `current()` returns it (for a
    ///     bind, the node it binds).
    ///   - environment: The clock, time zone and random source; the system's unless given.
    /// - Returns: The value: a string, number, boolean, date or node-set.
    /// - Throws: ``XPathError`` for what cannot be evaluated: `instance()` of an instance the tree
    ///   lacks, a date function given text that is no date, `indexed-repeat` with a repeat that does
    ///   not hold the field, a predicate applied to a number.
    public func evaluate<Tree: XPathDataTree>(
        in tree: Tree, context: Tree.Node, environment: XPathEnvironment = .system
    ) throws(XPathError) -> XPathValue<Tree.Node> {
        let evaluator = XPathEvaluator(tree: tree, environment: environment, current: context)
        do {
            return try evaluator.evaluate(ast, .init(node: context, position: 1, size: 1, inPredicate: false))
        } catch {
            throw XPathError(error.reason, at: nil, in: source)
        }
    }
}
