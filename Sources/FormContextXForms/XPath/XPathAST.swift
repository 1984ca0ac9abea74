/// An XPath expression parsed once into a tree, evaluated many times.
indirect enum XPathAST: Sendable, Equatable {
    case literal(String)
    case number(Double)
    /// A location path: absolute (`/data/a`), relative (`../a`, `.`), with steps and predicates.
    case path(XPathLocationPath)
    /// A primary expression (a function call, a parenthesized expression) with predicates and an
    /// optional path after it: `instance('c')/root/item[2]`, `(/a | /b)[1]`.
    case filter(XPathAST, predicates: [XPathAST], then: [XPathStep])
    case binary(XPathOperator, XPathAST, XPathAST)
    case negate(XPathAST)
    /// A function call, its name as written (`jr:choice-name`) resolved to an entry of the library.
    case call(XPathFunction, [XPathAST])
}

/// A binary operator, in XPath 1.0's precedence groups.
enum XPathOperator: String, Sendable, Equatable {
    case or, and
    case equal = "=", notEqual = "!="
    case less = "<", lessOrEqual = "<=", greater = ">", greaterOrEqual = ">="
    case plus = "+", minus = "-"
    case times = "*", div, mod
    case union = "|"

    /// The result of an arithmetic operator (`+`, `-`, `*`, `div`, `mod`) on two numbers, as XPath
    /// 1.0 computes it in IEEE 754 doubles (`mod` truncates, as Java's `%` does).
    func arithmetic(_ a: Double, _ b: Double) -> Double {
        switch self {
        case .plus: a + b
        case .minus: a - b
        case .times: a * b
        case .div: a / b
        default: a.truncatingRemainder(dividingBy: b)
        }
    }
}

/// A location path: `isAbsolute` when it starts at the document root (`/`).
struct XPathLocationPath: Sendable, Equatable {
    var isAbsolute: Bool
    var steps: [XPathStep]
}

/// One step of a path: an axis, a node test and predicates.
struct XPathStep: Sendable, Equatable {
    enum Axis: String, Sendable, Equatable {
        case child, attribute, `self`, parent, descendant, descendantOrSelf = "descendant-or-self"
        case ancestor, ancestorOrSelf = "ancestor-or-self", followingSibling = "following-sibling"
        case precedingSibling = "preceding-sibling"

        /// Whether positions in a predicate count backwards from the context node.
        var isReverse: Bool { self == .parent || self == .ancestor || self == .ancestorOrSelf || self == .precedingSibling }
    }

    enum Test: Sendable, Equatable {
        /// A name as written, with its prefix (`orx:meta`).
        case name(String)
        /// `*`: any element (or attribute, on the attribute axis).
        case any
        /// `node()`: any node.
        case node
        /// `text()`: a node's text; the data tree has no separate text nodes, so it selects the element.
        case text
    }

    var axis: Axis
    var test: Test
    var predicates: [XPathAST]

    static let parentStep = XPathStep(axis: .parent, test: .node, predicates: [])
    static let selfStep = XPathStep(axis: .self, test: .node, predicates: [])
    static let descendantOrSelfStep = XPathStep(axis: .descendantOrSelf, test: .node, predicates: [])
}
