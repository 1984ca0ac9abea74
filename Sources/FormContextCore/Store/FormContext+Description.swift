import Foundation

extension FormContext: CustomStringConvertible, CustomDebugStringConvertible {
    /// The mask shown in place of a secret value.
    static let secretMask = SecretDisplay.mask

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
        return SecretDisplay.text(of: value, isSecret: secureKeys.contains(key) && !revealingSecrets, quoted: quoted)
    }

    /// Shows a value: dates as ISO 8601 (or what they are instead, such as `invalid date (nan)`),
    /// strings in quotes when `quoted`, anything else as it prints.
    ///
    /// An array holding dates is shown element by element, since `Date`'s own description traps on a
    /// date whose time interval is not a number.
    static func display(_ value: Any, quoted: Bool) -> String {
        if let date = value as? Date { return ISO8601DateText.describe(date) }
        if let array = value as? [Any], array.contains(where: { $0 is Date }) {
            return "[" + array.map { display($0, quoted: true) }.joined(separator: ", ") + "]"
        }
        return quoted ? String(reflecting: value) : String(describing: value)
    }

    /// A value as a mirror shows it: the value itself, except a date, shown as its text (so that
    /// `dump` never asks `Date` to describe itself).
    static func mirrored(_ value: Any) -> Any {
        value is Date || value is [Date] ? display(value, quoted: true) : value
    }

    /// Every field as a `key: value` line, sorted by key, secret values masked unless revealed.
    ///
    /// Dates are shown in ISO 8601 (`2024-05-01T00:00:00Z`, with fractional seconds when the date has
    /// them); a date with no such text is shown as what it is (`invalid date (nan)`). Strings are shown bare.
    ///
    /// - Parameter revealingSecrets: Whether to show secret values as they are.
    /// - Complexity: O(*n* log *n*).
    public func lines(revealingSecrets: Bool = false) -> [String] {
        sortedKeys.map { "\($0): \(displayValue(for: $0, revealingSecrets: revealingSecrets))" }
    }
}
