import Synchronization

@testable import FormContextCore
import TestSupport

/// A clock for debounce intervals that moves only when a test advances it.
final class TestClock: Sendable {
    private struct Sleeper {
        let id: Int
        let deadline: Duration
        let continuation: CheckedContinuation<Void, any Error>
    }

    private struct State {
        var now = Duration.zero
        var sleepers: [Sleeper] = []
        var calls = 0
        var nextID = 0
        var callWaiters: [(Int, CheckedContinuation<Void, Never>)] = []
    }

    private let state = Locked(State())

    /// The sleep function to inject into ``ValidationOptions``.
    var sleep: @Sendable (Duration) async throws -> Void {
        { [self] duration in try await self.sleep(for: duration) }
    }

    /// How many times `sleep` has been called, cancelled calls included.
    var calls: Int { state.withLock { $0.calls } }

    func sleep(for duration: Duration) async throws {
        let id = state.withLock { state in
            state.nextID += 1
            return state.nextID
        }
        try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Void, any Error>) in
                let (ready, cancelled) = state.withLock { state in
                    state.calls += 1
                    let ready = state.callWaiters.filter { $0.0 <= state.calls }.map(\.1)
                    state.callWaiters.removeAll { $0.0 <= state.calls }
                    if Task.isCancelled { return (ready, true) }
                    state.sleepers.append(Sleeper(id: id, deadline: state.now + duration, continuation: continuation))
                    return (ready, false)
                }
                for waiter in ready { waiter.resume() }
                if cancelled { continuation.resume(throwing: CancellationError()) }
            }
        } onCancel: {
            let sleeper = state.withLock { state -> Sleeper? in
                guard let index = state.sleepers.firstIndex(where: { $0.id == id }) else { return nil }
                return state.sleepers.remove(at: index)
            }
            sleeper?.continuation.resume(throwing: CancellationError())
        }
    }

    /// Moves time forward and wakes every sleeper whose deadline has come.
    func advance(by duration: Duration) {
        let due = state.withLock { state in
            state.now += duration
            let due = state.sleepers.filter { $0.deadline <= state.now }
            state.sleepers.removeAll { $0.deadline <= state.now }
            return due
        }
        for sleeper in due { sleeper.continuation.resume() }
    }

    /// Waits until `sleep` has been called `count` times in all.
    func waitForCalls(_ count: Int) async {
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            let isReady = state.withLock { state in
                if state.calls >= count { return true }
                state.callWaiters.append((count, continuation))
                return false
            }
            if isReady { continuation.resume() }
        }
    }
}

/// Holds asynchronous checks until the test releases them, one value at a time.
final class Gates: Sendable {
    private struct State {
        var open: Set<String> = []
        var waiting: [String: [CheckedContinuation<Void, Never>]] = [:]
        var started: [String] = []
        var finished: [String] = []
        var cancelled: [String] = []
        var startWaiters: [(Int, CheckedContinuation<Void, Never>)] = []
        var finishWaiters: [String: [CheckedContinuation<Void, Never>]] = [:]
    }

    private let state = Locked(State())

    var started: [String] { state.withLock { $0.started } }
    var finished: [String] { state.withLock { $0.finished } }
    var cancelled: [String] { state.withLock { $0.cancelled } }

    /// Waits (ignoring cancellation, like a request already sent) until `value` is released.
    func pass(_ value: String) async {
        await withTaskCancellationHandler {
            await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
                let (isOpen, ready) = state.withLock { state in
                    state.started.append(value)
                    let ready = state.startWaiters.filter { $0.0 <= state.started.count }.map(\.1)
                    state.startWaiters.removeAll { $0.0 <= state.started.count }
                    if state.open.contains(value) { return (true, ready) }
                    state.waiting[value, default: []].append(continuation)
                    return (false, ready)
                }
                for waiter in ready { waiter.resume() }
                if isOpen { continuation.resume() }
            }
        } onCancel: {
            state.withLock { $0.cancelled.append(value) }
        }
        let waiters = state.withLock { state in
            state.finished.append(value)
            return state.finishWaiters.removeValue(forKey: value) ?? []
        }
        for waiter in waiters { waiter.resume() }
    }

    /// Waits until a check of `value` has returned.
    func waitForFinish(_ value: String) async {
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            let isDone = state.withLock { state in
                if state.finished.contains(value) { return true }
                state.finishWaiters[value, default: []].append(continuation)
                return false
            }
            if isDone { continuation.resume() }
        }
    }

    /// Lets every check of `value` through.
    func release(_ value: String) {
        let waiting = state.withLock { state in
            state.open.insert(value)
            return state.waiting.removeValue(forKey: value) ?? []
        }
        for continuation in waiting { continuation.resume() }
    }

    /// Waits until `count` checks have started.
    func waitForStarts(_ count: Int) async {
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            let isReady = state.withLock { state in
                if state.started.count >= count { return true }
                state.startWaiters.append((count, continuation))
                return false
            }
            if isReady { continuation.resume() }
        }
    }
}
