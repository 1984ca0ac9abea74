import FormContext

/// h. A batch settles once: a transaction of 10,000 writes runs each form-level validator once.
struct SettleOnceScenario: Scenario {
    let name = "settle-once"
    let letter = "h"

    func run(_ bench: Bench) -> ScenarioResult {
        let size = 10_000
        let keys = Fixture.keys(size)
        let runs = CallCounter()
        let definition = Fixture.definition(
            keys.map { FieldDefinition(FormKey<String>($0)) },
            validators: [FormValidator("first", message: "the first field is empty") { values in
                runs.tick()
                return values[FormKey<String>("field-0")] != nil
            }])
        let form = FormContextObject(definition: definition, values: Fixture.context(keys), options: ValidationOptions(mode: .onChange))
        var round = 0
        func batch() {
            round += 1
            let value = Fixture.alternatingValues[round % 2]
            form.transaction { batch in
                for key in keys { batch.set(value, for: key) }
            }
        }
        batch()
        let before = runs.count
        batch()
        let perTransaction = runs.count - before
        let nanoseconds = bench.nanosecondsPerOperation(operationsPerRound: 1) { rounds in
            for _ in 0..<rounds { batch() }
        }
        var result = ScenarioResult()
        result.rows.append(
            Measurement(
                scenario: name, size: size, metric: "form-level validator runs per transaction", engine: Double(perTransaction),
                baselineName: "writes", baseline: Double(size)))
        result.rows.append(
            Measurement(
                scenario: name, size: size, metric: "ns/transaction of 10,000 writes", engine: nanoseconds,
                baselineName: "ns/write", baseline: nanoseconds / Double(size)))
        result.checks.append(
            TargetCheck(
                id: "h settle-once", statement: "a transaction of 10,000 writes runs the form-level validator once",
                holds: perTransaction == 1, detail: "\(perTransaction) run(s) for \(Report.grouped(size)) writes"))
        return result
    }
}
