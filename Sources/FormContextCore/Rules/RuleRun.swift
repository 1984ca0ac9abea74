/// One run of one rule: which rule (named by the key it decides about, and what it decides unless it
/// is the key's value), and the keys it read.
@_spi(Diagnostics) public struct RuleRun: Hashable, Sendable, CustomStringConvertible {
    /// The rule: `total` for a calculation, `children (visible)` for a visibility rule,
    /// `household.* (visible)` for a group's.
    let rule: String
    /// The keys it read, in the order it read them.
    let reads: [String]

    /// `rule <- read, read`.
    @_spi(Diagnostics) public var description: String {
        reads.isEmpty ? "\(rule) (read nothing)" : "\(rule) <- " + reads.joined(separator: ", ")
    }
}

/// A cycle among a definition's rules: each rule reads what the one before it decides.
///
/// The form takes the rules of a cycle out and keeps the last values they gave; the others go on.
public struct RuleCycle: Hashable, Sendable, CustomStringConvertible {
    /// The rules of the cycle in the order values flow, the first repeated at the end:
    /// `["total", "tax", "total"]`.
    public let rules: [String]

    /// `cycle: total → tax → total`.
    public var description: String {
        "cycle: " + rules.joined(separator: " → ")
    }
}

/// What a definition's rules give for a plain context: the values with the calculations made, and
/// which fields are hidden, disabled and required. The same rules, run the same way, as a live form's.
public struct RuleEvaluation: Sendable, CustomStringConvertible {
    /// Every value, the calculated ones included (and hidden ones removed, if the definition clears them).
    public let values: FormContext
    /// The fields the rules hide.
    public let hiddenKeys: Set<String>
    /// The fields the rules disable.
    public let disabledKeys: Set<String>
    /// The fields whose required-when rule holds.
    public let requiredKeys: Set<String>
    /// The cycles found; their rules were left out.
    public let cycles: [RuleCycle]

    /// The fields left out of validation and submission: hidden or disabled.
    var inactiveKeys: Set<String> { hiddenKeys.union(disabledKeys) }

    /// The values of the active fields: what a submission of these values would hold.
    ///
    /// - Complexity: O(*n*) for *n* values.
    public var activeValues: FormContext {
        var active = values
        for key in inactiveKeys { active.storage[key] = nil }
        return active
    }

    /// The active values, one per line, then the hidden, disabled and required keys.
    public var description: String {
        var lines = activeValues.lines()
        if !hiddenKeys.isEmpty { lines.append("hidden: " + hiddenKeys.sorted().joined(separator: ", ")) }
        if !disabledKeys.isEmpty { lines.append("disabled: " + disabledKeys.sorted().joined(separator: ", ")) }
        if !requiredKeys.isEmpty { lines.append("required: " + requiredKeys.sorted().joined(separator: ", ")) }
        lines += cycles.map(\.description)
        return lines.joined(separator: "\n")
    }
}
