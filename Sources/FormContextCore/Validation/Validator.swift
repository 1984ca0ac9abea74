/// One synchronous check of a field's value, with the message shown when it fails.
///
/// Validators are values: build them with the factory methods (``required(_:)``,
/// ``minLength(_:message:)``, ``pattern(_:message:)``, ``custom(_:message:dependsOn:_:)`` …) and list
/// them in a ``FieldDefinition``. They run in the order they are listed.
///
/// Every validator except ``required(_:)`` passes an empty value (absent, blank text such as `""` or
/// `"   "`, or an empty collection): list `.required()` as well to demand one. A field left blank
/// therefore reports one message, `is required`, not one from each validator.
///
/// ```swift
/// let name = FieldDefinition(FormKey<String>("name"), validators: [
///     .required("Enter a name"),
///     .maxLength(40),
///     .minLength(3).warning("Short names are hard to find"),
/// ])
/// ```
public struct Validator<Value: Hashable & Sendable>: Sendable {
    /// The rule's name, as reported in ``ValidationIssue/rule``: `required`, `minLength(3)` …
    @usableFromInline let rule: String
    /// The message shown when the check fails.
    @usableFromInline var message: String
    /// Whether a failure blocks submission.
    @usableFromInline var severity: ValidationSeverity
    /// The other fields the check reads; a change to one of them re-validates this field.
    let dependencies: [String]

    @usableFromInline let isRequirement: Bool
    @usableFromInline let test: @Sendable (Value, FormValues) -> Bool
    /// The pattern that did not compile, reported when the definition is built.
    @usableFromInline let invalidPattern: String?

    @usableFromInline
    init(
        rule: String, message: String, severity: ValidationSeverity = .error, dependencies: [String] = [],
        isRequirement: Bool = false, invalidPattern: String? = nil,
        test: @escaping @Sendable (Value, FormValues) -> Bool
    ) {
        self.rule = rule
        self.message = message
        self.severity = severity
        self.dependencies = dependencies
        self.isRequirement = isRequirement
        self.invalidPattern = invalidPattern
        self.test = test
    }

    /// The same check as a warning: it is reported but never blocks submission.
    ///
    /// - Parameter message: A message to use instead of the validator's own.
    /// - Returns: The validator with severity ``ValidationSeverity/warning``.
    public func warning(_ message: String? = nil) -> Validator {
        var copy = self
        copy.severity = .warning
        if let message { copy.message = message }
        return copy
    }

    /// The same check with another message.
    ///
    /// - Parameter message: The message shown when the check fails.
    /// - Returns: The validator with `message`.
    func message(_ message: String) -> Validator {
        var copy = self
        copy.message = message
        return copy
    }

    /// Runs the check on `value`, the way a field runs it (empty and blank values pass all but `required`).
    ///
    /// - Parameters:
    ///   - value: The value to check, or `nil` for an absent one.
    ///   - context: The other values of the form, for checks that compare fields.
    /// - Returns: Whether the value passes.
    func passes(_ value: Value?, in context: FormContext = FormContext()) -> Bool {
        passes(value, in: FormValues(context))
    }

    /// Runs the check on `value`, the way a field runs it, reading other fields from `values`.
    ///
    /// - Parameters:
    ///   - value: The value to check, or `nil` for an absent one.
    ///   - values: The other values of the form.
    /// - Returns: Whether the value passes.
    func passes(_ value: Value?, in values: FormValues) -> Bool {
        guard let value else { return !isRequirement }
        if isRequirement { return test(value, values) }
        return isBlankValue(value) || test(value, values)
    }
}
