extension FormDefinition {
    /// The same definition for a nested model, inside `scope`: every field key, every key a validator
    /// reads, and the key of every issue move under the scope's prefix.
    ///
    /// This is how a definition written for a part of the state is reused in a form for the whole, as
    /// a ``FormBridge`` is with ``FormBridge/bind(_:to:under:)``:
    ///
    /// ```swift
    /// let hotspot = try FormDefinition([
    ///     FieldDefinition(FormKey<String>("password"), validators: [.required()]),
    ///     FieldDefinition(FormKey<String>("confirm"), validators: [.equals("password")]),
    /// ])
    /// let settings = hotspot.scoped(in: FormScope("hotspot"))
    /// settings.keys                         // ["hotspot.password", "hotspot.confirm"]
    /// settings.validate(["hotspot.password": "a", "hotspot.confirm": "b"]).lines
    /// // ["hotspot.confirm: must match password"]
    /// ```
    ///
    /// A scoped field's validators see the fields they declare reading (``Validator/dependencies``),
    /// under their names inside the scope; a scoped form-level validator sees the values inside the
    /// scope, with the prefix removed. Scopes nest: scoping twice puts keys under both prefixes.
    ///
    /// - Parameter scope: The scope; the root scope returns the definition unchanged.
    /// - Returns: The scoped definition.
    /// - Complexity: O(*n*) for *n* fields and validators.
    public func scoped(in scope: FormScope) -> FormDefinition {
        guard !scope.prefix.isEmpty else { return self }
        return FormDefinition(
            fields: fields.map { $0.scoped(in: scope) },
            validators: validators.map { $0.scoped(in: scope) },
            positions: Dictionary(uniqueKeysWithValues: positions.map { (scope.key($0.key), $0.value) }),
            dependents: Dictionary(uniqueKeysWithValues: dependents.map { (scope.key($0.key), $0.value) }),
            identifier: identifier, version: version)
    }

    /// The same definition inside the scope `prefix`; see ``scoped(in:)``.
    ///
    /// - Parameter prefix: The scope's prefix, such as `hotspot`.
    /// - Returns: The scoped definition.
    public func scoped(under prefix: String) -> FormDefinition {
        scoped(in: FormScope(prefix))
    }

    /// This definition's fields and validators followed by `other`'s, as one definition.
    ///
    /// Use it to put a scoped definition of a nested model beside the parent's own fields.
    ///
    /// - Parameter other: The definition to add.
    /// - Returns: The combined definition.
    /// - Throws: ``FormDefinitionError`` if the two share a key, or a validator reads a field neither has.
    ///   The result keeps this definition's identifier and version.
    /// - Complexity: O(*n*) for *n* fields and validators in both.
    public func merging(_ other: FormDefinition) throws(FormDefinitionError) -> FormDefinition {
        try FormDefinition(fields + other.fields, validators: validators + other.validators, identifier: identifier, version: version)
    }

    /// A definition assembled from parts already known to be consistent.
    init(
        fields: [FieldDefinition], validators: [FormValidator], positions: [String: Int], dependents: [String: [Int]],
        identifier: String, version: Int
    ) {
        self.fields = fields
        self.validators = validators
        self.identifier = identifier
        self.version = version
        self.positions = positions
        self.dependents = dependents
        checks = fields.map { ($0.key, $0.check) }
    }
}

extension FieldDefinition {
    /// The same field inside `scope`; see ``FormDefinition/scoped(in:)``.
    ///
    /// - Parameter scope: The scope; the root scope returns the field unchanged.
    /// - Returns: The scoped field.
    public func scoped(in scope: FormScope) -> FieldDefinition {
        guard !scope.prefix.isEmpty else { return self }
        let outerKey = scope.key(key)
        let innerCheck = check
        let reads = dependencies.map { (inner: $0, outer: scope.key($0)) }
        let scopedCheck: @Sendable (AnyHashable?, FormContext, inout ValidationReport) -> Void = { value, context, report in
            var visible = FormContext()
            for read in reads { visible.storage[read.inner] = context.storage[read.outer] }
            var inner = ValidationReport()
            innerCheck(value, visible, &inner)
            for issue in inner.errors { report.errors.append(issue.moved(to: outerKey)) }
            for issue in inner.warnings { report.warnings.append(issue.moved(to: outerKey)) }
        }
        let scopedAsyncCheck = asyncCheck.map { innerAsyncCheck in
            { @Sendable (value: AnyHashable) async -> [ValidationIssue] in
                await innerAsyncCheck(value).map { $0.moved(to: outerKey) }
            }
        }
        return FieldDefinition(
            key: outerKey, valueTypeName: valueTypeName, defaultValue: defaultValue, isSecure: isSecure, rules: rules,
            asyncRules: asyncRules, dependencies: reads.map(\.outer), invalidPattern: invalidPattern, debounce: debounce,
            check: scopedCheck, asyncCheck: scopedAsyncCheck, decodeValue: decodeValue)
    }
}

extension FormValidator {
    /// The same form-level validator inside `scope`: its test sees the values under the scope's
    /// prefix, with the prefix removed.
    ///
    /// - Parameter scope: The scope; the root scope returns the validator unchanged.
    /// - Returns: The scoped validator.
    /// - Complexity: Each check of the scoped validator costs O(*n*) for *n* values, to gather the scope's values.
    public func scoped(in scope: FormScope) -> FormValidator {
        guard !scope.prefix.isEmpty else { return self }
        let marker = scope.prefix + "."
        let innerTest = test
        return FormValidator(rule, message: message, severity: severity) { values in
            var inner = FormContext()
            for (key, value) in values.storage where key.hasPrefix(marker) {
                inner.storage[String(key.dropFirst(marker.count))] = value
            }
            return innerTest(inner)
        }
    }
}

extension ValidationIssue {
    /// The same issue, reported on `key` (for a field issue; a form-level issue stays form-level).
    func moved(to key: String) -> ValidationIssue {
        guard self.key != nil else { return self }
        return ValidationIssue(key: key, rule: rule, message: message, severity: severity)
    }
}
