/// A token of an XPath expression, with the 1-based character position it starts at.
struct XPathToken: Equatable {
    enum Kind: Equatable {
        case number(Double)
        case literal(String)
        /// A name test or function name, with its prefix (`jr:choice-name`); `*` is ``star``.
        case name(String)
        /// An operator name: `and`, `or`, `div`, `mod`.
        case operatorName(String)
        case star
        case symbol(String)
        case end
    }

    let kind: Kind
    let position: Int
}

/// Splits an expression into tokens, applying XPath 1.0's rule that `*` and `and`/`or`/`div`/`mod`
/// are operators only after a token that can end an operand.
struct XPathLexer {
    private let scalars: [Unicode.Scalar]
    private let source: String
    private var index = 0
    private var previous: XPathToken.Kind?

    init(_ source: String) {
        self.source = source
        self.scalars = Array(source.unicodeScalars)
    }

    /// Every token of the expression, ending with ``XPathToken/Kind/end``.
    /// - Throws: ``XPathError`` for a character no token starts with, or a string literal left open.
    static func tokens(of source: String) throws(XPathError) -> [XPathToken] {
        var lexer = XPathLexer(source)
        var tokens: [XPathToken] = []
        while true {
            let token = try lexer.next()
            tokens.append(token)
            if token.kind == .end { return tokens }
        }
    }

    /// Whether an operator may follow: the previous token ends an operand.
    private var operandEnded: Bool {
        switch previous {
        case nil: false
        case .symbol(let symbol)?: symbol == ")" || symbol == "]" || symbol == "." || symbol == ".."
        case .operatorName?, .end?: false
        case .number?, .literal?, .name?, .star?: true
        }
    }

    private mutating func next() throws(XPathError) -> XPathToken {
        while index < scalars.count, Self.isSpace(scalars[index]) { index += 1 }
        let start = index
        guard index < scalars.count else { return XPathToken(kind: .end, position: start + 1) }
        let kind = try scan()
        previous = kind
        return XPathToken(kind: kind, position: start + 1)
    }

    private mutating func scan() throws(XPathError) -> XPathToken.Kind {
        let c = scalars[index]
        let next: Unicode.Scalar? = index + 1 < scalars.count ? scalars[index + 1] : nil
        switch c {
        case "0"..."9":
            return .number(scanNumber())
        case ".":
            if let next, ("0"..."9").contains(next) { return .number(scanNumber()) }
            if next == "." { index += 2; return .symbol("..") }
            index += 1
            return .symbol(".")
        case "'", "\"":
            let start = index
            index += 1
            var text = String.UnicodeScalarView()
            while index < scalars.count, scalars[index] != c {
                text.append(scalars[index])
                index += 1
            }
            guard index < scalars.count else {
                throw XPathError("string literal not closed", at: start + 1, in: source)
            }
            index += 1
            return .literal(String(text))
        case "*":
            index += 1
            return operandEnded ? .symbol("*") : .star
        case "/":
            if next == "/" { index += 2; return .symbol("//") }
            index += 1
            return .symbol("/")
        case "!":
            guard next == "=" else { throw XPathError("unexpected character '!'", at: index + 1, in: source) }
            index += 2
            return .symbol("!=")
        case "<", ">":
            if next == "=" { index += 2; return .symbol(String(c) + "=") }
            index += 1
            return .symbol(String(c))
        case ":":
            guard next == ":" else { throw XPathError("unexpected character ':'", at: index + 1, in: source) }
            index += 2
            return .symbol("::")
        case "(", ")", "[", "]", "@", ",", "|", "+", "-", "=", "$":
            index += 1
            return .symbol(String(c))
        default:
            guard Self.isNameStart(c) else {
                throw XPathError("unexpected character '\(c.escaped(asASCII: false))'", at: index + 1, in: source)
            }
            let name = scanName()
            if operandEnded, ["and", "or", "div", "mod"].contains(name) { return .operatorName(name) }
            return .name(name)
        }
    }

    /// Digits with an optional fraction (XPath 1.0 has no exponent).
    private mutating func scanNumber() -> Double {
        var text = ""
        while index < scalars.count, ("0"..."9").contains(scalars[index]) || scalars[index] == "." {
            if scalars[index] == ".", text.contains(".") { break }
            text.unicodeScalars.append(scalars[index])
            index += 1
        }
        return Double(text.hasPrefix(".") ? "0" + text : text) ?? .nan
    }

    /// A QName: an NCName with an optional `prefix:` (a `:` followed by a name character; `::` is an axis).
    private mutating func scanName() -> String {
        var text = String.UnicodeScalarView()
        func takeNCName() {
            while index < scalars.count, Self.isNameChar(scalars[index]) {
                text.append(scalars[index])
                index += 1
            }
        }
        takeNCName()
        if index + 1 < scalars.count, scalars[index] == ":", scalars[index + 1] != ":",
            Self.isNameStart(scalars[index + 1]) || scalars[index + 1] == "*"
        {
            text.append(":")
            index += 1
            if scalars[index] == "*" {
                text.append("*")
                index += 1
            } else {
                takeNCName()
            }
        }
        return String(text)
    }

    static func isSpace(_ c: Unicode.Scalar) -> Bool { c == " " || c == "\t" || c == "\n" || c == "\r" }

    static func isNameStart(_ c: Unicode.Scalar) -> Bool {
        c == "_" || ("a"..."z").contains(c) || ("A"..."Z").contains(c) || (c.value >= 0xC0 && c.value != 0xD7 && c.value != 0xF7)
    }

    static func isNameChar(_ c: Unicode.Scalar) -> Bool {
        isNameStart(c) || ("0"..."9").contains(c) || c == "-" || c == "." || c.value == 0xB7
    }
}
