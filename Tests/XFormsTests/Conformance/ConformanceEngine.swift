import Foundation

/// What playing an oracle script needs from an engine: a form loaded as a new, blank record, the
/// script's actions on it, and its state read back in the oracle's terms.
///
/// Paths are the script's (`/data/members[2]/age`, a step without a position meaning the first);
/// an engine resolves them against its own record. Every action that cannot be done throws, with a
/// message naming what was wrong: the runner prints it as the script's error line and stops there,
/// as the oracle does.
protocol ConformanceEngine {
    /// Loads a form as a new, blank record, its `odk-instance-first-load` actions and calculations done.
    /// - Parameter url: The form's file.
    /// - Throws: When the engine refuses the form (unreadable, a dependency cycle, an expression that
    ///   cannot be evaluated).
    static func load(_ url: URL) throws -> Self

    /// Writes the value, as the oracle's `set` does: text read by the node's type, no constraint,
    /// required or read-only check; recalculates.
    /// - Throws: When the path names no field, or the text is not valid for the node's type (or is
    ///   not a choice of a static list).
    mutating func set(_ path: ScriptPath, to text: String) throws

    /// Makes the field blank, as `set` would.
    mutating func clear(_ path: ScriptPath) throws

    /// Answers the question as a person would: a value that breaks the constraint is not stored;
    /// blank on a required question is refused.
    /// - Parameters:
    ///   - path: The question's path.
    ///   - text: The value, or `nil` for blank.
    /// - Returns: What the gate said.
    mutating func answer(_ path: ScriptPath, with text: String?) throws -> OracleAnswerResult

    /// Appends an instance to the repeat (its last step without a position), running its
    /// `odk-new-repeat` actions.
    mutating func addRepeat(_ path: ScriptPath) throws

    /// Removes the repeat instance at the path.
    mutating func removeRepeat(_ path: ScriptPath) throws

    /// Goes through the form from start to end as a person would, skipping what is not relevant:
    /// where `jr:count` repeats gain the instances their count asks for (never losing any).
    mutating func walk() throws

    /// Every element of the primary instance in the oracle's order, templates left out.
    func dump() throws -> [OracleNode]

    /// The choices the select at the path offers now, in order. A stored answer that is no longer
    /// among them is dropped, as showing the question does in JavaRosa.
    mutating func choices(_ path: ScriptPath) throws -> [OracleChoice]

    /// Validates the record as before finalizing it: the first relevant question, in form order,
    /// that is required and blank or breaks its constraint.
    mutating func validate() throws -> OracleValidation

    /// The submission XML, non-relevant nodes left out.
    func submission() throws -> String
}
