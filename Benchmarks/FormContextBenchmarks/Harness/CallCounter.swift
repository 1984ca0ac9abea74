/// Counts observer calls exactly.
///
/// `@unchecked Sendable` is sound here: every scenario runs on the main thread, and observers are
/// called synchronously on the thread that made the change, so the count is never touched by two
/// threads at once. (An atomic would add the same cost to the engine and the baselines, but it is
/// not needed.)
final class CallCounter: @unchecked Sendable {
    /// The number of calls since the last ``reset()``.
    private(set) var count = 0

    /// Records one call.
    @inline(__always)
    func tick() {
        count &+= 1
    }

    /// Sets the count back to zero.
    func reset() {
        count = 0
    }
}
