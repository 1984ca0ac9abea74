import FormContext

/// Defining a form: each field costs the same, however many share a pattern.
enum DefinitionGrowth {
    static let scenario = GrowthScenario(
        name: "growth-definition", subject: "defining fields", cases: [
            GrowthCase(
                label: "define a field with a pattern validator, in a definition of all of them",
                baseline: (
                    "a dictionary of the same keys",
                    { size in
                        let keys = Fixture.keys(size)
                        return .repeated(operationsPerRound: size) { rounds in
                            for _ in 0..<rounds {
                                var positions: [String: Int] = [:]
                                positions.reserveCapacity(keys.count)
                                for (position, key) in keys.enumerated() { positions[key] = position }
                                blackHole(positions)
                            }
                        }
                    }
                )
            ) { size in
                let keys = Fixture.keys(size)
                return .repeated(operationsPerRound: size) { rounds in
                    for _ in 0..<rounds {
                        blackHole(Fixture.definition(keys.map { FieldDefinition(FormKey<String>($0), validators: [.pattern("[A-Za-z ]+")]) }))
                    }
                }
            }
        ])
}
