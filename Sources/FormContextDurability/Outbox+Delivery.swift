public import FormContextCore
public import Foundation

extension Outbox {
    /// Delivers the queued records one at a time, in order, until the queue is empty (records enqueued
    /// meanwhile included).
    ///
    /// For each record the transport receives the submission and the instance id (send it as an
    /// idempotency key). ``Delivery/delivered`` removes the record (or moves it to `sent/`);
    /// ``Delivery/rejected(reason:fieldErrors:)`` parks it with the reason; a thrown error or
    /// ``Delivery/retry(reason:after:)`` waits per the outbox's ``RetryPolicy`` (at least the server's `after`, up to
    /// its maximum delay) and tries the same record again — forever by default, so a run ends
    /// only when the queue is empty, the task is cancelled, or a record runs out of
    /// its maximum attempts. A run that stops with records queued reports
    /// ``OutboxEvent/stopped(instanceID:attempts:reason:)`` and the reason in ``OutboxSummary/stopReason``.
    ///
    /// Only files named as the outbox names its records are read; a file of such a name that cannot be
    /// read is moved to `damaged/` (never over another file) and reported.
    ///
    /// A crash after the server accepted a record but before it left the queue means it is sent again:
    /// delivery is at least once, and the server must treat a repeated instance id as the same record.
    ///
    /// - Parameters:
    ///   - transport: Sends one record.
    ///   - progress: Called with each event (sent, retrying, parked, damaged); never with values.
    /// - Returns: What the run did.
    /// - Throws: ``OutboxError/busy(folder:)`` when another process delivers this outbox now, or
    ///   ``OutboxError/file(_:)``.
    @discardableResult
    public func deliver(
        using transport: OutboxTransport, progress: (@Sendable (OutboxEvent) -> Void)? = nil
    ) async throws(OutboxError) -> OutboxSummary {
        let lock: FileLock?
        do { lock = try FileLock.acquire(path(".deliver.lock"), blocking: false, operation: "lock the outbox") } catch { throw .file(error) }
        guard let lock else { throw .busy(folder: folder) }
        defer { lock.release() }
        var summary = OutboxSummary()
        while true {
            let queue = try recordNames("new")
            guard let name = queue.first else { return summary }
            let record: FinalizedSubmission
            do {
                record = try read(path("new", name))
            } catch {
                let movedTo = try moveDamaged(name)
                summary.damaged.append(name)
                progress?(.damaged(file: name, problem: error.description, movedTo: movedTo))
                continue
            }
            let total = summary.sent + summary.parked.count + summary.damaged.count + queue.count
            switch await deliverOne(record, using: transport, progress: progress) {
            case .delivered:
                try finishDelivered(name)
                summary.sent += 1
                progress?(.sent(instanceID: record.instanceID, sent: summary.sent, total: total))
            case .rejected(let reason, let fieldErrors):
                try park(name, reason: reason, fieldErrors: fieldErrors)
                summary.parked[record.instanceID.uuidString] = reason
                progress?(.parked(instanceID: record.instanceID, reason: reason))
            case .retry(let reason, _):
                summary.remaining = queue.count
                summary.stopReason = reason
                return summary
            }
        }
    }

    /// Sends one record until it is delivered or rejected; `.retry` when the run must stop (cancelled,
    /// or out of attempts), after reporting that it stopped.
    private func deliverOne(
        _ record: FinalizedSubmission, using transport: OutboxTransport, progress: (@Sendable (OutboxEvent) -> Void)?
    ) async -> Delivery {
        var attempt = 0
        func stop(_ reason: String) -> Delivery {
            progress?(.stopped(instanceID: record.instanceID, attempts: attempt, reason: reason))
            return .retry(reason: reason)
        }
        while true {
            if Task.isCancelled { return stop("cancelled") }
            attempt += 1
            let outcome: Delivery
            do {
                outcome = try await transport(record.submission, record.instanceID)
            } catch {
                outcome = .retry(reason: String(describing: error))
            }
            guard case .retry(let reason, let asked) = outcome else { return outcome }
            if let maximum = retryPolicy.maximumAttempts, attempt >= maximum { return stop(reason) }
            let delay = retryPolicy.delay(beforeRetry: attempt, random: environment.random(), serverAsked: asked)
            progress?(.retrying(instanceID: record.instanceID, attempt: attempt, delay: delay, reason: reason))
            do { try await environment.sleep(delay) } catch { return stop("cancelled") }
        }
    }

    private func finishDelivered(_ name: String) throws(OutboxError) {
        do {
            if keepsSent {
                _ = try POSIX.moveWithoutReplacing(path("new", name), to: path("sent", name), operation: "move the sent record")
                try POSIX.syncFolder(path("sent"), operation: "move the sent record")
            } else {
                try POSIX.remove(path("new", name), operation: "remove the sent record")
            }
            try POSIX.syncFolder(path("new"), operation: "remove the sent record")
        } catch {
            throw .file(error)
        }
    }

    private func moveDamaged(_ name: String) throws(OutboxError) -> String {
        do {
            let target = try POSIX.moveWithoutReplacing(path("new", name), to: path("damaged", name), operation: "move the damaged record aside")
            try POSIX.syncFolder(path("damaged"), operation: "move the damaged record aside")
            try POSIX.syncFolder(path("new"), operation: "move the damaged record aside")
            return target
        } catch {
            throw .file(error)
        }
    }
}
