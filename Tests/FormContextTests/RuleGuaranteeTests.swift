import Testing
import TestSupport

@_spi(Diagnostics) @testable import FormContextCore

/// The promises of the rule engine that the other rule tests leave open: glitch-free order across
/// kinds of rules, branch-dependent reads within one mutation, what is and is not a cycle, size
/// without recursion, required-when on a server, and explanations.
@Suite("Rules: ordering, cycles, the server side and explanations")
struct RuleGuaranteeTests {
    private static let a = FormKey<Int>("a")
    private static let b = FormKey<Int>("b")
    private static let c = FormKey<Int>("c")
    private static let d = FormKey<Int>("d")

    /// A definition the tests know is consistent.
    private static func definition(
        _ fields: [FieldDefinition], groups: [FieldGroup] = [], hiddenValues: HiddenValues = .kept
    ) throws -> FormDefinition {
        try FormDefinition(fields, groups: groups, hiddenValues: hiddenValues)
    }

    // MARK: Order

    @Test("a visibility rule below a diamond runs once, after both calculations it reads")
    func diamondIntoVisibility() throws {
        let seen = Locked<[[Int]]>([])
        let form = FormContextObject(
            definition: try Self.definition([
                FieldDefinition(Self.a, default: 1),
                FieldDefinition(Self.b).calculated { ($0[Self.a] ?? 0) + 1 },
                FieldDefinition(Self.c).calculated { ($0[Self.a] ?? 0) * 2 },
                FieldDefinition(Self.d).visible(when: { values in
                    let inputs = [values[Self.b] ?? 0, values[Self.c] ?? 0]
                    seen.withLock { $0.append(inputs) }
                    return inputs[0] < inputs[1]
                }),
            ]))
        #expect(form.fieldState(for: "d").isVisible == false)
        seen.withLock { $0 = [] }
        let before = form.ruleEvaluationCount
        form.set(5, for: Self.a.name)
        #expect(seen.withLock { $0 } == [[6, 10]])
        #expect(form.ruleEvaluationCount - before == 3)
        #expect(form.lastRuleRuns.last?.rule == "d (visible)")
        #expect(form.fieldState(for: "d").isVisible)
    }

    @Test("a branch that starts reading a value this mutation recalculates sees only the new value, and its field changes once")
    func branchReadsAValueOfTheSameMutation() throws {
        let useB = FormKey<Bool>("useB")
        let x = FormKey<Int>("x")
        let form = FormContextObject(
            definition: try Self.definition([
                FieldDefinition(useB, default: false),
                FieldDefinition(x, default: 1),
                FieldDefinition(Self.a, default: 7),
                FieldDefinition(Self.c).calculated { $0[useB] == true ? ($0[Self.b] ?? 0) : ($0[Self.a] ?? 0) },
                FieldDefinition(Self.b).calculated { ($0[x] ?? 0) * 10 },
            ]))
        #expect(form[Self.c] == 7)
        let recorder = ChangeRecorder()
        let subscription = form.observe("c", recorder.record)
        form.transaction { batch in
            batch.set(true, for: useB.name)
            batch.set(2, for: x.name)
        }
        #expect(form[Self.c] == 20)
        #expect(recorder.changes == [FormChange(key: "c", oldValue: 7, newValue: 20, origin: .calculation)])
        subscription.cancel()
    }

    // MARK: Cycles

    @Test("a rule reading its own field's value is no cycle: a visibility rule, and a calculation that settles")
    func selfReadsAreNoCycles() throws {
        let form = FormContextObject(
            definition: try Self.definition([
                FieldDefinition(Self.a, default: 1).visible(when: { ($0[Self.a] ?? 0) > 0 }),
                FieldDefinition(Self.b).calculated { $0[Self.b] ?? 3 },
            ]))
        #expect(form.ruleCycles.isEmpty)
        #expect(form[Self.b] == 3)
        form.set(0, for: Self.a.name)
        #expect(!form.fieldState(for: "a").isVisible)
        form.set(2, for: Self.a.name)
        #expect(form.fieldState(for: "a").isVisible)
        form.set(9, for: Self.b.name)
        #expect(form[Self.b] == 9)
    }

