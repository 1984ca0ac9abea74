extension FormDefinition {
    /// Validates every field of the definition against `context`, synchronously.
    ///
    /// This is the whole check a server runs on a submitted dictionary. Keys of `context` that the
    /// definition does not know are ignored; a value of the wrong type is an error naming the key,
    /// the expected and the found type. Asynchronous validators do not run. When the definition has
    /// rules (its repeat groups' rows' included, at any depth), they run first
    /// (``evaluateRules(_:)``): the fields and rows they hide or disable are left out,
    /// the calculated values are checked as calculated, and a field whose required-when rule holds
    /// must have a value.
    ///
    /// ```swift
    /// let report = definition.validate(["age": "forty"])
    /// print(report)   // age: expected Int, found String
    /// ```
    ///
    /// - Parameters:
    ///   - context: The values to check.
    ///   - inactiveKeys: Fields to leave out (hidden or disabled); none by default.
    /// - Returns: Every error and warning, in definition order, form-level issues last.
    /// - Complexity: O(*n*) for *n* fields, times the cost of their validators. It allocates nothing
    ///   but the arrays of the issues it returns.
    public func validate(_ context: FormContext, inactiveKeys: Set<String> = []) -> ValidationReport {
        guard rules.isEmpty && !repeatGroups.contains(where: \.hasRules) else {
            let outcome = evaluateRules(context)
            return validate(
                outcome.values, inactiveKeys: inactiveKeys.union(outcome.inactiveKeys), requiredKeys: outcome.requiredKeys)
        }
        return validate(context, inactiveKeys: inactiveKeys, requiredKeys: [])
    }

    /// Validates `context` as it is, `requiredKeys` required besides what the validators require.
    private func validate(_ context: FormContext, inactiveKeys: Set<String>, requiredKeys: Set<String>) -> ValidationReport {
        var report = ValidationReport()
        let checksActivity = !inactiveKeys.isEmpty
        let storage = context.storage
        let values = FormValues(context, inactiveKeys: inactiveKeys)
        for position in checks.indices {
            let key = checks[position].key
            if checksActivity && inactiveKeys.contains(key) { continue }
            if !requiredKeys.isEmpty, requiredKeys.contains(key),
                let issue = requiredIssue(key: key, value: storage[key], message: fields[position].conditions.requiredMessage)
            {
                report.errors.append(issue)
            }
            checks[position].check(storage[key], values, &report)
            if let group = fields[position].repeatGroup {
                validateRows(of: group, context, inactiveKeys: inactiveKeys, requiredKeys: requiredKeys, values: values, into: &report)
            }
        }
        for validator in validators {
            if let issue = validator.issue(for: values) { report.append(issue) }
        }
        return report
    }

    /// Validates one field against `context`.
    ///
    /// - Parameters:
    ///   - key: The field to check.
    ///   - context: The form's values.
    /// - Returns: The field's errors and warnings; an empty report for a key the definition does not have.
    func validate(_ key: String, in context: FormContext) -> ValidationReport {
        guard let field = field(key) else { return ValidationReport() }
        return field.validate(context.storage[key], in: context)
    }
}

extension FormDefinition {
    /// Validates every field of every row of `group` in `context`, row by row in order, the rows of
    /// a group inside a row after the field that orders them.
    ///
    /// - Complexity: O(*r*·*f*) for *r* rows of *f* fields, times the cost of their validators.
    fileprivate func validateRows(
        of group: RepeatGroup, _ context: FormContext, inactiveKeys: Set<String>, requiredKeys: Set<String>, values: FormValues,
        into report: inout ValidationReport
    ) {
        guard let order = context.storage[group.key]?.base as? RowOrder else { return }
        for id in order {
            let scope = RowScope(in: group, id: id)
            for template in group.fields {
                let field = template.inRow(scope)
                let key = field.key
                if !inactiveKeys.isEmpty, inactiveKeys.contains(key) { continue }
                if !requiredKeys.isEmpty, requiredKeys.contains(key),
                    let issue = requiredIssue(key: key, value: context.storage[key], message: template.conditions.requiredMessage)
                {
                    report.errors.append(issue)
                }
                field.check(context.storage[key], values, &report)
                if let inner = field.repeatGroup {
                    validateRows(of: inner, context, inactiveKeys: inactiveKeys, requiredKeys: requiredKeys, values: values, into: &report)
                }
            }
        }
    }
}
