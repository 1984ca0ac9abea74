import FormContextCore

/// A record in an outbox: queued, or parked with the server's reason.
public struct OutboxRecord: Sendable {
    /// The record.
    public let finalized: FinalizedSubmission
    /// Its file's name in the outbox.
    let fileName: String
    /// Why the server refused it, for a parked record.
    public let parkedReason: String?
    /// The server's errors by field, for a parked record.
    public let fieldErrors: [String: [String]]
}
