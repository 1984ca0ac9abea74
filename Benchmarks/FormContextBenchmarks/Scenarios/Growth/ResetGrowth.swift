import FormContext

/// `reset()` touches what differs from the initial state, not every field somebody watches.
enum ResetGrowth {
    static let scenario = GrowthScenario(
        name: "growth-reset", subject: "reset() with one dirty field", cases: [
            GrowthCase(label: "reset one dirty field, a subscription per field") { size in
                let keys = Fixture.keys(size)
                let form = FormContextObject(Fixture.context(keys))
                let subscriptions = keys.map { form.observe($0) { change in blackHole(change) } }
                return editAndReset(form, keeping: subscriptions)
            },
            GrowthCase(label: "reset one dirty field, a connected control per field") { size in
                let keys = Fixture.keys(size)
                let form = FormContextObject(Fixture.context(keys))
                let controls = keys.map { FieldControl<String>(key: $0) }
                for control in controls { try? control.connect(to: form) }
                return editAndReset(form, keeping: controls)
            },
            GrowthCase(
                label: "reset one dirty field, an error on every field", limit: nil,
                note: "each reset follows a validation of every field, which leaves the caches cold; the reset itself runs the same instructions at every size (Docs/Performance.md)"
            ) { size in
                let keys = Fixture.keys(size)
                let form = FormContextObject(definition: Fixture.definition(keys.map { FieldDefinition(FormKey<String>($0), validators: [.required()]) }))
                var round = 0
                return .withSetup(
                    setup: {
                        form.validate()
                        round += 1
                        form.set(Fixture.alternatingValues[round % 2], for: "field-1")
                    },
                    body: { form.reset() })
            },
        ])

    /// Edits one field and resets the form, as one operation.
    static func editAndReset(_ form: FormContextObject, keeping keptAlive: Any) -> GrowthCase.Timing {
        .repeated(operationsPerRound: 1) { rounds in
            withExtendedLifetime(keptAlive) {
                for round in 0..<rounds {
                    form.set(Fixture.alternatingValues[round % 2], for: "field-1")
                    form.reset()
                }
            }
        }
    }
}
