import Testing

@_spi(Diagnostics) @testable import FormContextCore

/// Forms on which the rule engine once went wrong, each found by ``RulePropertyTests`` (the seed and
/// form named) and pinned here in its smallest shape.
@Suite("Rules: pinned regressions")
struct RuleRegressionTests {
    private static let hasChildren = FormKey<Bool>("hasChildren")
    private static let children = FormKey<Int>("children")

    /// A definition the tests know is consistent.
    private static func definition(_ fields: [FieldDefinition], groups: [FieldGroup] = [], hiddenValues: HiddenValues) throws -> FormDefinition {
        try FormDefinition(fields, groups: groups, hiddenValues: hiddenValues)
    }

    @Test("with hidden values cleared, a field hidden as the definition is attached starts without a value and clean (seed 1, form 20)")
    func clearedAtAttachIsClean() throws {
        let form = FormContextObject(
            definition: try Self.definition(
                [
                    FieldDefinition(Self.hasChildren, default: false),
                    FieldDefinition(Self.children, default: 2).visible(when: { $0[Self.hasChildren] == true }),
                ], hiddenValues: .cleared))
        #expect(form[Self.children] == nil)
        #expect(!form.isDirty)
        form.set(true, for: Self.hasChildren.name)
        form.reset()
        #expect(form[Self.children] == nil)
        #expect(!form.fieldState(for: "children").isVisible)
        #expect(!form.isDirty)
    }
}

extension RuleRegressionTests {
    @Test("with hidden values cleared, a hidden calculated field holds no value, and has its calculation back when shown (seed 2, form 1)")
    func clearedCalculationWhileHidden() throws {
        let adults = FormKey<Int>("adults")
        let size = FormKey<Int>("household.size")
        let shown = FormKey<Bool>("shown")
        let definition = try Self.definition(
            [
                FieldDefinition(shown, default: false),
                FieldDefinition(adults, default: 2),
                FieldDefinition(size).calculated { ($0[adults] ?? 0) + 1 },
            ],
            groups: [FieldGroup("household").visible(when: { $0[shown] == true })], hiddenValues: .cleared)
        let form = FormContextObject(definition: definition)
        #expect(form[size] == nil)
        form.set(3, for: adults.name)
        #expect(form[size] == nil)
        form.set(true, for: shown.name)
        #expect(form[size] == 4)
        form.set(false, for: shown.name)
        #expect(form[size] == nil)
        let server = definition.evaluateRules(["shown": false, "adults": 5, "household.size": 6])
        #expect(server.values[size] == nil)
        #expect(definition.evaluateRules(["shown": true, "adults": 5]).values[size] == 6)
    }
}

extension RuleRegressionTests {
    @Test("a calculated field written by a reset or the program takes its calculation's value again (seed 0x5EED, form 22)")
    func writtenCalculationIsRecalculated() throws {
        let a = FormKey<Int>("a")
        let total = FormKey<Int>("total")
        let form = FormContextObject(
            definition: try Self.definition(
                [FieldDefinition(a, default: 1), FieldDefinition(total).calculated { ($0[a] ?? 0) + 1 }], hiddenValues: .kept))
        #expect(form[total] == 2)
        form.setVisible(false, for: "a")
        #expect(form[total] == 1)
        form.reset()
        #expect(form[total] == 1)
        let before = form.ruleEvaluationCount
        form.set(10, for: "total")
        #expect(form[total] == 1)
        #expect(form.ruleEvaluationCount - before == 1)
        form.setVisible(true, for: "a")
        #expect(form[total] == 2)
    }
}

extension RuleRegressionTests {
    @Test("with hidden values cleared, a visibility rule that reads a field runs after the rule that may clear it (seed 1, form 3)")
    func clearedValueIsReadAfterItsClearing() throws {
        let a = FormKey<Int>("a")
        let x = FormKey<Int>("x")
        let y = FormKey<Int>("y")
        let form = FormContextObject(
            definition: try Self.definition(
                [
                    FieldDefinition(a, default: 1),
                    FieldDefinition(x, default: 1).visible(when: { $0[a] == 1 }),
                    FieldDefinition(y, default: 7).visible(when: { ($0[x] ?? 0) < 5 }),
                ], hiddenValues: .cleared))
        let before = form.ruleEvaluationCount
        form.transaction { batch in
            batch.set(0, for: a.name)
            batch.set(9, for: x.name)
        }
        #expect(form[x] == nil)
        #expect(form.fieldState(for: "y").isVisible)
        #expect(form[y] == 7)
        #expect(form.ruleEvaluationCount - before == 2)
        #expect(form.lastRuleRuns.map(\.rule) == ["x (visible)", "y (visible)"])
    }