    @Test("a cycle found only when a branch takes it keeps the form's last values, and the other rules go on")
    func cycleKeepsLastValues() throws {
        let loop = FormKey<Bool>("loop")
        let form = FormContextObject(
            definition: try Self.definition([
                FieldDefinition(loop, default: false),
                FieldDefinition(Self.a, default: 1),
                FieldDefinition(Self.b).calculated { $0[loop] == true ? ($0[Self.c] ?? 0) + 1 : ($0[Self.a] ?? 0) },
                FieldDefinition(Self.c).calculated { ($0[Self.b] ?? 0) + 1 },
                FieldDefinition(Self.d).calculated { ($0[Self.a] ?? 0) * 100 },
            ]))
        #expect(form.ruleCycles.isEmpty)
        #expect(form[Self.b] == 1)
        #expect(form[Self.c] == 2)
        form.set(true, for: loop.name)
        #expect(form.ruleCycles.map(\.description) == ["cycle: c → b → c"])
        #expect(form[Self.b] == 1)
        #expect(form[Self.c] == 2)
        form.set(3, for: Self.a.name)
        #expect(form[Self.d] == 300)
        #expect(form[Self.b] == 1)
        #expect(form.explanation(for: "b").split(separator: "\n").last == "b: left out on the cycle c → b → c, keeping its last result")
    }

    @Test("a server names the cycles of a definition, and evaluates every other rule")
    func serverNamesCycles() throws {
        let total = FormKey<Int>("total")
        let tax = FormKey<Int>("tax")
        let definition = try Self.definition([
            FieldDefinition(Self.a, default: 1),
            FieldDefinition(total).calculated { ($0[tax] ?? 0) + ($0[Self.a] ?? 0) },
            FieldDefinition(tax).calculated { ($0[total] ?? 0) / 10 },
            FieldDefinition(Self.b).calculated { ($0[Self.a] ?? 0) * 2 },
        ])
        let outcome = definition.evaluateRules(["a": 4])
        #expect(outcome.cycles.map(\.description) == ["cycle: total → tax → total"])
        #expect(outcome.values[Self.b] == 8)
        #expect(outcome.description.hasSuffix("cycle: total → tax → total"))
    }

    @Test("chains and cycles of thousands of rules are ordered and named without recursion")
    func largeGraphs() throws {
        let count = 3_000
        var chain = [FieldDefinition(FormKey<Int>("k0"), default: 0)]
        for index in 1..<count {
            let previous = FormKey<Int>("k\(index - 1)")
            chain.append(FieldDefinition(FormKey<Int>("k\(index)")).calculated { ($0[previous] ?? 0) + 1 })
        }
        let form = FormContextObject(definition: try Self.definition(chain))
        #expect(form[FormKey<Int>("k\(count - 1)")] == count - 1)
        let before = form.ruleEvaluationCount
        form.set(1, for: "k0")
        #expect(form.ruleEvaluationCount - before == count - 1)
        #expect(form[FormKey<Int>("k\(count - 1)")] == count)

        let ring = (0..<count).map { index in
            let next = FormKey<Int>("r\((index + 1) % count)")
            return FieldDefinition(FormKey<Int>("r\(index)")).calculated { ($0[next] ?? 0) + 1 }
        }
        let cycles = try Self.definition(ring).evaluateRules([:]).cycles
        #expect(cycles.count == 1)
        #expect(cycles.first?.rules.count == count + 1)
        #expect(Set(cycles.first?.rules ?? []).count == count)
    }

    // MARK: The server side

