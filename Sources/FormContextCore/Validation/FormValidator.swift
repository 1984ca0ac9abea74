/// A check of the form as a whole, whose issue belongs to no single field.
///
/// ```swift
/// let dates = FormValidator("dateOrder", message: "The end must not come before the start") { values in
///     guard let start = values[FormKey<Date>("start")], let end = values[FormKey<Date>("end")] else { return true }
///     return start <= end
/// }
/// ```
///
/// To put a cross-field issue on a field instead, give that field a
/// ``Validator/custom(_:message:dependsOn:_:)`` validator that lists the fields it reads.
public struct FormValidator: Sendable {
    /// The rule's name, as reported in ``ValidationIssue/rule``.
    let rule: String
    /// The message shown when the check fails.
    let message: String
    /// Whether a failure blocks submission.
    let severity: ValidationSeverity
    let test: @Sendable (FormValues) -> Bool

    /// Creates a form-level validator.
    ///
    /// - Parameters:
    ///   - rule: The rule's name.
    ///   - message: The message shown when `test` returns `false`.
    ///   - severity: Whether a failure blocks submission; an error by default.
    ///   - test: Returns whether the values pass. It reads the values of the visible, enabled fields
    ///     (hidden and disabled ones read as absent); on a live form the reads are recorded, and the
    ///     validator runs again only when a key it read changes. It runs without any lock held, so it
    ///     may also read the live form directly; a validator that reads nothing through `values` runs
    ///     whenever the form validates.
    public init(
        _ rule: String, message: String, severity: ValidationSeverity = .error,
        _ test: @escaping @Sendable (FormValues) -> Bool
    ) {
        self.rule = rule
        self.message = message
        self.severity = severity
        self.test = test
    }

    /// The issue this validator reports for `values`, or `nil` if they pass.
    func issue(for values: FormValues) -> ValidationIssue? {
        test(values) ? nil : ValidationIssue(key: nil, rule: rule, message: message, severity: severity)
    }
}
