import FormContextCore
import Foundation

/// The clock, the sleep and the random numbers that autosave and the outbox use; the public
/// initializers take the live ones, and tests inject their own so that debouncing and backoff run
/// without waiting.
struct DurabilityEnvironment: Sendable {
    /// The current time.
    var now: @Sendable () -> Date
    /// Waits for a duration; throws `CancellationError` when the waiting task is cancelled.
    var sleep: @Sendable (Duration) async throws -> Void
    /// A uniformly distributed number in `0...1`, for jitter.
    var random: @Sendable () -> Double

    /// Creates an environment.
    ///
    /// - Parameters:
    ///   - now: The current time.
    ///   - sleep: Waits for a duration, honouring cancellation.
    ///   - random: A uniform number in `0...1`.
    init(
        now: @escaping @Sendable () -> Date, sleep: @escaping @Sendable (Duration) async throws -> Void,
        random: @escaping @Sendable () -> Double
    ) {
        self.now = now
        self.sleep = sleep
        self.random = random
    }

    /// The system clock, `Task.sleep` and the system's random numbers.
    static let live = DurabilityEnvironment(
        now: { Date() }, sleep: { try await Task.sleep(for: $0) }, random: { Double.random(in: 0...1) })
}
