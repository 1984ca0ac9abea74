import FormContext

/// Validation paths whose cost must not depend on the size of the form.
enum ValidationGrowth {
    static let scenario = GrowthScenario(
        name: "growth-validation", subject: "validation on a change", cases: [
            GrowthCase(label: "on-change set, a form-level validator, one field hidden") { size in
                let form = validatedForm(size)
                form.setVisible(false, for: "field-5")
                return alternatingSets(on: form, key: "field-2")
            },
            GrowthCase(label: "on-change set, a form-level validator, half the fields hidden") { size in
                let form = validatedForm(size)
                for index in stride(from: 1, to: size, by: 2) { form.setVisible(false, for: "field-\(index)") }
                return alternatingSets(on: form, key: "field-2")
            },
            GrowthCase(label: "blur one field, a form-level validator") { size in
                let form = validatedForm(size)
                return .repeated(operationsPerRound: 1) { rounds in
                    for _ in 0..<rounds { form.blur("field-3") }
                }
            },
            GrowthCase(label: "hide or show one field, a form-level validator") { size in
                let form = validatedForm(size)
                return .repeated(operationsPerRound: 2) { rounds in
                    for _ in 0..<rounds {
                        form.setVisible(false, for: "field-4")
                        form.setVisible(true, for: "field-4")
                    }
                }
            },
            GrowthCase(label: "on-change set, a scoped form-level validator") { size in
                let form = FormContextObject(
                    definition: definition(size).scoped(in: FormScope("scope")), options: ValidationOptions(mode: .onChange))
                return alternatingSets(on: form, key: "scope.field-2")
            },
        ])

    /// A definition of `size` text fields, each required, with a form-level validator that reads two of them.
    static func definition(_ size: Int) -> FormDefinition {
        let fields = Fixture.keys(size).map { FieldDefinition(FormKey<String>($0), validators: [.required()]) }
        let differ = FormValidator("differ", message: "the first two fields must differ") { values in
            values[FormKey<String>("field-0")] != values[FormKey<String>("field-1")]
        }
        return Fixture.definition(fields, validators: [differ])
    }

    /// A form of `size` fields holding their initial value, validating every change.
    static func validatedForm(_ size: Int) -> FormContextObject {
        FormContextObject(definition: definition(size), values: Fixture.context(Fixture.keys(size)), options: ValidationOptions(mode: .onChange))
    }

    /// Sets `key` to the two alternating values in turn.
    static func alternatingSets(on form: FormContextObject, key: String) -> GrowthCase.Timing {
        .repeated(operationsPerRound: 2) { rounds in
            for _ in 0..<rounds {
                for value in Fixture.alternatingValues { form.set(value, for: key) }
            }
        }
    }
}
