/// Reads tokens into an ``XPathAST`` by XPath 1.0's grammar, by recursive descent in its precedence
/// order: `or`, `and`, equality, relational, additive, multiplicative, unary minus, union, path.
struct XPathParser {
    private let tokens: [XPathToken]
    private let source: String
    private var index = 0
    /// How deep the expression nests, bounded so that hostile input is an error, not a stack overflow.
    private var depth = 0
    static let maximumDepth = 200

    /// Parses a whole expression.
    /// - Throws: ``XPathError`` naming the position of the first token that does not fit.
    static func parse(_ source: String) throws(XPathError) -> XPathAST {
        var parser = XPathParser(tokens: try XPathLexer.tokens(of: source), source: source)
        let ast = try parser.expression()
        guard parser.current.kind == .end else { throw parser.unexpected("end of expression") }
        return ast
    }

    private init(tokens: [XPathToken], source: String) {
        self.tokens = tokens
        self.source = source
    }

    private var current: XPathToken { tokens[index] }
    private var following: XPathToken { tokens[min(index + 1, tokens.count - 1)] }

    private func isSymbol(_ symbol: String) -> Bool { current.kind == .symbol(symbol) }

    private mutating func advance() { if index < tokens.count - 1 { index += 1 } }

    private func unexpected(_ expected: String) -> XPathError {
        let found: String =
            switch current.kind {
            case .end: "the end"
            case .number(let n): "'\(XPathNumber.string(n))'"
            case .literal(let s): "'\(s)'"
            case .name(let s), .operatorName(let s), .symbol(let s): "'\(s)'"
            case .star: "'*'"
            }
        return XPathError("expected \(expected), found \(found)", at: current.position, in: source)
    }

    private mutating func expect(_ symbol: String) throws(XPathError) {
        guard isSymbol(symbol) else { throw unexpected("'\(symbol)'") }
        advance()
    }

    private mutating func expression() throws(XPathError) -> XPathAST {
        depth += 1
        defer { depth -= 1 }
        guard depth <= Self.maximumDepth else {
            throw XPathError("expression nests deeper than \(Self.maximumDepth) levels", at: current.position, in: source)
        }
        return try binary(level: 0)
    }

    /// The operators of each precedence level, loosest first.
    private static let levels: [[XPathOperator]] = [
        [.or], [.and], [.equal, .notEqual], [.less, .lessOrEqual, .greater, .greaterOrEqual], [.plus, .minus],
        [.times, .div, .mod],
    ]

    private func operatorHere(in level: [XPathOperator]) -> XPathOperator? {
        let text: String
        switch current.kind {
        case .operatorName(let name): text = name
        case .symbol(let symbol): text = symbol
        default: return nil
        }
        return level.first { $0.rawValue == text }
    }

    private mutating func binary(level: Int) throws(XPathError) -> XPathAST {
        guard level < Self.levels.count else { return try unary() }
        var left = try binary(level: level + 1)
        while let op = operatorHere(in: Self.levels[level]) {
            advance()
            let right = try binary(level: level + 1)
            left = .binary(op, left, right)
        }
        return left
    }

    private mutating func unary() throws(XPathError) -> XPathAST {
        if isSymbol("-") {
            advance()
            depth += 1
            defer { depth -= 1 }
            guard depth <= Self.maximumDepth else {
                throw XPathError("expression nests deeper than \(Self.maximumDepth) levels", at: current.position, in: source)
            }
            return .negate(try unary())
        }
        var left = try path()
        while isSymbol("|") {
            advance()
            left = .binary(.union, left, try path())
        }
        return left
    }

    /// Whether the current token starts a primary expression (a filter expression's head).
    private var startsPrimary: Bool {
        switch current.kind {
        case .number, .literal: return true
        case .symbol(let s): return s == "(" || s == "$"
        case .name(let name):
            return following.kind == .symbol("(") && !["node", "text", "comment", "processing-instruction"].contains(name)
        default: return false
        }
    }

