/// One field of a ``FormDefinition``: its key, value type, default, secrecy and validators.
///
/// A definition is a plain `Sendable` value: build it once, share it between a client form and the
/// server code that checks what the client sent.
///
/// ```swift
/// let password = FieldDefinition(FormKey<String>("password"), default: "", isSecure: true, validators: [
///     .required(),
///     .minLength(8),
/// ])
/// ```
public struct FieldDefinition: Sendable {
    /// The field key.
    public let key: String
    /// The name of the field's value type, as used in error messages (`String`, `Int`).
    public let valueTypeName: String
    /// The value a new form starts with, or `nil` for none.
    public let defaultValue: (any Hashable & Sendable)?
    /// Whether the value is secret: masked in every description and in the demo's output.
    public let isSecure: Bool
    /// The names of the synchronous validators, in the order they run.
    public let rules: [String]
    /// The names of the asynchronous validators, in the order they run.
    public let asyncRules: [String]
    /// The other fields the validators read.
    public let dependencies: [String]

    let invalidPattern: String?
    let debounce: Duration
    let check: @Sendable (AnyHashable?, FormContext, inout ValidationReport) -> Void
    let asyncCheck: (@Sendable (AnyHashable) async -> [ValidationIssue])?

    /// Creates a field whose values have type `Value`.
    ///
    /// - Parameters:
    ///   - key: The field's key and value type.
    ///   - defaultValue: The value a new form starts with; none by default.
    ///   - isSecure: Whether the value is secret.
    ///   - validators: The synchronous checks, run in this order.
    ///   - asyncValidators: The asynchronous checks, run in this order after the synchronous ones pass,
    ///     once the value has been unchanged for the longest of their debounce intervals.
    public init<Value: Hashable & Sendable>(
        _ key: FormKey<Value>, default defaultValue: Value? = nil, isSecure: Bool = false,
        validators: [Validator<Value>] = [], asyncValidators: [AsyncValidator<Value>] = []
    ) {
        let name = key.name
        self.key = name
        valueTypeName = typeName(of: Value.self)
        self.defaultValue = defaultValue
        self.isSecure = isSecure
        rules = validators.map(\.rule)
        asyncRules = asyncValidators.map(\.rule)
        var dependencies: [String] = []
        for validator in validators {
            for dependency in validator.dependencies where !dependencies.contains(dependency) {
                dependencies.append(dependency)
            }
        }
        self.dependencies = dependencies
        invalidPattern = validators.lazy.compactMap(\.invalidPattern).first
        debounce = asyncValidators.map(\.debounce).max() ?? .zero
        let expected = valueTypeName
        let isEmpty: @Sendable (Value) -> Bool
        if Value.self == String.self {
            isEmpty = { ($0 as! String).isEmpty }
        } else if Value.self is any Collection.Type {
            isEmpty = { ($0 as! any Collection).isEmpty }
        } else {
            isEmpty = { _ in false }
        }
        check = { value, context, report in
            guard let value else {
                for validator in validators where validator.isRequirement {
                    report.append(ValidationIssue(key: name, rule: validator.rule, message: validator.message, severity: validator.severity))
                }
                return
            }
            guard let typed = value.base as? Value else {
                report.errors.append(ValidationIssue(
                    key: name, rule: "type", message: "expected \(expected), found \(typeName(of: type(of: value.base)))"))
                return
            }
            let isEmptyValue = isEmpty(typed)
            for validator in validators {
                if isEmptyValue && !validator.isRequirement { continue }
                if !validator.test(typed, context) {
                    report.append(ValidationIssue(key: name, rule: validator.rule, message: validator.message, severity: validator.severity))
                }
            }
        }
        if asyncValidators.isEmpty {
            asyncCheck = nil
        } else {
            asyncCheck = { value in
                guard let typed = value.base as? Value, !isEmptyValue(typed) else { return [] }
                var issues: [ValidationIssue] = []
                for validator in asyncValidators {
                    if Task.isCancelled { break }
                    do {
                        if let message = try await validator.check(typed) {
                            issues.append(ValidationIssue(key: name, rule: validator.rule, message: message))
                        }
                    } catch {
                        if Task.isCancelled { break }
                        issues.append(ValidationIssue(key: name, rule: validator.rule, message: "could not be checked: \(error)"))
                    }
                }
                return issues
            }
        }
    }

    /// Creates a field named `key` whose values have type `type`.
    ///
    /// - Parameters:
    ///   - key: The field key.
    ///   - type: The value type.
    ///   - defaultValue: The value a new form starts with; none by default.
    ///   - isSecure: Whether the value is secret.
    ///   - validators: The synchronous checks, run in this order.
    ///   - asyncValidators: The asynchronous checks.
    public init<Value: Hashable & Sendable>(
        _ key: String, type: Value.Type, default defaultValue: Value? = nil, isSecure: Bool = false,
        validators: [Validator<Value>] = [], asyncValidators: [AsyncValidator<Value>] = []
    ) {
        self.init(FormKey<Value>(key), default: defaultValue, isSecure: isSecure, validators: validators, asyncValidators: asyncValidators)
    }

    /// Whether the field has asynchronous validators.
    public var hasAsyncValidators: Bool { asyncCheck != nil }

    /// Runs the field's synchronous validators on `value`.
    ///
    /// A value of another type than the field's is one error, rule `type`, naming both types; the
    /// other validators do not run on it.
    ///
    /// - Parameters:
    ///   - value: The value, or `nil` for an absent one.
    ///   - context: The form's values, for validators that compare fields.
    /// - Returns: The field's errors and warnings, in the order its validators are listed.
    public func validate(_ value: AnyHashable?, in context: FormContext = FormContext()) -> ValidationReport {
        var report = ValidationReport()
        check(value, context, &report)
        return report
    }
}
