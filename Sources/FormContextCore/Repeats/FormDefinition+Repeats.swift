extension FormDefinition {
    /// Checks what a definition's repeat groups declare: rows' fields with distinct keys, none named
    /// `$row` (the member a row's id takes in JSON); patterns that compile, calculations of the right
    /// type and validators reading fields of the row; a minimum no larger than the maximum; summaries
    /// under distinct keys outside every group; no group under another's key. A group inside a row
    /// of another (a field of its rows) is checked the same way, named by the path to it
    /// (`households.*.members`); its summaries lie in the row, beside the row's fields.
    ///
    /// - Parameters:
    ///   - groups: The groups of one level: the definition's, or a row's.
    ///   - path: How errors name a key of that level: empty at the top, `households.*.` in a row.
    ///   - rowFields: The keys of the row's fields, for the groups of a row; summaries may not take them.
    static func checkRepeatGroups(_ groups: [RepeatGroup], path: String = "", rowFields: Set<String> = []) throws(FormDefinitionError) {
        var summaryKeys: Set<String> = []
        for group in groups {
            let named = path + group.key
            if let maximum = group.maximumCount, maximum < group.minimumCount {
                throw .invalidRepeatGroup(key: named, problem: "its minimum \(group.minimumCount) is above its maximum \(maximum)")
            }
            for other in groups where other.key != group.key && group.key.hasPrefix(other.key + ".") {
                throw .invalidRepeatGroup(key: named, problem: "it lies inside repeat group '\(path + other.key)'")
            }
            var names: Set<String> = []
            for field in group.fields {
                guard names.insert(field.key).inserted else {
                    throw .invalidRepeatGroup(key: named, problem: "field '\(field.key)' is defined more than once")
                }
                if field.key == SubmittedJSON.rowIDMember {
                    throw .invalidRepeatGroup(key: named, problem: "field '\(field.key)' has the name JSON gives a row's id")
                }
                if let pattern = field.invalidPattern { throw .invalidPattern(key: named + ".*." + field.key, pattern: pattern) }
                if let calculated = field.conditions.calculationType, let declared = field.valueType, calculated.id != declared {
                    throw .calculationType(key: named + ".*." + field.key, expected: field.valueTypeName, found: calculated.name)
                }
            }
            var scopes: Set<String> = []
            for fieldGroup in group.fieldGroups where !scopes.insert(fieldGroup.scope.prefix).inserted {
                throw .invalidRepeatGroup(key: named, problem: "group '\(fieldGroup.scope.prefix)' is defined more than once")
            }
            for field in group.fields {
                for dependency in field.dependencies where group.field(dependency) == nil {
                    throw .unknownDependency(key: named + ".*." + field.key, dependency: dependency)
                }
            }
            for summary in group.summaries {
                guard summaryKeys.insert(summary.key).inserted else {
                    throw .invalidRepeatGroup(key: named, problem: "summary '\(summary.key)' is kept by another summary too")
                }
                if rowFields.contains(summary.key) {
                    throw .invalidRepeatGroup(key: named, problem: "summary '\(summary.key)' is a field of the row too")
                }
                if summary.key == group.key || summary.key.hasPrefix(group.key + ".") {
                    throw .invalidRepeatGroup(key: named, problem: "summary '\(summary.key)' lies inside the group")
                }
                if let field = summary.statistic.field, !group.holdsValue(field) {
                    throw .invalidRepeatGroup(key: named, problem: "summary '\(summary.key)' reads unknown field '\(field)'")
                }
            }
            let inner = group.innerGroups
            if !inner.isEmpty { try checkRepeatGroups(inner, path: named + ".*.", rowFields: Set(group.fields.map(\.key))) }
            for validator in group.validators {
                if let field = validator.statistic?.field, !group.holdsValue(field) {
                    throw .invalidRepeatGroup(key: named, problem: "validator '\(validator.rule)' reads unknown field '\(field)'")
                }
            }
        }
    }
}
