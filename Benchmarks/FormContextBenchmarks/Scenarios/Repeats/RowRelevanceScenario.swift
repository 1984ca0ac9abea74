import FormContext

/// q. Hiding a whole row: a household holding 1,000 member rows is hidden and shown again by its
/// own condition (`rowVisible(when:)`), in a form of 100 households and of 1,000 (10 with `--quick`
/// and 100), every other household holding 10 members, with a count in every household and a sum
/// over every household. The hide costs what it hides: it grows at most 1.5x with ten times the
/// households. The baseline hides the same rows in nested arrays of flags.
struct RowRelevanceScenario: Scenario {
    let name = "row-relevance"
    let letter = "q"

    static let open = FormKey<Bool>("open")
    static let name = FormKey<String>("name")
    static let age = FormKey<Int>("age")
    static let memberCount = FormKey<Int>("memberCount")
    static let everyone = FormKey<Int>("everyone")
    /// The members of the household that is hidden, and of every other one.
    static let hiddenMembers = 1_000
    static let otherMembers = 10

    static let definition: FormDefinition = {
        let members = RepeatGroup("members", fields: [FieldDefinition(name), FieldDefinition(age)])
            .summary(memberCount, .count)
        let households = RepeatGroup("households", fields: [FieldDefinition(open), FieldDefinition(members)])
            .rowVisible(when: { $0[open] != false })
            .summary(everyone, .sum(memberCount))
        do {
            return try FormDefinition([FieldDefinition(households)])
        } catch {
            fatalError("the row-relevance benchmark's definition does not build: \(error)")
        }
    }()

    func run(_ bench: Bench) -> ScenarioResult {
        let sizes = bench.sizes(full: [100, 1_000], quick: [10, 100])
        var result = ScenarioResult()
        var figures: [Double] = []
        for households in sizes {
            let (form, target) = Self.form(households: households)
            let key = target.scope(in: "households").key("open")
            let flags = NestedFlags(households: households)
            let expected = (households - 1) * Self.otherMembers
            var correct = true
            let measured = bench.nanosecondsPerOperation(
                operationsPerRound: 2,
                engine: { rounds in
                    for _ in 0..<rounds {
                        form.set(false, for: key)
                        correct = correct && form[Self.everyone] == expected
                        form.set(true, for: key)
                    }
                },
                baseline: { rounds in
                    for _ in 0..<rounds {
                        flags.setShown(false, household: 0)
                        flags.setShown(true, household: 0)
                    }
                })
            if !correct { fatalError("the row-relevance benchmark's hidden household was still counted") }
            figures.append(measured.engine)
            result.rows.append(
                Measurement(
                    scenario: name, size: households, metric: "ns/op (hide or show a row of \(Report.grouped(Self.hiddenMembers)) rows, \(Report.grouped(households)) households)",
                    engine: measured.engine, baselineName: "nested arrays of flags", baseline: measured.baseline))
            withExtendedLifetime(form) {}
        }
        let growth = (figures.last ?? 0) / max(figures.first ?? 1, 1e-9)
        result.checks.append(
            TargetCheck(
                id: "q row-relevance",
                statement: "hiding a row of \(Report.grouped(Self.hiddenMembers)) rows grows at most 1.5x with ten times the rows around it",
                holds: growth <= 1.5,
                detail: "\(Report.ratio(growth)) from \(Report.grouped(sizes[0])) to \(Report.grouped(sizes[sizes.count - 1])) households"))
        return result
    }

    /// A form of `households` households, the first holding ``hiddenMembers`` members, the others
    /// ``otherMembers``; returns it with the first household's row.
    static func form(households: Int) -> (FormContextObject, RowID) {
        var values: FormContext = [:]
        var order: [RowID] = []
        for household in 1...households {
            let id = RowID(household)
            order.append(id)
            let row = id.scope(in: "households")
            let count = household == 1 ? hiddenMembers : otherMembers
            values.set(RowOrder((1...count).map(RowID.init)), for: row.key("members"))
            for member in 1...count {
                let memberRow = RowID(member).scope(in: row.key("members"))
                values.set("m\(member)", for: memberRow.key("name"))
                values.set(member % 90, for: memberRow.key("age"))
            }
        }
        values.set(RowOrder(order), for: "households")
        return (FormContextObject(definition: definition, values: values), RowID(1))
    }
}

/// The baseline: rows kept in nested arrays, each with a flag saying whether it is shown.
private final class NestedFlags {
    private var shown: [[Bool]]

    init(households: Int) {
        shown = (0..<households).map { Array(repeating: true, count: $0 == 0 ? RowRelevanceScenario.hiddenMembers : RowRelevanceScenario.otherMembers) }
    }

    /// Shows or hides household `household` and every member in it.
    func setShown(_ isShown: Bool, household: Int) {
        for member in shown[household].indices { shown[household][member] = isShown }
        blackHole(shown[household].count)
    }
}
