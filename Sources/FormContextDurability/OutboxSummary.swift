import FormContextCore

/// What a delivery run did.
public struct OutboxSummary: Sendable, Equatable {
    /// How many records were delivered.
    public var sent = 0
    /// The records parked in this run, by instance id string, with their reasons.
    public var parked: [String: String] = [:]
    /// The files found damaged and moved aside.
    public var damaged: [String] = []
    /// How many records are still queued (the run stopped: cancelled, or out of attempts).
    public var remaining = 0
    /// Why the run stopped with records queued: the reason of the last attempt at the record it stopped
    /// at, or `cancelled`; `nil` when the queue was emptied.
    public var stopReason: String?

    /// Creates an empty summary.
    init() {}
}
