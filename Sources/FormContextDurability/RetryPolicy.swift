import FormContextCore

/// When an outbox tries a record again after a passing failure: exponential backoff with full jitter,
/// capped, forever by default.
///
/// The wait before retry *n* (from 1) is a uniformly random duration between zero and
/// `min(maximumDelay, initialDelay × 2ⁿ⁻¹)`: 0–4 s, 0–8 s, 0–16 s … up to 0–5 min by default. Full
/// jitter spreads the retries of many devices that lost the network at the same moment. A wait the
/// server asks for (`Retry-After`) is honoured up to `maximumDelay`.
public struct RetryPolicy: Hashable, Sendable {
    /// The upper bound of the first wait.
    var initialDelay: Duration
    /// The largest upper bound of any wait, and the longest wait a server's `Retry-After` gets.
    var maximumDelay: Duration
    /// How many attempts a record gets in one delivery run before the run stops; `nil` for no limit.
    var maximumAttempts: Int?

    /// Creates a policy.
    ///
    /// - Parameters:
    ///   - initialDelay: The upper bound of the first wait; 4 seconds by default.
    ///   - maximumDelay: The cap; 5 minutes by default.
    ///   - maximumAttempts: Attempts per record per run; unlimited by default.
    public init(initialDelay: Duration = .seconds(4), maximumDelay: Duration = .seconds(300), maximumAttempts: Int? = nil) {
        self.initialDelay = initialDelay
        self.maximumDelay = maximumDelay
        self.maximumAttempts = maximumAttempts
    }

    /// The wait before retry `attempt` (from 1), for a `random` number in `0...1`.
    ///
    /// - Parameters:
    ///   - attempt: Which retry, from 1.
    ///   - random: A uniform number in `0...1`.
    /// - Returns: The wait.
    func delay(beforeRetry attempt: Int, random: Double) -> Duration {
        let exponent = min(max(attempt - 1, 0), 62)
        let initial = Double(initialDelay.components.seconds) + Double(initialDelay.components.attoseconds) * 1e-18
        let cap = Double(maximumDelay.components.seconds) + Double(maximumDelay.components.attoseconds) * 1e-18
        let bound = max(0, min(cap, initial * pow2(exponent)))
        let seconds = bound * min(max(random.isNaN ? 0 : random, 0), 1)
        // At most about 292 million years: the largest count of milliseconds an Int64 holds.
        return .milliseconds(Int64(min((seconds * 1000).rounded(), 9.2e18)))
    }

    /// The wait before retry `attempt` when the server asked for `serverAsked` (its `Retry-After`): the
    /// backoff, or what the server asked if that is longer, but never more than ``maximumDelay`` for the
    /// server's sake.
    ///
    /// - Parameters:
    ///   - attempt: Which retry, from 1.
    ///   - random: A uniform number in `0...1`.
    ///   - serverAsked: The wait the server asked for, if any.
    /// - Returns: The wait.
    func delay(beforeRetry attempt: Int, random: Double, serverAsked: Duration?) -> Duration {
        let backoff = delay(beforeRetry: attempt, random: random)
        guard let serverAsked, serverAsked > .zero else { return backoff }
        return max(backoff, min(serverAsked, maximumDelay))
    }

    private func pow2(_ exponent: Int) -> Double {
        Double(sign: .plus, exponent: exponent, significand: 1)
    }
}
