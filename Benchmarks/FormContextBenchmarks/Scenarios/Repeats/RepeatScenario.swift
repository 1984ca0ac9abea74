import FormContext

/// m. Rows of a repeat group: removing a row, inserting one at the front, moving one and editing
/// one field cost the same in a group of 100 rows and of 10,000 (1,000 to 100,000 fields), ten
/// fields a row with rules in every row; against rows kept by index, measured in the same run.
struct RepeatScenario: Scenario {
    let name = "repeats"
    let letter = "m"
    /// Operations per timed repetition of the removal and insertion figures.
    static let batch = 32

    func run(_ bench: Bench) -> ScenarioResult {
        let sizes = bench.sizes(full: [100, 1_000, 10_000], quick: [100, 1_000])
        var result = ScenarioResult()
        var details: [String] = []
        var holds = true
        for operation in Operation.allCases {
            var engine: [Double] = []
            var baseline: [Double] = []
            for rows in sizes {
                let (figure, base) = measure(operation, rows: rows, bench: bench)
                engine.append(figure)
                baseline.append(base)
                result.rows.append(
                    Measurement(
                        scenario: name, size: rows * RepeatFixture.fields.count, metric: "ns/op (\(operation.label), \(Report.grouped(rows)) rows)",
                        engine: figure, baselineName: "rows by index", baseline: base))
            }
            let growth = (engine.last ?? 0) / max(engine.first ?? 1, 1e-9)
            holds = holds && growth <= 1.5
            details.append("\(operation.label): \(Report.ratio(growth)) from \(Report.grouped(sizes[0])) to \(Report.grouped(sizes[sizes.count - 1])) rows")
        }
        result.checks.append(
            TargetCheck(
                id: "m repeats", statement: "removing, inserting at the front, moving and editing a row grow at most 1.5x with the number of rows",
                holds: holds, detail: details.joined(separator: "; ")))
        return result
    }

    enum Operation: CaseIterable {
        case remove, insertAtFront, move, edit

        var label: String {
            switch self {
            case .remove: "remove a middle row"
            case .insertAtFront: "insert a row at the front"
            case .move: "move a middle row to the front"
            case .edit: "edit one field of a row"
            }
        }
    }

    /// The engine's and the baseline's time for one `operation` in a group of `rows` rows.
    private func measure(_ operation: Operation, rows: Int, bench: Bench) -> (engine: Double, baseline: Double) {
        let form = RepeatFixture.form(rows: rows)
        let indexed = IndexedRows(rows: rows)
        let middle = rows / 2
        let batch = Self.batch
        switch operation {
        case .remove:
            var added: [RowID] = []
            var number = rows
            let engine = bench.nanoseconds(
                setup: { added = (0..<batch).compactMap { _ in try? form.insertRows(into: "members", at: middle, [["name": "new"]])[0] } },
                { for id in added { try? form.removeRows([id], from: "members") } })
            let baseline = bench.nanoseconds(
                setup: {
                    for _ in 0..<batch {
                        number += 1
                        indexed.insert(number, at: middle)
                    }
                },
                { for _ in 0..<batch { indexed.remove(at: middle) } })
            return (engine / Double(batch), baseline / Double(batch))
        case .insertAtFront:
            var added: [RowID] = []
            var number = rows
            let engine = bench.nanoseconds(
                setup: {
                    for id in added { try? form.removeRows([id], from: "members") }
                    added = []
                },
                { for _ in 0..<batch { if let id = try? form.insertRows(into: "members", at: 0, [["name": "new"]])[0] { added.append(id) } } })
            let baseline = bench.nanoseconds(
                setup: { for _ in 0..<min(batch, indexed.count - rows) { indexed.remove(at: 0) } },
                {
                    for _ in 0..<batch {
                        number += 1
                        indexed.insert(number, at: 0)
                    }
                })
            return (engine / Double(batch), baseline / Double(batch))
        case .move:
            let order = form.rows(of: "members")
            let ids = (0..<8).map { order[middle + $0] }
            var round = 0
            let figures = bench.nanosecondsPerOperation(
                operationsPerRound: 1,
                engine: { rounds in
                    for _ in 0..<rounds {
                        round += 1
                        // A middle row to the front, then back to the middle: one move each time.
                        let id = ids[(round / 2) % ids.count]
                        try? form.moveRow(id, in: "members", to: round % 2 == 1 ? 0 : middle)
                    }
                },
                baseline: { rounds in
                    for index in 0..<rounds { indexed.move(from: index % 2 == 0 ? middle : 0, to: index % 2 == 0 ? 0 : middle) }
                })
            return figures
        case .edit:
            let key = RepeatFixture.age.scoped(in: form.rows(of: "members")[middle].scope(in: "members"))
            return bench.nanosecondsPerOperation(
                operationsPerRound: 1,
                engine: { rounds in
                    for index in 0..<rounds { form.set(20 + index % 2 * 50, for: key.name) }
                },
                baseline: { rounds in
                    for index in 0..<rounds { indexed.edit(row: middle, age: 20 + index % 2 * 50) }
                })
        }
    }
}
