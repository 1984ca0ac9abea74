/// One node of a record as JavaRosa reports it: its path with repeat positions, type, value and
/// the state of its conditions.
public struct XFormNodeState: Sendable, Equatable, CustomStringConvertible {
    /// The node's path, with the 1-based position on every repeat step: `/data/hh[2]/name`.
    public var path: String
    /// The bind type as JavaRosa names it (`int`, `decimal`, `dateTime`, `select1`, ...); `nil` for
    /// a group or an untyped node.
    public var type: String?
    /// The value as XForm text; `nil` when blank, and for a group.
    public var value: String?
    /// Whether the node is relevant: its own condition holds and so does every ancestor's (in the
    /// instance's nesting).
    public var isRelevant: Bool
    /// Whether its own required condition holds (evaluated even when the node is not relevant).
    public var isRequired: Bool
    /// Whether it is read-only: its own condition or an ancestor's holds.
    public var isReadonly: Bool
    /// `nil` without a constraint; else whether the value meets it (a blank value does). For a
    /// node that is not relevant, `.` reads as empty, as in JavaRosa.
    public var constraint: Bool?

    /// Creates a node state.
    /// - Parameters:
    ///   - path: The path with repeat positions.
    ///   - type: The type's name, or `nil`.
    ///   - value: The value as XForm text, or `nil`.
    ///   - isRelevant: Whether it is relevant.
    ///   - isRequired: Whether its required condition holds.
    ///   - isReadonly: Whether it is read-only.
    ///   - constraint: The constraint's verdict, or `nil` without one.
    public init(path: String, type: String?, value: String?, isRelevant: Bool, isRequired: Bool, isReadonly: Bool, constraint: Bool?) {
        self.path = path
        self.type = type
        self.value = value
        self.isRelevant = isRelevant
        self.isRequired = isRequired
        self.isReadonly = isReadonly
        self.constraint = constraint
    }

    /// `path = value` and the conditions that do not have their usual value.
    public var description: String {
        var text = path + (value.map { " = " + Quoted.value($0) } ?? "")
        if !isRelevant { text += " (not relevant)" }
        if isRequired { text += " (required)" }
        if isReadonly { text += " (read-only)" }
        if constraint == false { text += " (constraint fails)" }
        return text
    }
}

/// What answering a question did, as JavaRosa's `answerQuestion` reports it.
public enum XFormAnswerResult: Sendable, Hashable {
    /// The value was stored.
    case ok
    /// The value breaks the node's constraint: nothing was stored.
    case constraint
    /// The answer is blank and the node is required: nothing was stored.
    case required
}

/// The first question `XFormRecord.validate()` finds wanting.
public struct XFormIssue: Sendable, Equatable, CustomStringConvertible {
    /// Whether a required value is missing (``XFormAnswerResult/required``) or a value breaks its
    /// constraint (``XFormAnswerResult/constraint``).
    public var result: XFormAnswerResult
    /// The node's path with repeat positions.
    public var path: String
    /// The form's message (`jr:requiredMsg`, `jr:constraintMsg`) in the record's language, or the
    /// engine's default message.
    public var message: String

    /// `path: message`.
    public var description: String { Quoted.plain(path) + ": " + Quoted.plain(message) }
}

/// One choice a select offers.
public struct XFormChoice: Sendable, Hashable {
    /// The value stored when it is chosen.
    public var value: String
    /// Its label in the record's language (``XFormRecord/language``).
    public var label: String
}
