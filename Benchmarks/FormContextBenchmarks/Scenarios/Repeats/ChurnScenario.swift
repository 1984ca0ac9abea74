import FormContext

/// n. Row churn: a form whose repeat group has a couple of fields, a calculation in every row and a
/// summary gets a row added and removed again 1,000,000 times (20,000 with `--quick`), with a few
/// reads of keys no field has on the way; the heap it keeps is measured at checkpoints, and must
/// stay flat: what a removed row used is reclaimed.
struct ChurnScenario: Scenario {
    let name = "churn"
    let letter = "n"

    static let amount = FormKey<Int>("amount")
    static let note = FormKey<String>("note")
    static let doubled = FormKey<Int>("doubled")
    static let total = FormKey<Int>("total")

    static let definition: FormDefinition = {
        let lines = RepeatGroup(
            "lines",
            fields: [
                FieldDefinition(amount, validators: [.minimum(0)]),
                FieldDefinition(note),
                FieldDefinition(doubled).calculated { values in values[amount].map { $0 * 2 } },
            ]
        )
        .summary(total, .sum(amount))
        do {
            return try FormDefinition([FieldDefinition(lines)])
        } catch {
            fatalError("the churn benchmark's definition does not build: \(error)")
        }
    }()

    func run(_ bench: Bench) -> ScenarioResult {
        var result = ScenarioResult()
        let cycles = bench.isQuick ? 20_000 : 1_000_000
        let checkpoints = bench.isQuick ? [2_000, 20_000] : [10_000, 100_000, 1_000_000]
        let statement = "heap kept after \(Report.grouped(cycles)) add-and-remove cycles of a row within 1.25x (+64 KiB) of the first checkpoint"
        guard MemoryMeter.isAvailable else {
            result.checks.append(
                TargetCheck(
                    id: "n churn", statement: statement, holds: nil,
                    detail: "not measured: the allocator does not report its allocations (needs glibc 2.33+ and its own malloc)"))
            return result
        }
        let start = MemoryMeter.bytesInUse()
        let form = FormContextObject(definition: Self.definition)
        // Rows that stay, so the group is not empty while one comes and goes.
        for number in 0..<10 { _ = try? form.appendRow(to: "lines", ["amount": number, "note": "kept"]) }
        var figures: [(cycles: Int, bytes: Int)] = []
        var done = 0
        let clock = ContinuousClock()
        let began = clock.now
        for checkpoint in checkpoints {
            while done < checkpoint {
                guard let id = try? form.appendRow(to: "lines", ["amount": done % 100, "note": "churn"]) else { break }
                // Read as a view would, and read keys no field has: neither may leave anything behind.
                blackHole(form[Self.doubled.scoped(in: id.scope(in: "lines"))])
                if done % 16 == 0 { blackHole(form["lines.r\(done).absent"]) }
                try? form.removeRows([id], from: "lines")
                done += 1
            }
            figures.append((checkpoint, MemoryMeter.bytesInUse() - start))
        }
        let elapsed = clock.now - began
        let first = figures[0].bytes
        for figure in figures {
            result.rows.append(
                Measurement(
                    scenario: name, size: figure.cycles, metric: "KiB kept after \(Report.grouped(figure.cycles)) add/remove cycles",
                    engine: Double(figure.bytes) / 1024, baselineName: "first checkpoint", baseline: Double(first) / 1024))
        }
        let last = figures[figures.count - 1].bytes
        let holds = Double(last) <= Double(first) * 1.25 + 65_536 && form[Self.total] == 45
        let perCycle = Double(elapsed.components.seconds) * 1e9 + Double(elapsed.components.attoseconds) / 1e9
        result.checks.append(
            TargetCheck(
                id: "n churn", statement: statement, holds: holds,
                detail: figures.map { "\(Report.grouped($0.cycles)) cycles: \(Report.grouped($0.bytes / 1024)) KiB" }.joined(separator: "; ")
                    + "; \(Report.figure(perCycle / Double(cycles) / 1000)) µs a cycle"))
        withExtendedLifetime(form) {}
        return result
    }
}
