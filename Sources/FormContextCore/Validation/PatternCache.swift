import Foundation
import Synchronization

/// The compiled regular expressions of ``Validator/pattern(_:message:)``, one per distinct pattern.
///
/// Compiling an expression costs far more than checking a value against it, and forms often repeat
/// a pattern across many fields (every phone number, every postcode), so each distinct pattern is
/// compiled once for the life of the process. The cache holds at most ``capacity`` patterns; past
/// that it starts again empty, so a program that makes patterns from data cannot grow it without bound.
final class PatternCache: Sendable {
    /// A compiled expression that may be shared between threads.
    struct Expression: @unchecked Sendable {
        // `@unchecked Sendable` is sound: `NSRegularExpression` is immutable once built, and
        // matching does not mutate it.
        let expression: NSRegularExpression
    }

    /// What a pattern compiles to.
    enum Compiled: Sendable {
        /// The pattern does not compile.
        case invalid
        /// The pattern wrapped as `\A(?:pattern)\z`, so that it must match the whole value.
        case anchored(Expression)
        /// The pattern as it is, for one that cannot be wrapped (it ends in a free-spacing comment).
        case plain(Expression)
    }

    /// The cache every pattern validator uses.
    static let shared = PatternCache()

    /// The most patterns kept at once.
    let capacity = 4096
    private let entries = Mutex<[String: Compiled]>([:])

    /// `pattern`, compiled (or found compiled before).
    func compiled(_ pattern: String) -> Compiled {
        if let found = entries.withAnnotatedLock({ $0[pattern] }) { return found }
        let compiled = Self.compile(pattern)
        entries.withAnnotatedLock { entries in
            if entries.count >= capacity { entries = [:] }
            entries[pattern] = compiled
        }
        return compiled
    }

    private static func compile(_ pattern: String) -> Compiled {
        guard let plain = try? NSRegularExpression(pattern: pattern) else { return .invalid }
        // Anchoring the group at both ends lets the engine backtrack into a longer alternative
        // (`a|ab` matches all of "ab"), which checking the first match's range would not.
        if let anchored = try? NSRegularExpression(pattern: "\\A(?:" + pattern + ")\\z") {
            return .anchored(Expression(expression: anchored))
        }
        return .plain(Expression(expression: plain))
    }
}
