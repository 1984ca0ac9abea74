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
    let valueTypeName: String
    /// The value a new form starts with, or `nil` for none.
    let defaultValue: (any Hashable & Sendable)?
    /// Whether the value is secret: masked in every description and in the demo's output.
    let isSecure: Bool
    /// The names of the synchronous validators, in the order they run.
    let rules: [String]
    /// The names of the asynchronous validators, in the order they run.
    let asyncRules: [String]
    /// The other fields the validators read.
    let dependencies: [String]

    @usableFromInline let invalidPattern: String?
    @usableFromInline let debounce: Duration
    @usableFromInline let check: @Sendable (AnyHashable?, FormValues, inout ValidationReport) -> Void
    @usableFromInline let asyncCheck: (@Sendable (AnyHashable) async -> [ValidationIssue])?
    /// The field's value type, when the field was declared with one.
    @usableFromInline var valueType: ObjectIdentifier?
    /// Whether ``check`` checks nothing but the value's type (the field has no validators): then a
    /// value of type ``valueType``, or none, passes it without running it. `false` when unknown.
    @usableFromInline var checksOnlyType = false
    /// When the field is shown, enabled and required, and how its value is computed.
    var conditions: FieldConditions {
        get { extras?.conditions ?? FieldConditions() }
        set { extras = FieldExtras(conditions: newValue, repeatGroup: repeatGroup) }
    }
    /// The repeat group whose rows this field's value orders, for a group's field.
    var repeatGroup: RepeatGroup? {
        get { extras?.repeatGroup }
        set { extras = FieldExtras(conditions: conditions, repeatGroup: newValue) }
    }
    /// The rules and the repeat group, which most fields do not have, kept out of line so that a
    /// definition of many fields stays compact; `nil` for a field with neither.
    private(set) var extras: FieldExtras?
    @usableFromInline let decodeValue: @Sendable (JSONValue) throws(JSONMismatch) -> AnyHashable?

    /// Creates a field whose values have type `Value`.
    ///
    /// The initializer is inlinable so that the checks it builds are specialized for `Value` where the
    /// field is defined: validating then costs about what calling the validators directly does.
    ///
    /// - Parameters:
    ///   - key: The field's key and value type.
    ///   - defaultValue: The value a new form starts with; none by default.
    ///   - isSecure: Whether the value is secret.
    ///   - validators: The synchronous checks, run in this order.
    ///   - asyncValidators: The asynchronous checks, run in this order after the synchronous ones pass,
    ///     once the value has been unchanged for the longest of their debounce intervals.
    @inlinable
    public init<Value: Hashable & Sendable>(
        _ key: FormKey<Value>, default defaultValue: Value? = nil, isSecure: Bool = false,
        validators: [Validator<Value>] = [], asyncValidators: [AsyncValidator<Value>] = []
    ) {
        self.init(
            key: key.name, valueTypeName: typeName(of: Value.self), defaultValue: defaultValue, isSecure: isSecure,
            rules: validators.map { $0.rule }, asyncRules: asyncValidators.map { $0.rule },
            dependencies: Self.dependencies(of: validators), invalidPattern: Self.invalidPattern(in: validators),
            debounce: asyncValidators.map { $0.debounce }.max() ?? .zero,
            check: Self.makeCheck(key: key.name, validators: validators),
            asyncCheck: Self.makeAsyncCheck(key: key.name, validators: asyncValidators),
            decodeValue: Self.makeDecoder(Value.self))
        valueType = ObjectIdentifier(Value.self)
        checksOnlyType = validators.isEmpty
    }

    @usableFromInline
    init(
        key: String, valueTypeName: String, defaultValue: (any Hashable & Sendable)?, isSecure: Bool, rules: [String],
        asyncRules: [String], dependencies: [String], invalidPattern: String?, debounce: Duration,
        check: @escaping @Sendable (AnyHashable?, FormValues, inout ValidationReport) -> Void,
        asyncCheck: (@Sendable (AnyHashable) async -> [ValidationIssue])?,
        decodeValue: @escaping @Sendable (JSONValue) throws(JSONMismatch) -> AnyHashable?
    ) {
        self.key = key
        self.valueTypeName = valueTypeName
        self.defaultValue = defaultValue
        self.isSecure = isSecure
        self.rules = rules
        self.asyncRules = asyncRules
        self.dependencies = dependencies
        self.invalidPattern = invalidPattern
        self.debounce = debounce
        self.check = check
        self.asyncCheck = asyncCheck
        self.decodeValue = decodeValue
    }

    /// The fields the validators read, each once, in order of first mention.
    @usableFromInline
    static func dependencies<Value>(of validators: [Validator<Value>]) -> [String] {
        var dependencies: [String] = []
        for validator in validators {
            for dependency in validator.dependencies where !dependencies.contains(dependency) {
                dependencies.append(dependency)
            }
        }
        return dependencies
    }

    /// The first pattern among the validators that did not compile.
    @usableFromInline
    static func invalidPattern<Value>(in validators: [Validator<Value>]) -> String? {
        for validator in validators {
            if let pattern = validator.invalidPattern { return pattern }
        }
        return nil
    }

    /// The synchronous check of one field: absent values, then the type, then each validator in order.
    @inlinable
    static func makeCheck<Value: Hashable & Sendable>(
        key: String, validators: [Validator<Value>]
    ) -> @Sendable (AnyHashable?, FormValues, inout ValidationReport) -> Void {
        // Blank text and empty collections are empty: every validator but `required` passes them.
        let isEmpty = blankTest(for: Value.self)
        // Only what the checks need, so the loop copies one flag and one closure per validator; the
        // rest of a validator is read only when it fails.
        let tests = validators.map { (isRequirement: $0.isRequirement, test: $0.test) }
        return { value, values, report in
            guard let value else {
                for validator in validators where validator.isRequirement {
                    report.append(ValidationIssue(key: key, rule: validator.rule, message: validator.message, severity: validator.severity))
                }
                return
            }
            guard let typed = value.base as? Value else {
                report.errors.append(ValidationIssue(
                    key: key, rule: "type", message: "expected \(typeName(of: Value.self)), found \(typeName(of: type(of: value.base)))"))
                return
            }
            let isEmptyValue = isEmpty(typed)
            for position in tests.indices {
                if isEmptyValue && !tests[position].isRequirement { continue }
                if !tests[position].test(typed, values) {
                    let validator = validators[position]
                    report.append(ValidationIssue(key: key, rule: validator.rule, message: validator.message, severity: validator.severity))
                }
            }
        }
    }

    /// The asynchronous check of one field, or `nil` if it has no asynchronous validators.
    @usableFromInline
    static func makeAsyncCheck<Value: Hashable & Sendable>(
        key: String, validators: [AsyncValidator<Value>]
    ) -> (@Sendable (AnyHashable) async -> [ValidationIssue])? {
        guard !validators.isEmpty else { return nil }
        return { value in
            guard let typed = value.base as? Value, !isBlankValue(typed) else { return [] }
            var issues: [ValidationIssue] = []
            for validator in validators {
                if Task.isCancelled { break }
                do {
                    if let message = try await validator.check(typed) {
                        issues.append(ValidationIssue(key: key, rule: validator.rule, message: message))
                    }
                } catch {
                    if Task.isCancelled { break }
                    issues.append(ValidationIssue(key: key, rule: validator.rule, message: "could not be checked: \(error)"))
                }
            }
            return issues
        }
    }

    /// Whether the field has asynchronous validators.
    var hasAsyncValidators: Bool { asyncCheck != nil }

    /// Runs the field's synchronous validators on `value`.
    ///
    /// A value of another type than the field's is one error, rule `type`, naming both types; the
    /// other validators do not run on it.
    ///
    /// - Parameters:
    ///   - value: The value, or `nil` for an absent one.
    ///   - context: The form's values, for validators that compare fields.
    /// - Returns: The field's errors and warnings, in the order its validators are listed.
    func validate(_ value: AnyHashable?, in context: FormContext = FormContext()) -> ValidationReport {
        var report = ValidationReport()
        check(value, FormValues(context), &report)
        return report
    }
}
