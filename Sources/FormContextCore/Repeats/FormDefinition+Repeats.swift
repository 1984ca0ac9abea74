extension FormDefinition {
    /// Checks what a definition's repeat groups declare: rows' fields with distinct keys, none named
    /// `$row` (the member a row's id takes in JSON); patterns that compile, calculations of the right
    /// type and validators reading fields of the row; a minimum no larger than the maximum; summaries
    /// under distinct keys outside every group; no group inside another.
    static func checkRepeatGroups(_ groups: [RepeatGroup]) throws(FormDefinitionError) {
        var summaryKeys: Set<String> = []
        for group in groups {
            if let maximum = group.maximumCount, maximum < group.minimumCount {
                throw .invalidRepeatGroup(key: group.key, problem: "its minimum \(group.minimumCount) is above its maximum \(maximum)")
            }
            for other in groups where other.key != group.key && group.key.hasPrefix(other.key + ".") {
                throw .invalidRepeatGroup(key: group.key, problem: "it lies inside repeat group '\(other.key)'")
            }
            var names: Set<String> = []
            for field in group.fields {
                guard names.insert(field.key).inserted else {
                    throw .invalidRepeatGroup(key: group.key, problem: "field '\(field.key)' is defined more than once")
                }
                if field.key == SubmittedJSON.rowIDMember {
                    throw .invalidRepeatGroup(key: group.key, problem: "field '\(field.key)' has the name JSON gives a row's id")
                }
                if let pattern = field.invalidPattern { throw .invalidPattern(key: group.key + ".*." + field.key, pattern: pattern) }
                if let calculated = field.conditions.calculationType, let declared = field.valueType, calculated.id != declared {
                    throw .calculationType(key: group.key + ".*." + field.key, expected: field.valueTypeName, found: calculated.name)
                }
                if field.repeatGroup != nil {
                    throw .invalidRepeatGroup(key: group.key, problem: "field '\(field.key)' is a repeat group; groups do not nest")
                }
            }
            for field in group.fields {
                for dependency in field.dependencies where group.field(dependency) == nil {
                    throw .unknownDependency(key: group.key + ".*." + field.key, dependency: dependency)
                }
            }
            for summary in group.summaries {
                guard summaryKeys.insert(summary.key).inserted else {
                    throw .invalidRepeatGroup(key: group.key, problem: "summary '\(summary.key)' is kept by another summary too")
                }
                if summary.key == group.key || summary.key.hasPrefix(group.key + ".") {
                    throw .invalidRepeatGroup(key: group.key, problem: "summary '\(summary.key)' lies inside the group")
                }
                if let field = summary.statistic.field, group.field(field) == nil {
                    throw .invalidRepeatGroup(key: group.key, problem: "summary '\(summary.key)' reads unknown field '\(field)'")
                }
            }
            for validator in group.validators {
                if let field = validator.statistic?.field, group.field(field) == nil {
                    throw .invalidRepeatGroup(key: group.key, problem: "validator '\(validator.rule)' reads unknown field '\(field)'")
                }
            }
        }
    }
}
