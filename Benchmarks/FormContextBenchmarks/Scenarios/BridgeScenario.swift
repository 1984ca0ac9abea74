import FormContext

/// e. The bridge: a `Settings` model carried into a context and back, against the same code by hand.
///
/// The engine side is `FormBridge.context(from:)` then `write(_:into:)`: fill a new context from the model (marking the password
/// secret, the preview option as its raw value), then write every bound key back into a model, with
/// every type checked. The baseline writes the same four keys into a `FormContext` and reads them back
/// with the same checks, written out field by field.
struct BridgeScenario: Scenario {
    let name = "bridge"
    let letter = "e"

    func run(_ bench: Bench) -> ScenarioResult {
        let models = [
            Settings(),
            Settings(hotspot: Hotspot(isEnabled: false, password: "s3cret", networkName: "attic", showPreview: .never)),
        ]
        let bridge = Settings.bridge
        var mismatches = 0
        let (engine, baseline) = bench.nanosecondsPerOperation(
            operationsPerRound: models.count,
            engine: { rounds in
                for _ in 0..<rounds {
                    for model in models {
                        var back = model
                        guard (try? bridge.write(bridge.context(from: model), into: &back)) != nil, back == model else {
                            mismatches += 1
                            continue
                        }
                        blackHole(back)
                    }
                }
            },
            baseline: { rounds in
                for _ in 0..<rounds {
                    for model in models {
                        guard let back = Self.roundTripByHand(model), back == model else {
                            mismatches += 1
                            continue
                        }
                        blackHole(back)
                    }
                }
            })
        let fields = bridge.context(from: Settings()).values.count
        var result = ScenarioResult()
        result.rows.append(
            Measurement(
                scenario: name, size: fields, metric: "ns/round trip", engine: engine, baselineName: "by hand",
                baseline: baseline))
        result.checks.append(
            TargetCheck(
                id: "e bridge", statement: "a Settings round trip through the bridge returns the model (figure stated)",
                holds: mismatches == 0,
                detail: "\(Report.figure(engine)) ns vs \(Report.figure(baseline)) ns by hand: "
                    + String(format: "%.2fx", engine / baseline) + (mismatches == 0 ? "" : "; \(mismatches) round trips differed")))
        return result
    }

    /// The round trip written out by hand: the same keys, secrecy, raw value and type checks.
    static func roundTripByHand(_ model: Settings) -> Settings? {
        var context: FormContext = [:]
        context.set(model.hotspot.isEnabled, for: "hotspot.isEnabled")
        context.set(model.hotspot.password, for: "hotspot.password")
        context.secureKeys.insert("hotspot.password")
        context.set(model.hotspot.networkName, for: "hotspot.networkName")
        context.set(model.hotspot.showPreview.rawValue, for: "hotspot.showPreview")
        var back = model
        guard let isEnabled = try? context.value(for: FormKey<Bool>("hotspot.isEnabled")),
            let password = try? context.value(for: FormKey<String>("hotspot.password")),
            let networkName = try? context.value(for: FormKey<String>("hotspot.networkName")),
            let previewText = try? context.value(for: FormKey<String>("hotspot.showPreview")),
            let showPreview = ShowPreview(rawValue: previewText)
        else { return nil }
        back.hotspot.isEnabled = isEnabled
        back.hotspot.password = password
        back.hotspot.networkName = networkName
        back.hotspot.showPreview = showPreview
        return back
    }
}
