import Synchronization

/// Waits for tasks that belong to someone else, but gives up as soon as the waiting task is cancelled.
///
/// Awaiting `task.value` of an unstructured task ignores the waiter's own cancellation; racing it
/// against a cancellation handler through a one-shot continuation does not.
final class WaitOrCancel: Sendable {
    private struct Slot {
        var continuation: CheckedContinuation<Bool, Never>?
        var outcome: Bool?
    }

    private let slot = Mutex(Slot())

    /// Waits until every task in `tasks` has finished, or until the calling task is cancelled.
    ///
    /// The tasks themselves are left running.
    ///
    /// - Parameter tasks: The tasks to wait for.
    /// - Returns: `true` if they finished, `false` if the calling task was cancelled first.
    static func wait(for tasks: [Task<Void, Never>]) async -> Bool {
        let race = WaitOrCancel()
        let waiter = Task {
            for task in tasks { await task.value }
            race.finish(true)
        }
        let finished = await withTaskCancellationHandler {
            await withCheckedContinuation { race.install($0) }
        } onCancel: {
            race.finish(false)
        }
        if !finished { waiter.cancel() }
        return finished
    }

    /// Resumes `continuation` at once if the race is decided, or keeps it for ``finish(_:)``.
    private func install(_ continuation: CheckedContinuation<Bool, Never>) {
        let outcome = slot.withAnnotatedLock { slot -> Bool? in
            if let outcome = slot.outcome { return outcome }
            slot.continuation = continuation
            return nil
        }
        if let outcome { continuation.resume(returning: outcome) }
    }

    /// Decides the race with `outcome`; only the first call counts.
    private func finish(_ outcome: Bool) {
        let continuation = slot.withAnnotatedLock { slot -> CheckedContinuation<Bool, Never>? in
            guard slot.outcome == nil else { return nil }
            slot.outcome = outcome
            defer { slot.continuation = nil }
            return slot.continuation
        }
        continuation?.resume(returning: outcome)
    }
}
