import Foundation

extension FormContext: CustomStringConvertible, CustomDebugStringConvertible {
    /// The mask shown in place of a secret value.
    public static let secretMask = "••••••"

    /// The values sorted by key, with secret values masked: `["name": "Ada", "password": ••••••]`.
    ///
    /// - Complexity: O(*n* log *n*).
    public var description: String {
        if storage.isEmpty { return "[:]" }
        let entries = sortedKeys.map { key in
            "\(String(reflecting: key)): \(displayValue(for: key, revealingSecrets: false, quoted: true))"
        }
        return "[" + entries.joined(separator: ", ") + "]"
    }

    /// The same as ``description``: secret values stay masked in debug output too.
    public var debugDescription: String { "FormContext(\(description))" }

    /// The text shown for the value under `key`: the mask for a secret, otherwise the value.
    ///
    /// - Parameters:
    ///   - key: The field key.
    ///   - revealingSecrets: Whether to show secret values as they are.
    ///   - quoted: Whether strings are shown in quotes (as in `description`) or bare.
    /// - Returns: The text, or an empty string if the key has no value.
    public func displayValue(for key: String, revealingSecrets: Bool = false, quoted: Bool = false) -> String {
        guard let value = storage[key] else { return "" }
        if secureKeys.contains(key) && !revealingSecrets { return Self.secretMask }
        return Self.display(value.base, quoted: quoted)
    }

    /// Shows a value: dates as ISO 8601, strings in quotes when `quoted`, anything else as it prints.
    static func display(_ value: Any, quoted: Bool) -> String {
        if let date = value as? Date { return date.formatted(.iso8601) }
        return quoted ? String(reflecting: value) : String(describing: value)
    }

    /// Every field as a `key: value` line, sorted by key, secret values masked unless revealed.
    ///
    /// Dates are shown in ISO 8601 (`2024-05-01T00:00:00Z`); strings are shown bare.
    ///
    /// - Parameter revealingSecrets: Whether to show secret values as they are.
    /// - Complexity: O(*n* log *n*).
    public func lines(revealingSecrets: Bool = false) -> [String] {
        sortedKeys.map { "\($0): \(displayValue(for: $0, revealingSecrets: revealingSecrets))" }
    }
}
