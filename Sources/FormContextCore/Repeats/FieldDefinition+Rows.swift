extension FieldDefinition {
    /// The field of a repeat group: its value is the group's ``RowOrder``, and its checks are the
    /// group's — the minimum and maximum number of rows (rules `minimumRows` and `maximumRows`) and
    /// the group's validators — reported under the group's key.
    ///
    /// The rows' own fields are defined by the group; put this field where the group belongs in the
    /// definition's order.
    ///
    /// - Parameter group: The repeat group.
    public init(_ group: RepeatGroup) {
        let names = (group.minimumCount > 0 ? ["minimumRows"] : []) + (group.maximumCount == nil ? [] : ["maximumRows"])
        self.init(
            key: group.key, valueTypeName: "RowOrder", defaultValue: RowOrder(), isSecure: false,
            rules: names + group.validators.map(\.rule), asyncRules: [], dependencies: [],
            invalidPattern: group.fields.lazy.compactMap(\.invalidPattern).first, debounce: .zero,
            check: Self.makeRowsCheck(group), asyncCheck: nil,
            decodeValue: { json throws(JSONMismatch) in try Self.decodeRowOrder(json) })
        valueType = ObjectIdentifier(RowOrder.self)
        repeatGroup = group
    }

    /// The checks of a group's rows as a whole.
    private static func makeRowsCheck(_ group: RepeatGroup) -> @Sendable (AnyHashable?, FormValues, inout ValidationReport) -> Void {
        let key = group.key
        let statistics = group.statistics
        return { value, values, report in
            var count = 0
            if let value {
                guard let order = value.base as? RowOrder else {
                    report.errors.append(
                        ValidationIssue(key: key, rule: "type", message: "expected RowOrder, found \(typeName(of: type(of: value.base)))"))
                    return
                }
                if let refused = values.refusedRow(ofGroup: key, order: order) {
                    report.errors.append(ValidationIssue(key: key, rule: "rowID", message: refused.outOfRangeMessage))
                    return
                }
                count = order.count
            }
            if count < group.minimumCount {
                let noun = group.minimumCount == 1 ? "row" : "rows"
                report.errors.append(ValidationIssue(key: key, rule: "minimumRows", message: "must have at least \(group.minimumCount) \(noun)"))
            }
            if let maximum = group.maximumCount, count > maximum {
                let noun = maximum == 1 ? "row" : "rows"
                report.errors.append(ValidationIssue(key: key, rule: "maximumRows", message: "must have at most \(maximum) \(noun)"))
            }
            for validator in group.validators {
                let passes: Bool
                switch validator.kind {
                case .unique(let field):
                    let index = statistics.firstIndex(of: .duplicates(field)) ?? 0
                    passes = (values.statistic(index, .duplicates(field), ofGroup: key)?.duplicated ?? 0) == 0
                case .atLeastOne(let field, let wanted):
                    let index = statistics.firstIndex(of: .matching(field, wanted)) ?? 0
                    passes = (values.statistic(index, .matching(field, wanted), ofGroup: key)?.count ?? 0) > 0
                case .custom(let test):
                    passes = test(values.rows(of: key))
                }
                if !passes {
                    report.append(ValidationIssue(key: key, rule: validator.rule, message: validator.message, severity: validator.severity))
                }
            }
        }
    }

    /// A row order from JSON: an array of distinct row ids as text (`["r1", "r3"]`), none numbered
    /// above ``RowID/largestNumber``, as drafts and submissions read it.
    private static func decodeRowOrder(_ json: JSONValue) throws(JSONMismatch) -> AnyHashable? {
        AnyHashable(try RowOrder(json: json))
    }

    /// The group this field orders the rows of, if it is a repeat group's field.
    var group: RepeatGroup? { repeatGroup }

    /// The same field as a field of one row: its key under the row, its validators and rules reading
    /// the row's fields by name; a repeat group's field orders the rows of that group inside the row.
    func inRow(_ row: RowScope) -> FieldDefinition {
        var field = rekeyed(to: row.prefix + key, dependencies: dependencies.map { row.prefix + $0 }) { $0.inRow(row) }
        field.conditions = conditions.reading { $0.inRow(row) }
        if let group = repeatGroup { field.repeatGroup = group.instanced(in: row) }
        return field
    }
}

extension RepeatGroup {
    /// The statistics the form keeps over the rows, each once: the summaries' first, then the
    /// validators'. A statistic's position here is how the form finds it.
    var statistics: [RowStatistic] {
        var list: [RowStatistic] = []
        for statistic in summaries.map(\.statistic) + validators.compactMap(\.statistic) where !list.contains(statistic) {
            list.append(statistic)
        }
        return list
    }
}
