import FormContext

/// A model with one property per field: a dictionary of texts, each bound to its own key.
struct WideModel: Sendable {
    var texts: [String: String] = [:]

    /// The text under `key`, empty when there is none.
    subscript(text key: String) -> String {
        get { texts[key] ?? "" }
        set { texts[key] = newValue }
    }
}

/// The model bridge: changing one property of a large model writes one key.
enum BridgeGrowth {
    static let scenario = GrowthScenario(
        name: "growth-bridge", subject: "the model bridge", cases: [
            GrowthCase(label: "ModelBinding.update(_:to:) of one property") { size in
                let binding = wideBinding(size)
                let path: any WritableKeyPath<WideModel, String> & Sendable = \WideModel.[text: "field-1"]
                return .repeated(operationsPerRound: 2) { rounds in
                    for _ in 0..<rounds {
                        for value in ["Ada", "Grace"] { binding.update(path, to: value) }
                    }
                }
            },
            GrowthCase(label: "a form edit with an onModelChange handler reading the model") { size in
                let form = FormContextObject()
                let binding = wideBinding(size, form: form)
                let subscription = binding.onModelChange { model in blackHole(model.texts.count) }
                return .repeated(operationsPerRound: 2) { rounds in
                    withExtendedLifetime((binding, subscription)) {
                        for _ in 0..<rounds {
                            for value in Fixture.alternatingValues { form.set(value, for: "field-1", origin: .user) }
                        }
                    }
                }
            },
            GrowthCase(
                label: "ModelBinding.update { } changing one property", limit: nil,
                note: "a closure can change any property, so finding what it changed compares every binding: use update(_:to:)"
            ) { size in
                let binding = wideBinding(size)
                return .repeated(operationsPerRound: 2) { rounds in
                    for _ in 0..<rounds {
                        for value in ["Ada", "Grace"] { binding.update { $0.texts["field-1"] = value } }
                    }
                }
            },
            GrowthCase(
                label: "a form edit with an onModelChange handler keeping the model", limit: nil,
                note: "the handler keeps the newest model; a model kept past the next change shares its storage, so that change copies it"
            ) { size in
                let form = FormContextObject()
                let binding = wideBinding(size, form: form)
                let kept = ModelKeeper()
                let subscription = binding.onModelChange { model in kept.keep(model) }
                return .repeated(operationsPerRound: 2) { rounds in
                    withExtendedLifetime((binding, subscription)) {
                        for _ in 0..<rounds {
                            for value in Fixture.alternatingValues { form.set(value, for: "field-1", origin: .user) }
                        }
                    }
                }
            },
        ])

    /// A binding of a model of `size` texts to a new form.
    static func wideBinding(_ size: Int, form: FormContextObject = FormContextObject()) -> ModelBinding<WideModel> {
        var model = WideModel()
        let bridge = FormBridge<WideModel> { bridge in
            for key in Fixture.keys(size) {
                model.texts[key] = "initial"
                bridge.bind(FormKey<String>(key), to: \WideModel.[text: key])
            }
        }
        return ModelBinding(model, bridge: bridge, form: form)
    }
}

/// Keeps the last model a handler saw, as an app that stores it would.
final class ModelKeeper: @unchecked Sendable {
    // `@unchecked Sendable` is sound: the benchmark calls handlers on its one thread.
    private var model: WideModel?

    func keep(_ model: WideModel) {
        self.model = model
    }
}
