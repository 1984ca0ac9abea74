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
    /// settings.fields.map(\.key)              // ["hotspot.password", "hotspot.confirm"]
    /// settings.validate(["hotspot.password": "a", "hotspot.confirm": "b"]).errors.map(\.description)
    /// // ["hotspot.confirm: must match password"]
    /// ```
    ///
    /// Scoped validators, of fields and of the form, read keys relative to the scope (they read
    /// `password`, the form holds `hotspot.password`), through a view of the scope: nothing is copied.
    /// Scopes nest: scoping twice puts keys under both prefixes.
    ///
    /// - Parameter scope: The scope; the root scope returns the definition unchanged.
    /// - Returns: The scoped definition.
    /// - Complexity: O(*n*) for *n* fields and validators.
    public func scoped(in scope: FormScope) -> FormDefinition {
        guard !scope.prefix.isEmpty else { return self }
        return FormDefinition(
            fields: fields.map { $0.scoped(in: scope) },
            validators: validators.map { $0.scoped(in: scope) },
            groups: groups.map { $0.scoped(in: scope) }, hiddenValues: hiddenValues,
            positions: Dictionary(uniqueKeysWithValues: positions.map { (scope.key($0.key), $0.value) }),
            identifier: identifier, version: version)
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
        try FormDefinition(
            fields + other.fields, validators: validators + other.validators, groups: groups + other.groups,
            hiddenValues: hiddenValues, identifier: identifier, version: version)
    }

    /// A definition assembled from parts already known to be consistent.
    init(
        fields: [FieldDefinition], validators: [FormValidator], groups: [FieldGroup], hiddenValues: HiddenValues,
        positions: [String: Int], identifier: String, version: Int
    ) {
        self.fields = fields
        self.validators = validators
        self.groups = groups
        self.hiddenValues = hiddenValues
        self.identifier = identifier
        self.version = version
        self.positions = positions
        // Read in place: a copy of each field would retain every closure and string it holds.
        var checks: [(key: String, check: @Sendable (AnyHashable?, FormValues, inout ValidationReport) -> Void)] = []
        checks.reserveCapacity(fields.count)
        for position in fields.indices { checks.append((fields[position].key, fields[position].check)) }
        self.checks = checks
        rules = Self.compileRules(fields, groups: groups)
    }
}

extension FieldDefinition {
    /// The same field inside `scope`; see ``FormDefinition/scoped(in:)``.
    ///
    /// - Parameter scope: The scope; the root scope returns the field unchanged.
    /// - Returns: The scoped field.
    func scoped(in scope: FormScope) -> FieldDefinition {
        guard !scope.prefix.isEmpty else { return self }
        var scoped = rekeyed(to: scope.key(key), dependencies: dependencies.map { scope.key($0) }) { $0.scoped(in: scope) }
        scoped.conditions = conditions.scoped(in: scope)
        scoped.repeatGroup = repeatGroup?.scoped(in: scope)
        return scoped
    }
}

extension FieldDefinition {
    /// The same field under `outerKey`, depending on `dependencies`, its checks reading the values
    /// through `view` and reporting their issues under `outerKey`; without its rules and group.
    func rekeyed(
        to outerKey: String, dependencies: [String], reading view: @escaping @Sendable (FormValues) -> FormValues
    ) -> FieldDefinition {
        let innerCheck = check
        let outerCheck: @Sendable (AnyHashable?, FormValues, inout ValidationReport) -> Void = { value, values, report in
            var inner = ValidationReport()
            innerCheck(value, view(values), &inner)
            for issue in inner.errors { report.errors.append(issue.moved(to: outerKey)) }
            for issue in inner.warnings { report.warnings.append(issue.moved(to: outerKey)) }
        }
        let outerAsyncCheck = asyncCheck.map { innerAsyncCheck in
            { @Sendable (value: AnyHashable) async -> [ValidationIssue] in
                await innerAsyncCheck(value).map { $0.moved(to: outerKey) }
            }
        }
        var field = FieldDefinition(
            key: outerKey, valueTypeName: valueTypeName, defaultValue: defaultValue, isSecure: isSecure, rules: rules,
            asyncRules: asyncRules, dependencies: dependencies, invalidPattern: invalidPattern, debounce: debounce,
            check: outerCheck, asyncCheck: outerAsyncCheck, decodeValue: decodeValue)
        field.valueType = valueType
        return field
    }
}

extension FormValidator {
    /// The same form-level validator inside `scope`: its test sees the values under the scope's
    /// prefix, with the prefix removed.
    ///
    /// - Parameter scope: The scope; the root scope returns the validator unchanged.
    /// - Returns: The scoped validator.
    /// - Complexity: O(1) more per check: the scoped validator reads through a view of the scope.
    func scoped(in scope: FormScope) -> FormValidator {
        guard !scope.prefix.isEmpty else { return self }
        let innerTest = test
        return FormValidator(rule, message: message, severity: severity) { values in
            innerTest(values.scoped(in: scope))
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