    @Test("with hidden values cleared, visibility rules that read each other's values form a cycle, since each may clear the other")
    func clearedMutualVisibilityIsACycle() throws {
        let a = FormKey<Int>("a")
        let b = FormKey<Int>("b")
        let fields = [
            FieldDefinition(a, default: 1).visible(when: { $0[b] != nil }),
            FieldDefinition(b, default: 1).visible(when: { $0[a] != nil }),
        ]
        let cleared = FormContextObject(definition: try Self.definition(fields, hiddenValues: .cleared))
        #expect(cleared.ruleCycles.map(\.description) == ["cycle: a (visible) → b (visible) → a (visible)"])
        let kept = FormContextObject(definition: try Self.definition(fields, hiddenValues: .kept))
        #expect(kept.ruleCycles.isEmpty)
    }

    @Test("a rule whose branch starts reading a calculated value that this mutation leaves alone runs once (seed 2, form 16)")
    func newReadOfASettledValueRunsOnce() throws {
        let useB = FormKey<Bool>("useB")
        let a = FormKey<Int>("a")
        let x = FormKey<Int>("x")
        let b = FormKey<Int>("b")
        let c = FormKey<Int>("c")
        let form = FormContextObject(
            definition: try Self.definition(
                [
                    FieldDefinition(useB, default: false),
                    FieldDefinition(a, default: 1),
                    FieldDefinition(x, default: 2),
                    FieldDefinition(c).calculated { $0[useB] == true ? ($0[b] ?? 0) : ($0[a] ?? 0) },
                    FieldDefinition(b).calculated { ($0[x] ?? 0) * 10 },
                ], hiddenValues: .kept))
        #expect(form[c] == 1)
        var before = form.ruleEvaluationCount
        form.set(true, for: useB.name)
        #expect(form[c] == 20)
        #expect(form.ruleEvaluationCount - before == 1)
        // From now on c runs after b: a change of x runs each once.
        before = form.ruleEvaluationCount
        form.set(3, for: x.name)
        #expect(form[c] == 30)
        #expect(form.lastRuleRuns.map(\.rule) == ["b", "c"])
        #expect(form.ruleEvaluationCount - before == 2)
    }
}

extension RuleRegressionTests {
    @Test("a rule whose branch starts reading a field that a rule of its level shows sees it shown (seed 0x5EED, form 26)")
    func newReadOfAFieldShownInTheSameLevel() throws {
        let s = FormKey<Int>("s")
        let v = FormKey<Int>("v")
        let x = FormKey<Int>("x")
        let c = FormKey<Int>("c")
        let y = FormKey<Int>("y")
        let form = FormContextObject(
            definition: try Self.definition(
                [
                    FieldDefinition(s, default: 0),
                    FieldDefinition(v, default: 0),
                    FieldDefinition(y, default: 7),
                    FieldDefinition(x).calculated { $0[y] }.visible(when: { ($0[v] ?? 0) > 2 }),
                    FieldDefinition(c).calculated { ($0[s] ?? 0) > 0 ? ($0[x] ?? 0) : 0 },
                ], hiddenValues: .kept))
        // Written in this order, x's visibility rule is committed first, before c records its read of x.
        form.transaction { batch in
            batch.set(3, for: v.name)
            batch.set(1, for: s.name)
        }
        #expect(form.fieldState(for: "x").isVisible)
        #expect(form[c] == 7)
        #expect(form.lastRuleRuns.map(\.rule).filter { $0 == "c" }.count == 2)
    }
}

extension RuleRegressionTests {
    // A few rules are put in order by sorting, a level holding many of them through a bitmap.
    @Test("the rules of one level run in definition order, whatever order their inputs changed in", arguments: [24, 300])
    func levelsRunInDefinitionOrder(count: Int) throws {
        let toggle = FormKey<Bool>("toggle")
        let other = FormKey<Int>("other")
        let names = (0..<count).map { "q\($0)" }
        let fields = [FieldDefinition(toggle, default: false), FieldDefinition(other, default: 0)]
            + names.enumerated().map { index, name in
                FieldDefinition(FormKey<Int>(name)).visible(when: { index.isMultiple(of: 2) ? $0[toggle] == true : ($0[other] ?? 0) > 0 })
            }
        let form = FormContextObject(definition: try Self.definition(fields, hiddenValues: .kept))
        form.transaction { batch in
            batch.set(1, for: other.name)
            batch.set(true, for: toggle.name)
        }
        #expect(form.lastRuleRuns.map(\.rule) == names.map { "\($0) (visible)" })
        // Half the rules in one level, every other one.
        form.set(2, for: other.name)
        #expect(form.lastRuleRuns.map(\.rule) == names.indices.filter { !$0.isMultiple(of: 2) }.map { "\(names[$0]) (visible)" })
    }
}