    /// Whether the current token starts a location step.
    private var startsStep: Bool {
        switch current.kind {
        case .name, .star: true
        case .symbol(let s): s == "." || s == ".." || s == "@"
        default: false
        }
    }

    private mutating func path() throws(XPathError) -> XPathAST {
        if isSymbol("/") {
            advance()
            let steps = startsStep ? try relativeSteps() : []
            return .path(XPathLocationPath(isAbsolute: true, steps: steps))
        }
        if isSymbol("//") {
            advance()
            let steps = try relativeSteps()
            return .path(XPathLocationPath(isAbsolute: true, steps: [.descendantOrSelfStep] + steps))
        }
        if startsPrimary {
            let primary = try self.primary()
            var predicates: [XPathAST] = []
            while isSymbol("[") { predicates.append(try predicate()) }
            var steps: [XPathStep] = []
            if isSymbol("/") {
                advance()
                steps = try relativeSteps()
            } else if isSymbol("//") {
                advance()
                steps = [.descendantOrSelfStep] + (try relativeSteps())
            }
            if predicates.isEmpty, steps.isEmpty { return primary }
            return .filter(primary, predicates: predicates, then: steps)
        }
        guard startsStep else { throw unexpected("an expression") }
        return .path(XPathLocationPath(isAbsolute: false, steps: try relativeSteps()))
    }

    private mutating func relativeSteps() throws(XPathError) -> [XPathStep] {
        var steps = [try step()]
        while true {
            if isSymbol("/") {
                advance()
            } else if isSymbol("//") {
                advance()
                steps.append(.descendantOrSelfStep)
            } else {
                return steps
            }
            steps.append(try step())
        }
    }

    private mutating func step() throws(XPathError) -> XPathStep {
        if isSymbol(".") { advance(); return .selfStep }
        if isSymbol("..") { advance(); return .parentStep }
        var axis = XPathStep.Axis.child
        if isSymbol("@") {
            advance()
            axis = .attribute
        } else if case .name(let name) = current.kind, following.kind == .symbol("::") {
            guard let named = XPathStep.Axis(rawValue: name) else {
                throw XPathError("unknown axis '\(name)'", at: current.position, in: source)
            }
            axis = named
            advance()
            advance()
        }
        let test: XPathStep.Test
        switch current.kind {
        case .star:
            test = .any
            advance()
        case .name(let name):
            if following.kind == .symbol("("), ["node", "text"].contains(name) {
                advance()
                advance()
                try expect(")")
                test = name == "node" ? .node : .text
            } else {
                test = name.hasSuffix(":*") ? .any : .name(name)
                advance()
            }
        default:
            throw unexpected("a node name")
        }
        var predicates: [XPathAST] = []
        while isSymbol("[") { predicates.append(try predicate()) }
        return XPathStep(axis: axis, test: test, predicates: predicates)
    }

    private mutating func predicate() throws(XPathError) -> XPathAST {
        try expect("[")
        let expression = try self.expression()
        try expect("]")
        return expression
    }

    private mutating func primary() throws(XPathError) -> XPathAST {
        switch current.kind {
        case .number(let n):
            advance()
            return .number(n)
        case .literal(let s):
            advance()
            return .literal(s)
        case .symbol("("):
            advance()
            let inner = try expression()
            try expect(")")
            return inner
        case .symbol("$"):
            throw XPathError("variables are not supported", at: current.position, in: source)
        case .name(let name):
            let position = current.position
            guard let function = XPathFunction(named: name) else {
                throw XPathError("unknown function '\(name)'", at: position, in: source)
            }
            advance()
            try expect("(")
            var arguments: [XPathAST] = []
            if !isSymbol(")") {
                arguments.append(try expression())
                while isSymbol(",") {
                    advance()
                    arguments.append(try expression())
                }
            }
            try expect(")")
            guard function.accepts(arguments.count) else {
                throw XPathError(
                    "\(name)() takes \(function.arityDescription), found \(arguments.count)", at: position, in: source)
            }
            return .call(function, arguments)
        default:
            throw unexpected("an expression")
        }
    }
}
