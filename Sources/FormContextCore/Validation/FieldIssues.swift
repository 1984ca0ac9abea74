/// The issues a live form holds for one field, kept apart by where they came from.
struct FieldIssues: Equatable, @unchecked Sendable {
    // `@unchecked Sendable` is sound: ``asyncValue`` is a value taken from a `FormContext`, which
    // admits only `Hashable & Sendable` values; everything else is `Sendable`.

    /// From the synchronous validators.
    var errors: [ValidationIssue] = []
    var warnings: [ValidationIssue] = []
    /// From the asynchronous validators, for the value ``asyncValue``.
    var asyncErrors: [ValidationIssue] = []
    /// The value the asynchronous errors were found for; `nil` if none was checked.
    var asyncValue: AnyHashable?
    /// Set from outside (a server's answer to a submit); cleared when the value changes.
    var externalErrors: [ValidationIssue] = []

    var errorCount: Int { errors.count + asyncErrors.count + externalErrors.count }
    var allErrors: [ValidationIssue] { errors + asyncErrors + externalErrors }
    var isEmpty: Bool { errorCount == 0 && warnings.isEmpty && asyncValue == nil }

    static func == (lhs: FieldIssues, rhs: FieldIssues) -> Bool {
        lhs.errors == rhs.errors && lhs.warnings == rhs.warnings && lhs.asyncErrors == rhs.asyncErrors
            && lhs.externalErrors == rhs.externalErrors && isSameValue(lhs.asyncValue, rhs.asyncValue)
    }
}
