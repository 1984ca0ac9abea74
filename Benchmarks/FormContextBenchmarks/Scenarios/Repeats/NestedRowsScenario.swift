import FormContext

/// p. Rows inside rows: every operation on an inner row costs the same whatever the number of outer
/// rows. Households of 100 members each, 100 and 1,000 households (30 and 300 with `--quick`); each
/// member has a name, an age with a range check and a calculation from the age; each household
/// counts and sums its members, and the form adds those up over every household. An operation works
/// on the members of one household in the middle (swaps and batch inserts and removals of several
/// members in one mutation among them); each size's figure is compared with the smallest
/// form's, measured in the same run, interleaved.
struct NestedRowsScenario: Scenario {
    let name = "nested-rows"
    let letter = "p"
    /// Inner rows per household.
    static let members = 100
    /// Operations per timed repetition of the figures that need a setup.
    static let batch = 16
    /// Rows a batch operation inserts or removes in one mutation.
    static let several = 4

    static let age = FormKey<Int>("age")
    static let allAges = FormKey<Int>("allAges")

    static let definition: FormDefinition = {
        let members = RepeatGroup(
            "members",
            fields: [
                FieldDefinition(FormKey<String>("name"), validators: [.maxLength(40)]),
                FieldDefinition(age, validators: [.range(0...130)]),
                FieldDefinition(FormKey<Bool>("isAdult")).calculated { row in row[age].map { $0 >= 18 } },
            ]
        )
        .summary(FormKey<Int>("memberCount"), .count)
        .summary(FormKey<Int>("householdAge"), .sum(age))
        let households = RepeatGroup(
            "households",
            fields: [FieldDefinition(FormKey<String>("village")), FieldDefinition(members)]
        )
        .summary(FormKey<Int>("allMembers"), .sum(FormKey<Int>("memberCount")))
        .summary(allAges, .sum(FormKey<Int>("householdAge")))
        do {
            return try FormDefinition([FieldDefinition(households)])
        } catch {
            fatalError("the benchmark's definition does not build: \(error)")
        }
    }()

    /// The values of `count` members, numbered from `first`.
    static func memberValues(_ count: Int, from first: Int = 1) -> [FormContext] {
        (0..<count).map { index in ["name": "member \(first + index)", "age": (first + index) % 90] }
    }

    /// A live form of `households` households of ``members`` members each.
    static func form(households: Int) -> FormContextObject {
        var values: FormContext = [:]
        values.set(RowOrder((1...households).map { RowID($0) }), for: "households")
        for household in 1...households {
            let scope = RowID(household).scope(in: "households")
            values.set("village \(household)", for: scope.key("village"))
            let group = scope.key("members")
            values.set(RowOrder((1...members).map { RowID($0) }), for: group)
            for member in 1...members {
                let row = RowID(member).scope(in: group)
                values.set("member \(member)", for: row.key("name"))
                values.set((household + member) % 90, for: row.key("age"))
            }
        }
        return FormContextObject(definition: definition, values: values, options: ValidationOptions(mode: .onChange))
    }

    /// The members group of the household at `position`, counted from the middle one.
    static func group(_ form: FormContextObject, _ position: Int) -> String {
        let order = form.rows(of: "households")
        return order[(order.count / 2 + position) % order.count].scope(in: "households").key("members")
    }

    enum Operation: Int, CaseIterable {
        case append, insert, remove, move, replace, reset, edit, read, swap, insertSeveral, removeSeveral

        var label: String {
            switch self {
            case .append: "append a member"
            case .insert: "insert a member in the middle"
            case .remove: "remove a middle member"
            case .move: "move a middle member to the front"
            case .replace: "replace a household's members"
            case .reset: "reset a household's members"
            case .edit: "edit a member's age (a rule, two summaries)"
            case .read: "read the sum over every member"
            case .swap: "swap a front member with a back one"
            case .insertSeveral: "insert \(NestedRowsScenario.several) members in the middle at once"
            case .removeSeveral: "remove \(NestedRowsScenario.several) middle members at once"
            }
        }
    }

    func run(_ bench: Bench) -> ScenarioResult {
        let sizes = bench.sizes(full: [100, 1_000], quick: [30, 300])
        let forms = sizes.map { Self.form(households: $0) }
        var result = ScenarioResult()
        var details: [String] = []
        var holds = true
        for operation in Operation.allCases {
            let figures = measure(operation, forms: forms, bench: bench)
            for (households, figure) in zip(sizes, figures) {
                result.rows.append(
                    Measurement(
                        scenario: name, size: households * Self.members,
                        metric: "ns/op (\(operation.label), \(Report.grouped(households)) x \(Self.members) rows)", engine: figure,
                        baselineName: "same op, \(Report.grouped(sizes[0])) x \(Self.members)", baseline: figures[0]))
            }
            let growth = (figures.last ?? 0) / max(figures.first ?? 1, 1e-9)
            holds = holds && growth <= 1.5
            details.append("\(operation.label): \(Report.ratio(growth))")
        }
        result.checks.append(
            TargetCheck(
                id: "p nested-rows",
                statement: "every operation on an inner row grows at most 1.5x from \(Report.grouped(sizes[0])) to \(Report.grouped(sizes[sizes.count - 1])) outer rows of \(Self.members) inner rows",
                holds: holds, detail: details.joined(separator: "; ")))
        return result
    }

