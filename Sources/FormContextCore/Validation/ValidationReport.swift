/// The outcome of validating a set of values: every error and warning, in definition order.
///
/// Within a field, issues come in the order its validators are listed; fields come in the order
/// of the ``FormDefinition``; form-level issues (``ValidationIssue/key`` `nil`) come last.
public struct ValidationReport: Hashable, Sendable, CustomStringConvertible {
    /// Every issue that blocks submission.
    public var errors: [ValidationIssue]
    /// Every issue that does not block submission.
    public var warnings: [ValidationIssue]

    /// Creates a report.
    ///
    /// - Parameters:
    ///   - errors: The blocking issues, in order.
    ///   - warnings: The non-blocking issues, in order.
    init(errors: [ValidationIssue] = [], warnings: [ValidationIssue] = []) {
        self.errors = errors
        self.warnings = warnings
    }

    /// Whether there is no error (warnings do not count).
    public var isValid: Bool { errors.isEmpty }

    /// The key of the first field with an error, to move the focus to.
    public var firstInvalidKey: String? {
        errors.first { $0.key != nil }?.key
    }

    /// The errors of one field, in the order its validators are listed.
    ///
    /// - Complexity: O(*e*) for *e* errors.
    func errors(for key: String) -> [ValidationIssue] {
        errors.filter { $0.key == key }
    }

    /// The warnings of one field.
    ///
    /// - Complexity: O(*w*) for *w* warnings.
    func warnings(for key: String) -> [ValidationIssue] {
        warnings.filter { $0.key == key }
    }

    /// The errors that belong to no field.
    ///
    /// - Complexity: O(*e*) for *e* errors.
    var formErrors: [ValidationIssue] {
        errors.filter { $0.key == nil }
    }

    /// Every error as a `key: message` line, in order.
    ///
    /// - Complexity: O(*e*) for *e* errors.
    var lines: [String] { errors.map(\.description) }

    /// `valid`, or the errors one per line.
    public var description: String {
        isValid ? "valid" : lines.joined(separator: "\n")
    }

    @inlinable
    mutating func append(_ issue: ValidationIssue) {
        if issue.severity == .error { errors.append(issue) } else { warnings.append(issue) }
    }
}
