import FormContext
import Foundation

/// d. Validate all: 10,000 text fields, each required, 3 to 20 characters and matching a pattern.
///
/// The engine side is `FormDefinition.validate(_:)`, the whole check a submit or a server runs,
/// returning a report of issues. The baseline makes the same checks directly in a loop over the same
/// context — blank test, character count, the same `NSRegularExpression` anchored at both ends — and
/// collects the same failures, so the ratio is what the definition, its validators and its report add.
struct ValidateAllScenario: Scenario {
    let name = "validate"
    let letter = "d"
    /// The most validate-all may cost, as a multiple of the direct loop.
    let limit = 3.0
    /// The pattern every field must match.
    static let pattern = "[a-z0-9_]{3,20}"

    func run(_ bench: Bench) -> ScenarioResult {
        let size = 10_000
        let keys = Fixture.keys(size)
        let context = Self.values(keys)
        let definition: FormDefinition
        do {
            definition = try FormDefinition(
                keys.map { key in
                    FieldDefinition(
                        FormKey<String>(key),
                        validators: [.required(), .minLength(3), .maxLength(20), .pattern(Self.pattern)])
                })
        } catch {
            fatalError("the benchmark's form definition does not build: \(error)")
        }
        // The validator anchors the pattern at both ends the same way.
        guard let expression = try? NSRegularExpression(pattern: "\\A(?:" + Self.pattern + ")\\z") else {
            fatalError("the benchmark's pattern does not compile: \(Self.pattern)")
        }

        var engineErrors = 0
        var directErrors = 0
        let (engine, baseline) = bench.nanosecondsPerOperation(
            operationsPerRound: 1,
            engine: { rounds in
                for _ in 0..<rounds {
                    let report = definition.validate(context)
                    engineErrors = report.errors.count
                    blackHole(report)
                }
            },
            baseline: { rounds in
                for _ in 0..<rounds {
                    let failures = Self.validateDirectly(keys, in: context, expression: expression)
                    directErrors = failures.count
                    blackHole(failures)
                }
            })

        var result = ScenarioResult()
        result.rows.append(
            Measurement(
                scenario: name, size: size, metric: "ns/validate all", engine: engine, baselineName: "direct loop",
                baseline: baseline))
        result.rows.append(
            Measurement(
                scenario: name, size: size, metric: "errors found", engine: Double(engineErrors),
                baselineName: "direct loop", baseline: Double(directErrors)))
        let ratio = engine / baseline
        let expected = Self.expectedErrors(size)
        result.checks.append(
            TargetCheck(
                id: "d validate", statement: "validate-all within \(Int(limit))x of the same checks called directly",
                holds: ratio <= limit && engineErrors == expected && directErrors == expected,
                detail: "\(Report.figure(engine)) ns vs \(Report.figure(baseline)) ns: " + String(format: "%.2fx", ratio)
                    + "; errors \(Report.grouped(engineErrors)) and \(Report.grouped(directErrors)), expected \(Report.grouped(expected))"))
        return result
    }

    /// The values: valid user names, except a blank field every 10th and an ill-formed one every 10th + 5.
    static func values(_ keys: [String]) -> FormContext {
        var context: FormContext = [:]
        for (index, key) in keys.enumerated() {
            switch index % 10 {
            case 0: context.set("", for: key)
            case 5: context.set("Not Valid!", for: key)
            default: context.set("user_\(index)", for: key)
            }
        }
        return context
    }

    /// How many fields ``values(_:)`` makes invalid (each fails exactly one check).
    static func expectedErrors(_ count: Int) -> Int {
        (0..<count).count { $0 % 10 == 0 || $0 % 10 == 5 }
    }

    /// The same checks as the definition's validators, written out: a blank value fails `required`
    /// and no other check; any other value must have 3 to 20 characters and match the whole pattern.
    static func validateDirectly(_ keys: [String], in context: FormContext, expression: NSRegularExpression) -> [(key: String, rule: String)] {
        var failures: [(key: String, rule: String)] = []
        for key in keys {
            guard let text = context[key]?.base as? String, !text.allSatisfy(\.isWhitespace) else {
                failures.append((key, "required"))
                continue
            }
            let length = text.count
            if length < 3 { failures.append((key, "minLength(3)")) }
            if length > 20 { failures.append((key, "maxLength(20)")) }
            if expression.firstMatch(in: text, range: NSRange(text.startIndex..., in: text)) == nil {
                failures.append((key, "pattern"))
            }
        }
        return failures
    }
}
