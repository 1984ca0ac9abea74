import Foundation

/// A value behind an `NSLock`, for the test doubles (clocks, gates, handlers) that tasks share.
///
/// They use a pthread-based lock rather than `Mutex` so that ThreadSanitizer sees every
/// hand-over of the lock, contended or not.
public final class Locked<Value>: @unchecked Sendable {
    // `@unchecked Sendable` is sound: `value` is only read or written inside `withLock`, under `lock`.
    private let lock = NSLock()
    private var value: Value

    public init(_ value: Value) {
        self.value = value
    }

    public func withLock<R>(_ body: (inout Value) throws -> R) rethrows -> R {
        lock.lock()
        defer { lock.unlock() }
        return try body(&value)
    }
}
