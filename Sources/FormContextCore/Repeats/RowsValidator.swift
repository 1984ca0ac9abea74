/// A check of a repeat group's rows as a whole, reported under the group's key: values that must
/// differ from row to row, a value some row must hold, or any test of the rows.
///
/// The group's minimum and maximum number of rows are checked too, with rules `minimumRows` and
/// `maximumRows`.
public struct RowsValidator: Sendable {
    /// The rule's name, as reported in ``ValidationIssue/rule``.
    let rule: String
    /// The message shown when the check fails.
    let message: String
    /// Whether a failure blocks submission.
    let severity: ValidationSeverity
    let kind: Kind

    enum Kind: Sendable {
        case unique(String)
        case atLeastOne(String, StoredValue)
        case custom(@Sendable (RepeatRows) -> Bool)
    }

    /// `field` must hold a different value in every row; blank values and hidden fields aside.
    ///
    /// The form keeps which values repeat as rows change, so the check costs the same however many
    /// rows the group has.
    ///
    /// - Parameters:
    ///   - field: The field of a row.
    ///   - message: The message; by default `has the same <field> in more than one row`.
    /// - Returns: The validator, rule `unique`.
    public static func unique<Value>(_ field: FormKey<Value>, message: String? = nil) -> RowsValidator {
        RowsValidator(
            rule: "unique", message: message ?? "has the same \(field.name) in more than one row", severity: .error,
            kind: .unique(field.name))
    }

    /// At least one row's `field` must hold `value`.
    ///
    /// - Parameters:
    ///   - field: The field of a row.
    ///   - value: The value one row must hold.
    ///   - message: The message; by default `needs a row whose <field> is <value>`.
    /// - Returns: The validator, rule `atLeastOne`.
    public static func atLeastOne<Value: Hashable & Sendable>(_ field: FormKey<Value>, equals value: Value, message: String? = nil)
        -> RowsValidator
    {
        RowsValidator(
            rule: "atLeastOne", message: message ?? "needs a row whose \(field.name) is \(value)", severity: .error,
            kind: .atLeastOne(field.name, StoredValue(value)))
    }

    /// Any check of the rows.
    ///
    /// The test reads the rows through ``RepeatRows``; on a live form it runs again when something it
    /// read changes, and its cost is what it reads.
    ///
    /// - Parameters:
    ///   - rule: The rule's name.
    ///   - message: The message shown when `test` returns `false`.
    ///   - severity: Whether a failure blocks submission; an error by default.
    ///   - test: Whether the rows pass.
    /// - Returns: The validator.
    public static func custom(
        _ rule: String, message: String, severity: ValidationSeverity = .error, _ test: @escaping @Sendable (RepeatRows) -> Bool
    ) -> RowsValidator {
        RowsValidator(rule: rule, message: message, severity: severity, kind: .custom(test))
    }

    /// The statistic the check reads, if it reads one.
    var statistic: RowStatistic? {
        switch kind {
        case .unique(let field): .duplicates(field)
        case .atLeastOne(let field, let value): .matching(field, value)
        case .custom: nil
        }
    }
}
