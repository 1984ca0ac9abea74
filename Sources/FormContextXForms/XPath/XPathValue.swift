public import Foundation

/// What an XPath expression evaluates to: one of XPath 1.0's four types, or a date (what ODK's
/// date functions return, and what a `date`/`dateTime` node reads as).
public enum XPathValue<Node: Hashable> {
    /// Text.
    case string(String)
    /// An IEEE double, as XPath numbers are.
    case number(Double)
    /// A truth value.
    case boolean(Bool)
    /// An instant; a date without a time is midnight in the evaluation's time zone.
    case date(Date)
    /// Nodes of a data tree, in document order, each once.
    case nodes([Node])
}

extension XPathValue: Equatable {}
extension XPathValue: Sendable where Node: Sendable {}

extension XPathValue {
    /// The value as text, by XPath's `string()`: a node-set's first node's value by its data type (a
    /// `dateTime` node as its date, a `decimal` node holding `2.50` as `2.5`), a number as
    /// JavaRosa writes it (`4`, `0.5`, `1.0E-4`, `Infinity`, `NaN`), a boolean as `true`/`false`, a
    /// date as `yyyy-MM-dd`.
    /// - Parameters:
    ///   - tree: The tree the nodes belong to.
    ///   - environment: Gives the time zone dates are written in.
    /// - Returns: The text.
    public func string<Tree: XPathDataTree>(in tree: Tree, environment: XPathEnvironment = .system) -> String
    where Tree.Node == Node {
        XPathConversions(tree: tree, environment: environment).string(self)
    }

    /// The value as a number, by XPath's `number()` extended as ODK does: a date is its days since
    /// 1970-01-01; text that is not a plain decimal (`1e3`, `+5`, blank) is `NaN`.
    /// - Parameters:
    ///   - tree: The tree the nodes belong to.
    ///   - environment: Gives the time zone dates count days in.
    /// - Returns: The number.
    public func number<Tree: XPathDataTree>(in tree: Tree, environment: XPathEnvironment = .system) -> Double
    where Tree.Node == Node {
        XPathConversions(tree: tree, environment: environment).number(self)
    }

    /// The value as a boolean, by XPath's `boolean()` as JavaRosa applies it: one node converts by
    /// its data type (an `int` node holding `0` is false), several nodes are true, none false.
    /// - Parameter tree: The tree the nodes belong to.
    /// - Returns: The truth value.
    public func boolean<Tree: XPathDataTree>(in tree: Tree) -> Bool where Tree.Node == Node {
        XPathConversions(tree: tree, environment: .system).boolean(self)
    }
}

/// XPath's conversions between its types, over one tree.
struct XPathConversions<Tree: XPathDataTree> {
    typealias Value = XPathValue<Tree.Node>
    let tree: Tree
    let environment: XPathEnvironment

    /// One node's value by its data type, as JavaRosa unpacks a node: a blank node is empty text.
    func typed(_ node: Tree.Node) -> Value {
        let text = tree.value(of: node)
        guard !text.isEmpty else { return .string("") }
        switch tree.dataType(of: node) {
        case .string: return .string(text)
        case .number:
            let number = XPathNumber.parse(text)
            return number.isNaN ? .string(text) : .number(number)
        case .boolean: return .boolean(text == "true" || text == "1")
        case .date: return XPathDates.parse(text, in: environment.timeZone).map(Value.date) ?? .string(text)
        }
    }

    func string(_ value: Value) -> String {
        switch value {
        case .string(let s): s
        case .number(let n): XPathNumber.string(n)
        case .boolean(let b): b ? "true" : "false"
        case .date(let d): XPathDates.dateString(d, in: environment.timeZone)
        case .nodes(let nodes): nodes.first.map { string(typed($0)) } ?? ""
        }
    }

    func number(_ value: Value) -> Double {
        switch value {
        case .string(let s): XPathNumber.parse(s)
        case .number(let n): n
        case .boolean(let b): b ? 1 : 0
        case .date(let d): XPathDates.days(d, in: environment.timeZone)
        case .nodes(let nodes): nodes.first.map { number(typed($0)) } ?? .nan
        }
    }

    func boolean(_ value: Value) -> Bool {
        switch value {
        case .string(let s): !s.isEmpty
        case .number(let n): n != 0 && !n.isNaN
        case .boolean(let b): b
        case .date: true
        case .nodes(let nodes): nodes.count > 1 || nodes.first.map { boolean(typed($0)) } ?? false
        }
    }

    /// The values a comparison compares: each node's typed value, or empty text for no node (JavaRosa
    /// compares a missing or non-relevant node as blank: `/data/gone = ''` holds).
    func atoms(_ value: Value) -> [Value] {
        guard case .nodes(let nodes) = value else { return [value] }
        return nodes.isEmpty ? [.string("")] : nodes.map(typed)
    }

    /// One comparison of two single values, by XPath 1.0's rules as JavaRosa applies them: a boolean on
    /// either side compares booleans, else a number compares numbers, else text; `<`, `>` compare
    /// numbers (a date counts its days).
    func compare(_ op: XPathOperator, _ a: Value, _ b: Value) -> Bool {
        switch op {
        case .equal, .notEqual:
            let equal: Bool
            switch (a, b) {
            case (.boolean, _), (_, .boolean): equal = boolean(a) == boolean(b)
            case (.number, _), (_, .number): equal = number(a) == number(b)
            default: equal = string(a) == string(b)
            }
            return op == .equal ? equal : !equal
        case .less: return number(a) < number(b)
        case .lessOrEqual: return number(a) <= number(b)
        case .greater: return number(a) > number(b)
        default: return number(a) >= number(b)
        }
    }
}
