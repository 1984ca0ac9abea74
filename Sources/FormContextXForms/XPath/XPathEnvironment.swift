public import Foundation
import Synchronization

/// What an evaluation reads from outside the form: the clock, the time zone, and the random source
/// behind `random()`, `uuid()` and `randomize()`. A test gives fixed ones (``seeded(_:now:timeZone:)``),
/// so every result is repeatable.
public struct XPathEnvironment: Sendable {
    /// The current instant, for `now()` and `today()`.
    public var now: @Sendable () -> Date
    /// A number in `0..<1`, for `random()`, `uuid()` and `randomize()` without a seed.
    public var random: @Sendable () -> Double
    /// The zone dates are read and written in: a date without a time is midnight here, and
    /// `today()`, `format-date` and day counts use it.
    public var timeZone: TimeZone

    /// Creates an environment.
    /// - Parameters:
    ///   - now: The clock.
    ///   - random: The random source: numbers in `0..<1`.
    ///   - timeZone: The time zone.
    public init(now: @escaping @Sendable () -> Date, random: @escaping @Sendable () -> Double, timeZone: TimeZone) {
        self.now = now
        self.random = random
        self.timeZone = timeZone
    }

    /// The system's clock, random source and current time zone.
    public static var system: XPathEnvironment {
        XPathEnvironment(now: { Date() }, random: { Double.random(in: 0..<1) }, timeZone: .current)
    }

    /// A fixed clock and a seeded random source (SplitMix64): the same seed gives the same numbers
    /// and UUIDs in the same order.
    /// - Parameters:
    ///   - seed: The random source's seed.
    ///   - now: The instant `now()` returns.
    ///   - timeZone: The time zone; UTC unless given.
    /// - Returns: The environment.
    public static func seeded(_ seed: UInt64, now: Date, timeZone: TimeZone = TimeZone(secondsFromGMT: 0)!) -> XPathEnvironment {
        let state = Mutex(seed)
        return XPathEnvironment(
            now: { now },
            random: {
                let bits = state.withLock { state -> UInt64 in
                    state &+= 0x9E37_79B9_7F4A_7C15
                    var z = state
                    z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
                    z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
                    return z ^ (z >> 31)
                }
                return Double(bits >> 11) / Double(1 << 53)
            },
            timeZone: timeZone)
    }

    /// A version 4 UUID in lowercase from the random source.
    func uuid() -> String {
        var bytes = (0..<16).map { _ in UInt8(min(255, Int(random() * 256))) }
        bytes[6] = bytes[6] & 0x0F | 0x40
        bytes[8] = bytes[8] & 0x3F | 0x80
        let hex = bytes.map { ($0 < 16 ? "0" : "") + String($0, radix: 16) }
        return [hex[0..<4], hex[4..<6], hex[6..<8], hex[8..<10], hex[10..<16]].map { $0.joined() }.joined(separator: "-")
    }
}