    /// One `operation`'s time in each form, the forms' repetitions interleaved. Each operation works on
    /// a household of its own, so that none sees another's rows.
    private func measure(_ operation: Operation, forms: [FormContextObject], bench: Bench) -> [Double] {
        let batch = Self.batch
        let middle = Self.members / 2
        switch operation {
        case .append, .insert, .remove, .reset, .insertSeveral, .removeSeveral:
            let cases = forms.map { form -> (setup: () -> Void, body: () -> Void) in
                let group = Self.group(form, operation.rawValue)
                var added: [RowID] = []
                func removeAdded() {
                    for id in added { try? form.removeRows([id], from: group) }
                    added = []
                }
                switch operation {
                case .append:
                    return (removeAdded, { for _ in 0..<batch { if let id = try? form.appendRow(to: group, ["age": 30]) { added.append(id) } } })
                case .insert:
                    return (removeAdded, { for _ in 0..<batch { if let id = try? form.insertRows(into: group, at: middle, [["age": 30]])[0] { added.append(id) } } })
                case .insertSeveral:
                    let rows = Self.memberValues(Self.several, from: 500)
                    return (
                        {
                            try? form.removeRows(added, from: group)
                            added = []
                        },
                        { for _ in 0..<batch { if let ids = try? form.insertRows(into: group, at: middle, rows) { added += ids } } }
                    )
                case .removeSeveral:
                    let rows = Self.memberValues(Self.several * batch, from: 500)
                    return (
                        { added = (try? form.insertRows(into: group, at: middle, rows)) ?? [] },
                        {
                            // Every few of the new rows in one mutation, the last few first.
                            for start in stride(from: added.count - Self.several, through: 0, by: -Self.several) {
                                try? form.removeRows(Array(added[start..<(start + Self.several)]), from: group)
                            }
                        }
                    )
                case .remove:
                    return (
                        { added = (0..<batch).compactMap { _ in try? form.insertRows(into: group, at: middle, [["age": 30]])[0] } },
                        { for id in added { try? form.removeRows([id], from: group) } }
                    )
                default:
                    // Each of `batch` households of their own gets a member and an edit, then has its
                    // members reset.
                    let groups = (0..<batch).map { Self.group(form, Operation.allCases.count + $0) }
                    return (
                        {
                            for group in groups {
                                _ = try? form.appendRow(to: group, ["age": 30])
                                if let first = form.rows(of: group).first { form.set(99, for: first.scope(in: group).key("age")) }
                            }
                        },
                        { for group in groups { form.reset(group) } }
                    )
                }
            }
            return bench.nanoseconds(interleaving: cases).map { $0 / Double(batch) }
        case .move, .replace, .edit, .read, .swap:
            let bodies = forms.map { form -> (Int) -> Void in
                let group = Self.group(form, operation.rawValue)
                switch operation {
                case .move:
                    let ids = form.rows(of: group)[middle..<(middle + 8)]
                    var round = 0
                    return { rounds in
                        for _ in 0..<rounds {
                            round += 1
                            // A middle member to the front, then back to the middle: one move each time.
                            let id = ids[ids.startIndex + (round / 2) % ids.count]
                            try? form.moveRow(id, in: group, to: round % 2 == 1 ? 0 : middle)
                        }
                    }
                case .swap:
                    let rows = form.rows(of: group)
                    let pairs = (0..<8).map { (rows[2 + $0], rows[rows.count - 3 - $0]) }
                    var round = 0
                    return { rounds in
                        for _ in 0..<rounds {
                            round += 1
                            let pair = pairs[round % pairs.count]
                            try? form.swapRows(pair.0, pair.1, in: group)
                        }
                    }
                case .replace:
                    let sets = [Self.memberValues(Self.members), Self.memberValues(Self.members, from: 1_000)]
                    var round = 0
                    return { rounds in
                        for _ in 0..<rounds {
                            round += 1
                            _ = try? form.replaceRows(of: group, with: sets[round % 2])
                        }
                    }
                case .edit:
                    let key = Self.age.scoped(in: form.rows(of: group)[middle].scope(in: group)).name
                    return { rounds in
                        for index in 0..<rounds { form.set(10 + index % 2 * 50, for: key) }
                    }
                default:
                    return { rounds in
                        for _ in 0..<rounds { blackHole(form[Self.allAges]) }
                    }
                }
            }
            return bench.nanosecondsPerOperation(operationsPerRound: 1, bodies)
        }
    }
}
