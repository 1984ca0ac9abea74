/// Why an XPath expression could not be read or evaluated.
///
/// The message names what was wrong and where: a syntax error gives the 1-based character position
/// and the expression (`expected ')' at 14 in "if(/data/a, 1"`), an unknown function its name, an
/// evaluation error the function or step that failed.
public struct XPathError: Error, Sendable, Equatable, CustomStringConvertible {
    /// What went wrong, without the position and the expression.
    public let reason: String
    /// The 1-based character position in ``expression`` the error points at, or `nil` for an error
    /// found while evaluating.
    public let position: Int?
    /// The expression's source text.
    public let expression: String

    init(_ reason: String, at position: Int?, in expression: String) {
        self.reason = reason
        self.position = position
        self.expression = expression
    }

    /// The full message: the reason, the position (for a syntax error) and the expression.
    public var description: String {
        if let position { "\(reason) at \(position) in \"\(expression)\"" } else { "\(reason) in \"\(expression)\"" }
    }
}

/// An evaluation failure before the expression's text is attached (see ``XPathError``).
struct XPathEvaluationFailure: Error {
    let reason: String
    init(_ reason: String) { self.reason = reason }
}
