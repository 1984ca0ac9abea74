import FormContextCore
public import Foundation

/// Progress of a delivery run, for a progress line or a log. It carries no submitted value; a reason
/// is the transport's (for ``HTTPTransport``, the status and the server's message).
public enum OutboxEvent: Hashable, Sendable, CustomStringConvertible {
    /// Record `instanceID` was delivered: `sent` of `total` so far in this run.
    case sent(instanceID: UUID, sent: Int, total: Int)
    /// Record `instanceID` failed for a passing reason and is tried again after `delay`.
    case retrying(instanceID: UUID, attempt: Int, delay: Duration, reason: String)
    /// Record `instanceID` was refused for good and parked.
    case parked(instanceID: UUID, reason: String)
    /// A file in the queue could not be read; it was moved to `movedTo`, never deleted.
    case damaged(file: String, problem: String, movedTo: String)
    /// The run stopped at record `instanceID` after `attempts` attempts, leaving it and the records after
    /// it queued: out of attempts (with the reason of the last one), or cancelled.
    case stopped(instanceID: UUID, attempts: Int, reason: String)

    /// `sent 3/5`, `retrying in 4 s (…)`, `parked <id>: <reason>`, `damaged <file>: <problem>; moved to
    /// <path>`, `not sent <id> after 3 attempts: <reason>`.
    public var description: String {
        switch self {
        case .sent(_, let sent, let total): "sent \(sent)/\(total)"
        case .retrying(_, _, let delay, let reason):
            "retrying in \(Self.seconds(delay)) (\(reason))"
        case .parked(let id, let reason): "parked \(id.uuidString): \(reason)"
        case .damaged(let file, let problem, let movedTo): "damaged \(file): \(problem); moved to \(movedTo)"
        case .stopped(let id, let attempts, let reason):
            attempts == 0
                ? "not sent \(id.uuidString): \(reason)"
                : "not sent \(id.uuidString) after \(attempts) attempt\(attempts == 1 ? "" : "s"): \(reason)"
        }
    }

    /// `4 s`, `0.5 s`, `12 s`.
    static func seconds(_ duration: Duration) -> String {
        let milliseconds = duration.components.seconds * 1000 + duration.components.attoseconds / 1_000_000_000_000_000
        if milliseconds % 1000 == 0 || milliseconds >= 10_000 { return "\((milliseconds + 500) / 1000) s" }
        return "\(Double(milliseconds) / 1000) s"
    }
}
