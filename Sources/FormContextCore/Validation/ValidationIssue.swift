/// One failed validator: which field, which rule, what to tell the user.
///
/// Issues come from validation: ``FormDefinition/validate(_:inactiveKeys:)``,
/// ``FormContextObject/validate()`` and ``FieldState/errors`` of a live form.
///
/// ```swift
/// let signUp = try FormDefinition([FieldDefinition(FormKey<String>("email"), validators: [.email()])])
/// let issue = signUp.validate(["email": "ada"]).errors[0]
/// print(issue)        // email: is not a valid email address
/// print(issue.rule)   // email
/// ```
public struct ValidationIssue: Hashable, Sendable, CustomStringConvertible {
    /// The field the issue is about, or `nil` for an issue about the whole form.
    public let key: String?
    /// The name of the rule that failed, for example `required`, `minLength(3)` or `type`.
    public let rule: String
    /// The message for the user, without the key: `is required`.
    public let message: String
    /// Whether the issue blocks submission (``ValidationSeverity/error``) or not.
    public let severity: ValidationSeverity

    /// Creates an issue.
    ///
    /// - Parameters:
    ///   - key: The field, or `nil` for a form-level issue.
    ///   - rule: The name of the rule that failed.
    ///   - message: The message for the user.
    ///   - severity: Whether it blocks submission.
    @usableFromInline init(key: String?, rule: String, message: String, severity: ValidationSeverity = .error) {
        self.key = key
        self.rule = rule
        self.message = message
        self.severity = severity
    }

    /// `key: message` for a field issue, the bare message for a form-level one.
    public var description: String {
        if let key { return "\(key): \(message)" }
        return message
    }
}
