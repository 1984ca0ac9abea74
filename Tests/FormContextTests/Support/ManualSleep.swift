import Foundation
import Synchronization

@testable import FormContextCore
@testable import FormContextDurability

/// A sleep that waits until the test wakes it, a clock the test sets, and random numbers it chooses,
/// so debouncing and backoff run without waiting.
final class ManualSleep: Sendable {
    private struct State {
        var sleepers: [Int: CheckedContinuation<Void, any Error>] = [:]
        var nextID = 0
        var requested: [Duration] = []
        var now = Date(timeIntervalSince1970: 1_700_000_000)
        var randomValues: [Double] = []
    }

    private let state = Mutex(State())

    /// The durations asked for so far, in order.
    var requested: [Duration] { state.withLock { $0.requested } }

    /// How many sleepers are waiting.
    var waiting: Int { state.withLock { $0.sleepers.count } }

    /// The next numbers `random` returns (then 1.0).
    func setRandom(_ values: [Double]) { state.withLock { $0.randomValues = values } }

    var environment: DurabilityEnvironment {
        DurabilityEnvironment(
            now: { [self] in state.withLock { $0.now } },
            sleep: { [self] duration in try await sleep(duration) },
            random: { [self] in state.withLock { $0.randomValues.isEmpty ? 1.0 : $0.randomValues.removeFirst() } })
    }

    func sleep(_ duration: Duration) async throws {
        let id = state.withLock { state in
            state.requested.append(duration)
            state.nextID += 1
            return state.nextID
        }
        try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Void, any Error>) in
                let isCancelled = state.withLock { state in
                    if Task.isCancelled { return true }
                    state.sleepers[id] = continuation
                    return false
                }
                if isCancelled { continuation.resume(throwing: CancellationError()) }
            }
        } onCancel: {
            state.withLock { $0.sleepers.removeValue(forKey: id) }?.resume(throwing: CancellationError())
        }
    }

    /// Wakes every sleeper and moves the clock on by the longest duration asked for.
    func wakeAll() {
        let sleepers = state.withLock { state in
            let sleepers = Array(state.sleepers.values)
            state.sleepers = [:]
            return sleepers
        }
        for sleeper in sleepers { sleeper.resume() }
    }

    /// Waits (by yielding, never by time) until `count` sleepers wait, or gives up after many turns.
    func untilWaiting(_ count: Int = 1) async -> Bool {
        for _ in 0..<100_000 {
            if waiting >= count { return true }
            await Task.yield()
        }
        return false
    }
}
