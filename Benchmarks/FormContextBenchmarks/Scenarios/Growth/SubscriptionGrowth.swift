import FormContext

/// Subscriptions and streams: one of many costs the same as one of few.
enum SubscriptionGrowth {
    static let scenario = GrowthScenario(
        name: "growth-subscriptions", subject: "subscriptions and streams", cases: [
            GrowthCase(label: "a set with a changes(of:) stream per field") { size in
                let keys = Fixture.keys(size)
                let form = FormContextObject(Fixture.context(keys))
                let streams = keys.map { form.changes(of: [$0], bufferingPolicy: .bufferingNewest(1)) }
                return .repeated(operationsPerRound: 2) { rounds in
                    withExtendedLifetime(streams) {
                        for _ in 0..<rounds {
                            for value in Fixture.alternatingValues { form.set(value, for: "field-1") }
                        }
                    }
                }
            },
            GrowthCase(label: "open and drop a changes(of:) stream beside one per field") { size in
                let keys = Fixture.keys(size)
                let form = FormContextObject(Fixture.context(keys))
                let streams = keys.map { form.changes(of: [$0]) }
                return .repeated(operationsPerRound: 1) { rounds in
                    withExtendedLifetime(streams) {
                        for _ in 0..<rounds { blackHole(form.changes(of: ["field-1"])) }
                    }
                }
            },
            GrowthCase(label: "subscribe to and cancel one of many subscriptions of one key") { size in
                let form = FormContextObject(Fixture.context(Fixture.keys(10)))
                let subscriptions = (0..<size).map { _ in form.observe("field-1") { change in blackHole(change) } }
                return .repeated(operationsPerRound: 1) { rounds in
                    withExtendedLifetime(subscriptions) {
                        for _ in 0..<rounds { form.observe("field-1") { change in blackHole(change) }.cancel() }
                    }
                }
            },
            GrowthCase(label: "subscribe to and cancel one of many subscriptions of every key") { size in
                let form = FormContextObject(Fixture.context(Fixture.keys(10)))
                let subscriptions = (0..<size).map { _ in form.observeAll { change in blackHole(change) } }
                return .repeated(operationsPerRound: 1) { rounds in
                    withExtendedLifetime(subscriptions) {
                        for _ in 0..<rounds { form.observeAll { change in blackHole(change) }.cancel() }
                    }
                }
            },
        ])
}