    @Test("a server sees which fields are required, and requires them only while they are active")
    func requiredOnTheServer() throws {
        let hasChildren = FormKey<Bool>("hasChildren")
        let definition = try Self.definition(
            [
                FieldDefinition(hasChildren, default: false),
                FieldDefinition(FormKey<String>("school")).required(when: { $0[hasChildren] == true }, message: "name the school"),
                FieldDefinition(FormKey<String>("nursery"))
                    .required(when: { _ in true })
                    .visible(when: { $0[hasChildren] == true }),
            ])
        let without = definition.evaluateRules(["hasChildren": false])
        #expect(without.requiredKeys == ["nursery"])
        #expect(without.hiddenKeys == ["nursery"])
        #expect(definition.validate(["hasChildren": false]).isValid)
        let with = definition.evaluateRules(["hasChildren": true, "school": "  "])
        #expect(with.requiredKeys == ["nursery", "school"])
        #expect(definition.validate(["hasChildren": true, "school": "  "]).lines == ["school: name the school", "nursery: is required"])
        #expect(definition.validate(["hasChildren": true, "school": "Elm Street", "nursery": "Oaks"]).isValid)
    }

    @Test("with hidden values cleared, a server's evaluation drops the hidden values; kept, it keeps them out of the active values")
    func serverHiddenValues() throws {
        let hasChildren = FormKey<Bool>("hasChildren")
        let fields = [
            FieldDefinition(hasChildren, default: false),
            FieldDefinition(Self.c).visible(when: { $0[hasChildren] == true }),
            FieldDefinition(Self.d).calculated { ($0[Self.c] ?? 0) + 1 },
        ]
        let submitted: FormContext = ["hasChildren": false, "c": 3]
        let kept = try Self.definition(fields).evaluateRules(submitted)
        #expect(kept.values[Self.c] == 3)
        #expect(kept.activeValues[Self.c] == nil)
        #expect(kept.values[Self.d] == 1)
        let cleared = try Self.definition(fields, hiddenValues: .cleared).evaluateRules(submitted)
        #expect(cleared.values[Self.c] == nil)
        #expect(cleared.values[Self.d] == 1)
    }

    // MARK: Explanations

    @Test("an explanation says why a field is shown or hidden, enabled or disabled, required or optional, and what it is calculated from")
    func explanations() throws {
        let hasChildren = FormKey<Bool>("hasChildren")
        let form = FormContextObject(
            definition: try Self.definition(
                [
                    FieldDefinition(hasChildren, default: false),
                    FieldDefinition(Self.a, default: 2),
                    FieldDefinition(Self.c).visible(when: { $0[hasChildren] == true })
                        .enabled(when: { ($0[Self.a] ?? 0) > 1 })
                        .required(when: { $0[hasChildren] == true }),
                    FieldDefinition(Self.d).calculated { ($0[Self.a] ?? 0) + ($0[Self.c] ?? 0) },
                    FieldDefinition(FormKey<Int>("pets.count")),
                ],
                groups: [FieldGroup("pets").visible(when: { $0[hasChildren] != true })]))
        #expect(form.explanation(for: "c") == """
            c: hidden by its visibility rule, which read hasChildren = false
            c: enabled by its enabled rule, which read a = 2
            c: optional by its required rule, which read hasChildren = false
            """)
        form.set(true, for: hasChildren.name)
        form.set(0, for: Self.a.name)
        form.setVisible(false, for: "d")
        #expect(form.explanation(for: "c") == """
            c: shown by its visibility rule, which read hasChildren = true
            c: disabled by its enabled rule, which read a = 0
            c: required by its required rule, which read hasChildren = true
            """)
        #expect(form.explanation(for: "d") == """
            d: hidden by the program (setVisible)
            d: calculated (= 0) by its calculation, which read a = 0, c = nil
            """)
        #expect(form.explanation(for: "pets.count") == "pets.count: hidden with its group pets, whose visibility rule read hasChildren = true")
        #expect(form.explanation(for: "a") == "a: no rule decides it")
        #expect(form.explanation(for: "nowhere") == "nowhere: no rule decides it")
    }
}
