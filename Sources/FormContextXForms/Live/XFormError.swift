/// Why an XForm could not be made into a live form, or why a change to a record was refused.
///
/// The ``description`` names the bind, the node or the path concerned; names, paths and
/// expressions taken from the form or from the caller are quoted with control characters escaped,
/// so the message is safe to print on a terminal: `bind for /data/age, constraint: expected an
/// expression, found the end at 4 in ". >="`.
public struct XFormError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The class of problem.
    public enum Kind: Sendable, Hashable {
        /// An expression of a bind, an action or a control does not parse (the message gives the
        /// attribute and the position).
        case invalidExpression
        /// A bind's `nodeset` (or an action's `ref`) selects no node of the primary instance.
        case unmatchedBind
        /// A default value in the instance that the node's type cannot hold (`abc` in an `int`).
        case invalidDefault
        /// The binds' expressions depend on each other in a loop (the message names the loop).
        case cycle
        /// The form's structure cannot be run: a repeat nested in a way the engine cannot key.
        case unsupported
        /// A path given to a record names no node (or no repeat instance) it has.
        case unknownPath
        /// A value that is not valid XForm text for the node's type (`12a` for an `int`), or a
        /// change a node cannot take (a value for a group, a repeat operation on a non-repeat).
        case invalidValue
        /// An expression failed while it was evaluated (an `instance()` the form lacks, ...).
        case evaluation
    }

    /// The class of problem.
    public var kind: Kind
    /// What was wrong, naming the bind, node or path.
    public var message: String
    /// The line of the form the problem is on, when known.
    public var line: Int?

    init(_ kind: Kind, _ message: String, line: Int? = nil) {
        self.kind = kind
        self.message = message
        self.line = line
    }

    /// The line (when known) and the message.
    public var description: String {
        guard let line, line > 0 else { return message }
        return "line \(line): \(message)"
    }
}

extension XPathError {
    /// The error's reason and position with the expression quoted safely.
    var quoted: String {
        let reason = Quoted.plain(reason)
        return if let position { "\(reason) at \(position) in \(Quoted.value(expression, limit: 120))" } else {
            "\(reason) in \(Quoted.value(expression, limit: 120))"
        }
    }
}
