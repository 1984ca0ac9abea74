public import FormContextCore
public import Foundation

/// What a transport answers for one record.
public enum Delivery: Hashable, Sendable, CustomStringConvertible {
    /// The server has the record: it leaves the outbox.
    case delivered
    /// A passing failure (the network, a timeout, a busy server): the record is tried again after a
    /// backoff, and not before `after` when the server asked for a wait (`Retry-After`); see
    /// the retry policy's maximum delay for the cap.
    case retry(reason: String, after: Duration? = nil)
    /// The server refused the record for good (its field errors, a 4xx): the record is parked with the
    /// reason, never deleted, until it is edited and queued again.
    case rejected(reason: String, fieldErrors: [String: [String]] = [:])

    /// `delivered`, `retry: <reason>` or `rejected: <reason>`.
    public var description: String {
        switch self {
        case .delivered: "delivered"
        case .retry(let reason, _): "retry: \(reason)"
        case .rejected(let reason, _): "rejected: \(reason)"
        }
    }
}

/// Delivers one record: its values and its instance id, to send as an idempotency key. Throwing is a
/// passing failure, like ``Delivery/retry(reason:after:)``.
public typealias OutboxTransport = @Sendable (FormSubmission, UUID) async throws -> Delivery
