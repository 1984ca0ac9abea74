import Foundation
import Testing
import TestSupport

@_spi(Diagnostics) @testable import FormContextCore

/// Typed keys the rule tests share.
private enum K {
    static let hasChildren = FormKey<Bool>("hasChildren")
    static let children = FormKey<Int>("children")
    static let adults = FormKey<Int>("adults")
    static let total = FormKey<Int>("total")
    static let a = FormKey<Int>("a")
    static let b = FormKey<Int>("b")
    static let c = FormKey<Int>("c")
    static let d = FormKey<Int>("d")
}

/// A definition the tests know is consistent.
private func definition(
    _ fields: [FieldDefinition], validators: [FormValidator] = [], groups: [FieldGroup] = [], hiddenValues: HiddenValues = .kept
) -> FormDefinition {
    do {
        return try FormDefinition(fields, validators: validators, groups: groups, hiddenValues: hiddenValues)
    } catch {
        Issue.record("definition does not build: \(error)")
        return (try? FormDefinition([])) ?? definitionOfNothing
    }
}

private let definitionOfNothing: FormDefinition = {
    // A definition of no fields always builds.
    (try? FormDefinition([])).unsafelyUnwrapped
}()

@Suite("Rules: visibility, enabled, required and calculations")
struct RulesTests {
    // MARK: Visibility and hidden values

    @Test("a field shows while its rule holds; hidden, it keeps its value and leaves validation and submission")
    func visibilityKeepsTheValue() async {
        let form = FormContextObject(
            definition: definition([
                FieldDefinition(K.hasChildren, default: false),
                FieldDefinition(K.children, validators: [.range(1...20)]).visible(when: { $0[K.hasChildren] == true }),
            ]),
            options: ValidationOptions(mode: .onChange))
        #expect(!form.fieldState(for: "children").isVisible)
        form.set(true, for: K.hasChildren.name)
        #expect(form.fieldState(for: "children").isVisible)
        form.set(0, for: K.children.name)
        #expect(form.errors(for: "children").map(\.rule) == ["range(1...20)"])
        form.set(false, for: K.hasChildren.name)
        #expect(!form.fieldState(for: "children").isVisible)
        #expect(form.errors(for: "children").isEmpty)
        #expect(form[K.children] == 0)
        #expect(form.activeValues["children"] == nil)
        let result = await form.submit { _ in .accepted }
        #expect(result.submission?["children"] == nil)
        form.set(true, for: K.hasChildren.name)
        #expect(form[K.children] == 0)
        #expect(form.errors(for: "children").map(\.rule) == ["range(1...20)"])
    }

    @Test("with hidden values cleared, a field that becomes hidden loses its value")
    func clearedHiddenValues() {
        let form = FormContextObject(
            definition: definition(
                [
                    FieldDefinition(K.hasChildren, default: true),
                    FieldDefinition(K.children).visible(when: { $0[K.hasChildren] == true }),
                ], hiddenValues: .cleared))
        form.set(2, for: K.children.name)
        let recorder = ChangeRecorder()
        let subscription = form.observe("children", recorder.record)
        form.set(false, for: K.hasChildren.name)
        #expect(form[K.children] == nil)
        #expect(recorder.changes == [FormChange(key: "children", oldValue: 2, newValue: nil, origin: .calculation)])
        form.set(true, for: K.hasChildren.name)
        #expect(form[K.children] == nil)
        subscription.cancel()
    }

    @Test("enabled and required rules: a disabled field leaves validation, a required one must have a value")
    func enabledAndRequired() {
        let form = FormContextObject(
            definition: definition([
                FieldDefinition(K.hasChildren, default: false),
                FieldDefinition(FormKey<String>("school")).required(when: { $0[K.hasChildren] == true }, message: "name the school"),
                FieldDefinition(FormKey<String>("nursery"), validators: [.required()]).enabled(when: { $0[K.hasChildren] == true }),
            ]))
        #expect(!form.fieldState(for: "nursery").isEnabled)
        #expect(form.validate().lines.isEmpty)
        form.set(true, for: K.hasChildren.name)
        #expect(form.fieldState(for: "nursery").isEnabled)
        #expect(form.validate().lines == ["school: name the school", "nursery: is required"])
        form.set("   ", for: "school")
        #expect(form.validate().lines == ["school: name the school", "nursery: is required"])
        form.set("Elm Street", for: "school")
        form.set("Little Oaks", for: "nursery")
        #expect(form.validate().isValid)
    }

    @Test("a shown field that the program hides stays hidden, and a rule-hidden one stays hidden when the program shows it")
    func programAndRulesBothHide() {
        let form = FormContextObject(
            definition: definition([
                FieldDefinition(K.hasChildren, default: true),
                FieldDefinition(K.children).visible(when: { $0[K.hasChildren] == true }),
            ]))
        form.setVisible(false, for: "children")
        #expect(!form.fieldState(for: "children").isVisible)
        form.setVisible(true, for: "children")
        form.set(false, for: K.hasChildren.name)
        #expect(!form.fieldState(for: "children").isVisible)
        form.setVisible(true, for: "children")
        #expect(!form.fieldState(for: "children").isVisible)
        form.set(true, for: K.hasChildren.name)
        #expect(form.fieldState(for: "children").isVisible)
    }

    // MARK: Groups

    @Test("a hidden group hides every field under it, nested groups included, and fields added under it later")
    func groupCascade() {
        let form = FormContextObject(
            definition: definition(
                [
                    FieldDefinition(FormKey<Bool>("livesAlone"), default: false),
                    FieldDefinition(FormKey<Bool>("household.hasPets"), default: false),
                    FieldDefinition(FormKey<Int>("household.size")),
                    FieldDefinition(FormKey<String>("household.pets.kind")),
                ],
                groups: [
                    FieldGroup("household").visible(when: { $0[FormKey<Bool>("livesAlone")] != true }),
                    FieldGroup("household.pets").visible(when: { $0[FormKey<Bool>("household.hasPets")] == true }),
                ]))
        #expect(form.fieldState(for: "household.size").isVisible)
        #expect(!form.fieldState(for: "household.pets.kind").isVisible)
        form.set(true, for: "household.hasPets")
        #expect(form.fieldState(for: "household.pets.kind").isVisible)
        form.set(true, for: "livesAlone")
        #expect(!form.fieldState(for: "household.size").isVisible)
        #expect(!form.fieldState(for: "household.hasPets").isVisible)
        #expect(!form.fieldState(for: "household.pets.kind").isVisible)
        form.set("new", for: "household.note")
        #expect(!form.fieldState(for: "household.note").isVisible)
        #expect(form.fieldState(for: "livesAlone").isVisible)
        form.set(false, for: "livesAlone")
        #expect(form.fieldState(for: "household.note").isVisible)
        #expect(form.fieldState(for: "household.pets.kind").isVisible)
        #expect(form.explanation(for: "household.size") == "household.size: no rule decides it")
        form.set(true, for: "livesAlone")
        #expect(
            form.explanation(for: "household.size")
                == "household.size: hidden with its group household, whose visibility rule read livesAlone = true")
    }

    @Test("a disabled group disables its fields")
    func groupEnabled() {
        let form = FormContextObject(
            definition: definition(
                [FieldDefinition(FormKey<Bool>("locked"), default: true), FieldDefinition(FormKey<Int>("details.count"))],
                groups: [FieldGroup("details").enabled(when: { $0[FormKey<Bool>("locked")] != true })]))
        #expect(!form.fieldState(for: "details.count").isEnabled)
        form.set(false, for: "locked")
        #expect(form.fieldState(for: "details.count").isEnabled)
    }

    // MARK: Calculations

    @Test("a calculation writes its field with origin calculation; its initial value is the one at attach")
    func calculation() {
        let form = FormContextObject(
            definition: definition([
                FieldDefinition(K.adults, default: 2),
                FieldDefinition(K.children, default: 1),
                FieldDefinition(K.total).calculated { ($0[K.adults] ?? 0) + ($0[K.children] ?? 0) },
            ]))
        #expect(form[K.total] == 3)
        #expect(!form.isDirty)
        let recorder = ChangeRecorder()
        let subscription = form.observe("total", recorder.record)
        form.set(4, for: K.children.name)
        #expect(form[K.total] == 6)
        #expect(recorder.changes == [FormChange(key: "total", oldValue: 3, newValue: 6, origin: .calculation)])
        form.reset()
        #expect(form[K.total] == 3)
        #expect(!form.isDirty)
        subscription.cancel()
    }

    @Test("a calculation does not see a hidden field, but sees a disabled one")
    func calculationsSkipHiddenFields() {
        let form = FormContextObject(
            definition: definition([
                FieldDefinition(K.hasChildren, default: true),
                FieldDefinition(K.children, default: 2).visible(when: { $0[K.hasChildren] == true }),
                FieldDefinition(K.adults, default: 1).enabled(when: { _ in false }),
                FieldDefinition(K.total).calculated { ($0[K.adults] ?? 0) + ($0[K.children] ?? 0) },
            ]))
        #expect(form[K.total] == 3)
        form.set(false, for: K.hasChildren.name)
        #expect(form[K.total] == 1)
        form.set(true, for: K.hasChildren.name)
        #expect(form[K.total] == 3)
    }

    @Test("a chain runs each rule once from its head, and only the last one from its tail")
    func chain() {
        let count = 50
        let tail = FormKey<Int>("tail")
        var fields = [FieldDefinition(FormKey<Int>("f0"), default: 0), FieldDefinition(tail, default: 0)]
        for index in 1..<count {
            let previous = FormKey<Int>("f\(index - 1)")
            // The last link also reads the tail's input.
            let isLast = index == count - 1
            fields.append(FieldDefinition(FormKey<Int>("f\(index)")).calculated { values in
                (values[previous] ?? 0) + 1 + (isLast ? values[tail] ?? 0 : 0)
            })
        }
        fields.append(FieldDefinition(FormKey<Int>("other"), default: 0))
        let form = FormContextObject(definition: definition(fields))
        #expect(form[FormKey<Int>("f\(count - 1)")] == count - 1)
        var before = form.ruleEvaluationCount
        form.set(10, for: "f0")
        #expect(form.ruleEvaluationCount - before == count - 1)
        #expect(form[FormKey<Int>("f\(count - 1)")] == 10 + count - 1)
        #expect(form.lastRuleRuns.map(\.rule) == (1..<count).map { "f\($0)" })
        before = form.ruleEvaluationCount
        form.set(1, for: "other")
        #expect(form.ruleEvaluationCount - before == 0)
        before = form.ruleEvaluationCount
        form.set(1, for: "tail")
        #expect(form.ruleEvaluationCount - before == 1)
        #expect(form.lastRuleRuns.map(\.rule) == ["f\(count - 1)"])
        #expect(form[FormKey<Int>("f\(count - 1)")] == 10 + count)
    }

    @Test("a diamond runs its bottom once, with both its inputs already new")
    func diamond() {
        let seen = Locked<[[Int]]>([])
        let form = FormContextObject(
            definition: definition([
                FieldDefinition(K.a, default: 1),
                FieldDefinition(K.b).calculated { ($0[K.a] ?? 0) * 10 },
                FieldDefinition(K.c).calculated { ($0[K.a] ?? 0) * 100 },
                FieldDefinition(K.d).calculated { values in
                    let inputs = [values[K.b] ?? 0, values[K.c] ?? 0]
                    seen.withLock { $0.append(inputs) }
                    return inputs[0] + inputs[1]
                },
            ]))
        seen.withLock { $0 = [] }
        let before = form.ruleEvaluationCount
        form.set(2, for: K.a.name)
        #expect(form.ruleEvaluationCount - before == 3)
        #expect(seen.withLock { $0 } == [[20, 200]])
        #expect(form[K.d] == 220)
    }

    @Test("a calculation whose result did not change wakes nothing downstream")
    func earlyCutoff() {
        let form = FormContextObject(
            definition: definition([
                FieldDefinition(K.a, default: 1),
                FieldDefinition(K.b).calculated { ($0[K.a] ?? 0) > 0 ? 1 : 0 },
                FieldDefinition(K.c).calculated { ($0[K.b] ?? 0) + 1 },
                FieldDefinition(K.d).calculated { ($0[K.c] ?? 0) + 1 },
            ]))
        let before = form.ruleEvaluationCount
        form.set(5, for: K.a.name)
        #expect(form.ruleEvaluationCount - before == 1)
        #expect(form.lastRuleRuns.map(\.rule) == ["b"])
    }

    @Test("a read taken only in one branch is followed once that branch runs")
    func branchDependentReads() {
        let useB = FormKey<Bool>("useB")
        let form = FormContextObject(
            definition: definition([
                FieldDefinition(useB, default: false),
                FieldDefinition(K.a, default: 1),
                FieldDefinition(K.b, default: 2),
                FieldDefinition(K.c).calculated { $0[useB] == true ? ($0[K.b] ?? 0) : ($0[K.a] ?? 0) },
            ]))
        #expect(form[K.c] == 1)
        var before = form.ruleEvaluationCount
        form.set(20, for: K.b.name)
        #expect(form.ruleEvaluationCount - before == 0)
        form.set(true, for: useB.name)
        #expect(form[K.c] == 20)
        before = form.ruleEvaluationCount
        form.set(30, for: K.b.name)
        #expect(form.ruleEvaluationCount - before == 1)
        #expect(form[K.c] == 30)
        before = form.ruleEvaluationCount
        form.set(10, for: K.a.name)
        #expect(form.ruleEvaluationCount - before == 0)
    }

    @Test("a transaction of many writes runs each rule at most once")
    func transactionRunsEachRuleOnce() {
        let form = FormContextObject(
            definition: definition([
                FieldDefinition(K.a, default: 1), FieldDefinition(K.b, default: 1),
                FieldDefinition(K.c).calculated { ($0[K.a] ?? 0) + ($0[K.b] ?? 0) },
                FieldDefinition(K.d).calculated { ($0[K.c] ?? 0) * 2 },
            ]))
        let before = form.ruleEvaluationCount
        form.transaction { batch in
            batch.set(5, for: K.a.name)
            batch.set(7, for: K.b.name)
        }
        #expect(form.ruleEvaluationCount - before == 2)
        #expect(form[K.d] == 24)
    }

    // MARK: Cycles

    @Test("a cycle of two is reported with its keys, once, and the form keeps its last values; the rest go on")
    func cycleOfTwo() {
        let form = FormContextObject(
            definition: definition([
                FieldDefinition(K.a, default: 1),
                FieldDefinition(FormKey<Int>("total"), default: 0).calculated { ($0[FormKey<Int>("tax")] ?? 0) + ($0[K.a] ?? 0) },
                FieldDefinition(FormKey<Int>("tax"), default: 0).calculated { ($0[FormKey<Int>("total")] ?? 0) / 10 },
                FieldDefinition(K.b).calculated { ($0[K.a] ?? 0) * 2 },
            ]))
        #expect(form.ruleCycles.map(\.description) == ["cycle: total → tax → total"])
        #expect(form[FormKey<Int>("total")] == 0)
        form.set(4, for: K.a.name)
        #expect(form[K.b] == 8)
        #expect(form[FormKey<Int>("total")] == 0)
        #expect(form.ruleCycles.count == 1)
    }

    @Test("a long cycle names every rule on it, in order")
    func longCycle() {
        let names = (0..<6).map { "n\($0)" }
        let fields = names.indices.map { index in
            let next = FormKey<Int>(names[(index + 1) % names.count])
            return FieldDefinition(FormKey<Int>(names[index])).calculated { ($0[next] ?? 0) + 1 }
        }
        let form = FormContextObject(definition: definition(fields))
        #expect(form.ruleCycles.count == 1)
        let cycle = form.ruleCycles.first?.rules ?? []
        #expect(cycle.count == 7)
        #expect(cycle.first == cycle.last)
        #expect(Set(cycle) == Set(names))
        // Values flow from each field to the one that reads it.
        for (from, to) in zip(cycle, cycle.dropFirst()) {
            let index = names.firstIndex(of: to) ?? 0
            #expect(names[(index + 1) % names.count] == from)
        }
    }

    @Test("a calculation that keeps changing what it reads of itself is a cycle of one; one that settles is not")
    func selfReadingCalculations() {
        let counter = FormKey<Int>("counter")
        let withDefault = FormKey<Int>("withDefault")
        let form = FormContextObject(
            definition: definition([
                FieldDefinition(K.a, default: 1),
                FieldDefinition(counter).calculated { ($0[counter] ?? 0) + ($0[K.a] ?? 0) },
                FieldDefinition(withDefault).calculated { $0[withDefault] ?? 5 },
            ]))
        #expect(form.ruleCycles.map(\.description) == ["cycle: counter → counter"])
        #expect(form[withDefault] == 5)
    }

    @Test("visibility rules that read each other's values are no cycle")
    func mutualVisibilityIsNoCycle() {
        let form = FormContextObject(
            definition: definition([
                FieldDefinition(K.a, default: 1).visible(when: { ($0[K.b] ?? 0) > 0 }),
                FieldDefinition(K.b, default: 1).visible(when: { ($0[K.a] ?? 0) > 0 }),
            ]))
        #expect(form.ruleCycles.isEmpty)
        form.set(0, for: K.a.name)
        #expect(!form.fieldState(for: "b").isVisible)
        #expect(form.fieldState(for: "a").isVisible)
    }

    @Test("a cycle through visibility and a calculation is found at run time when a branch brings it in")
    func cycleFoundAtRunTime() {
        let switchKey = FormKey<Bool>("switch")
        let form = FormContextObject(
            definition: definition([
                FieldDefinition(switchKey, default: false),
                FieldDefinition(K.a, default: 1).visible(when: { ($0[K.b] ?? 0) < 5 }),
                FieldDefinition(K.b).calculated { $0[switchKey] == true ? (($0[K.a] ?? 0) + 10) : 0 },
            ]))
        #expect(form.ruleCycles.isEmpty)
        form.set(true, for: switchKey.name)
        #expect(form.ruleCycles.map(\.description) == ["cycle: a (visible) → b → a (visible)"])
    }

    // MARK: Definitions and validators

    @Test("a calculation of another type than its field's does not build")
    func calculationTypeIsChecked() {
        #expect(throws: FormDefinitionError.calculationType(key: "total", expected: "Int", found: "String")) {
            try FormDefinition([FieldDefinition(K.total).calculated { _ in "three" }])
        }
        #expect(throws: FormDefinitionError.duplicateGroup("a")) {
            try FormDefinition([], groups: [FieldGroup("a"), FieldGroup("a")])
        }
        #expect(FormDefinitionError.calculationType(key: "total", expected: "Int", found: "String").description
            == "the calculation of field 'total' returns String, but the field holds Int")
    }

    @Test("a rule that reads the live form directly gets its value and never traps")
    func ruleReadingTheLiveForm() {
        let box = Locked<FormContextObject?>(nil)
        let form = FormContextObject(
            definition: definition([
                FieldDefinition(K.a, default: 1),
                FieldDefinition(K.c, default: 1),
                // Reads `a` through its reader (so it runs again when `a` changes) and `c` from the live form.
                FieldDefinition(K.b).visible(when: { values in
                    (values[K.a] ?? 0) > 0 && (box.withLock { $0 }?[K.c] ?? 0) > 0
                }),
            ]))
        box.withLock { $0 = form }
        #expect(!form.fieldState(for: "b").isVisible)
        form.set(2, for: K.a.name)
        #expect(form.fieldState(for: "b").isVisible)
        form.set(0, for: K.c.name)
        form.set(3, for: K.a.name)
        #expect(!form.fieldState(for: "b").isVisible)
        // The rule holds the box, which holds the form, which holds the rule: let go.
        box.withLock { $0 = nil }
    }

    @Test("rules in a scoped definition read their own fields inside the scope")
    func scopedRules() {
        let inner = definition(
            [
                FieldDefinition(K.hasChildren, default: false),
                FieldDefinition(K.children).visible(when: { $0[K.hasChildren] == true }),
                FieldDefinition(K.total).calculated { ($0[K.children] ?? 0) + 1 },
            ], groups: [FieldGroup("pets").visible(when: { $0[K.hasChildren] == true })])
        let form = FormContextObject(definition: inner.scoped(in: FormScope("family")))
        #expect(!form.fieldState(for: "family.children").isVisible)
        form.set(2, for: "family.children")
        #expect(form[FormKey<Int>("family.total")] == 1)
        form.set(true, for: "family.hasChildren")
        #expect(form.fieldState(for: "family.children").isVisible)
        #expect(form[FormKey<Int>("family.total")] == 3)
        form.set("cat", for: "family.pets.kind")
        #expect(form.fieldState(for: "family.pets.kind").isVisible)
    }

    // MARK: The server side

    @Test("a server evaluates the rules of a plain dictionary, and validates it with them")
    func serverSide() {
        let household = definition([
            FieldDefinition(K.hasChildren, default: false),
            FieldDefinition(K.children, validators: [.range(1...20)]).visible(when: { $0[K.hasChildren] == true }),
            FieldDefinition(FormKey<String>("school")).required(when: { $0[K.hasChildren] == true }),
            FieldDefinition(K.adults, validators: [.required()]),
            FieldDefinition(K.total).calculated { ($0[K.adults] ?? 0) + ($0[K.children] ?? 0) },
        ])
        let outcome = household.evaluateRules(["hasChildren": false, "children": 0, "adults": 2])
        #expect(outcome.hiddenKeys == ["children"])
        #expect(outcome.values[K.total] == 2)
        #expect(outcome.activeValues["children"] == nil)
        #expect(household.validate(["hasChildren": false, "children": 0, "adults": 2]).isValid)
        #expect(household.validate(["hasChildren": true, "children": 0, "adults": 2]).lines == [
            "children: must be between 1 and 20", "school: is required",
        ])
    }
}

@Suite("Rules: typed reads")
struct RuleTypedReadTests {
    /// What a calculation reads through typed keys, one read per word: the `Int` under `number`, the
    /// `Int8` under `small` read as an `Int`, the text under `text` read as an `Int`, `number` read as
    /// a `Double`, the `Int` of the field `secret` (hidden unless `shown`), and a key with no value.
    private static func form() -> FormDefinition {
        let report = FieldDefinition(FormKey<String>("report")).calculated { (values: FormValues) -> String? in
            let ints: [Int?] = [
                values[FormKey<Int>("number")], values[FormKey<Int>("small")], values[FormKey<Int>("text")],
            ]
            let double: Double? = values[FormKey<Double>("number")]
            let rest: [Int?] = [values[FormKey<Int>("secret")], values[FormKey<Int>("missing")]]
            let words = ints.map { $0.map { String($0) } ?? "-" } + [double.map { String($0) } ?? "-"]
                + rest.map { $0.map { String($0) } ?? "-" }
            return words.joined(separator: " ")
        }
        return definition([
            FieldDefinition(FormKey<Int>("number"), default: 7), FieldDefinition(FormKey<Int8>("small"), default: 3),
            FieldDefinition(FormKey<String>("text"), default: "9"), FieldDefinition(FormKey<Bool>("shown"), default: true),
            FieldDefinition(FormKey<Int>("secret"), default: -5).visible(when: { $0[FormKey<Bool>("shown")] == true }),
            report,
        ])
    }

    @Test("a calculation reads an Int as an Int and nothing else as one, on a live form and on a server")
    func typedReads() {
        let form = FormContextObject(definition: Self.form())
        #expect(form[FormKey<String>("report")] == "7 - - - -5 -")
        form.set(Int.min, for: FormKey<Int>("number").name)
        #expect(form[FormKey<String>("report")] == "\(Int.min) - - - -5 -")
        form.set(false, for: FormKey<Bool>("shown").name)
        #expect(form[FormKey<String>("report")] == "\(Int.min) - - - - -")

        let server = Self.form().evaluateRules(["number": 12, "small": Int8(3), "text": "9", "shown": true, "secret": 4])
        #expect(server.values[FormKey<String>("report")] == "12 - - - 4 -")
        let plain = FormValues(["number": 1, "secret": 2], inactiveKeys: ["secret"])
        #expect(plain[FormKey<Int>("number")] == 1)
        #expect(plain[FormKey<Int>("secret")] == nil)
    }
}

@Suite("Rules: the form's lifetime")
struct RuleLifetimeTests {
    /// A form whose rules ran, made and changed in a scope of its own, and a weak reference to it.
    private static func formThatRan(_ body: (FormContextObject) -> Void) -> () -> FormContextObject? {
        let form = FormContextObject(
            definition: definition([
                FieldDefinition(K.hasChildren, default: false),
                FieldDefinition(K.children, default: 0).visible(when: { $0[K.hasChildren] == true }),
                FieldDefinition(K.adults, default: 2),
                FieldDefinition(K.total).calculated { ($0[K.adults] ?? 0) + ($0[K.children] ?? 0) },
            ]))
        form.set(true, for: K.hasChildren.name)
        form.set(3, for: K.children.name)
        body(form)
        #expect(form[K.total] == 5)
        weak let weakForm = form
        return { weakForm }
    }

    @Test("a form whose rules ran is freed once nobody holds it")
    func freedAfterRules() {
        let form = Self.formThatRan { _ in }
        #expect(form() == nil)
    }

    @Test("a form whose rules were replaced by a definition without rules is freed once nobody holds it")
    func freedAfterRulesReplaced() {
        let form = Self.formThatRan { form in
            form.attach(definition([FieldDefinition(K.adults, default: 2)]))
            form.set(4, for: K.adults.name)
        }
        #expect(form() == nil)
    }
}

extension RuleLifetimeTests {
    /// Lets a rule reach the form it belongs to without holding it.
    private final class WeakForm: @unchecked Sendable {
        weak var form: FormContextObject?
    }

    @Test("a form whose rule replaced its definition while the rules ran is freed once nobody holds it")
    func freedAfterRulesReplacedWhileRunning() {
        let holder = WeakForm()
        let replacement = definition([FieldDefinition(K.adults, default: 2)])
        weak var weakForm: FormContextObject?
        do {
            let form = FormContextObject(
                definition: definition([
                    FieldDefinition(K.adults, default: 2),
                    FieldDefinition(K.total).calculated { values in
                        let adults = values[K.adults] ?? 0
                        if adults > 2 { holder.form?.attach(replacement) }
                        return adults
                    },
                ]))
            holder.form = form
            form.set(3, for: K.adults.name)
            #expect(!form.definition!.hasRules)
            weakForm = form
        }
        #expect(weakForm == nil)
    }
}

extension RuleLifetimeTests {
    @Test("a rule that attaches a definition with rules of its own while the rules run hands over to them")
    func rulesReplacedByRulesWhileRunning() throws {
        let holder = WeakForm()
        let doubled = definition([
            FieldDefinition(K.adults, default: 2),
            FieldDefinition(K.total).calculated { ($0[K.adults] ?? 0) * 2 },
        ])
        let form = FormContextObject(
            definition: definition([
                FieldDefinition(K.adults, default: 2),
                FieldDefinition(K.total).calculated { values in
                    let adults = values[K.adults] ?? 0
                    if adults > 2 { holder.form?.attach(doubled) }
                    return adults
                },
            ]))
        holder.form = form
        #expect(form[K.total] == 2)
        form.set(3, for: K.adults.name)
        // The new rules run over the values the form holds, and go on running after.
        #expect(form[K.total] == 6)
        form.set(5, for: K.adults.name)
        #expect(form[K.total] == 10)
        #expect(form.context == doubled.evaluateRules(FormContext(["adults": 5])).values)
    }

    @Test("a rule that writes another field while the rules run has its write settled after them")
    func ruleWritingWhileRunning() throws {
        let holder = WeakForm()
        let form = FormContextObject(
            definition: definition([
                FieldDefinition(K.a, default: 0),
                FieldDefinition(K.c, default: 0),
                FieldDefinition(K.b).calculated { values in
                    let a = values[K.a] ?? 0
                    // Writes `c` from inside a rule: the write waits for the rules of this change.
                    if a > 0 { holder.form?.set(a * 10, for: "c") }
                    return a + 1
                },
                FieldDefinition(K.d).calculated { ($0[K.c] ?? 0) + 1 },
            ]))
        holder.form = form
        form.set(4, for: K.a.name)
        #expect(form[K.b] == 5)
        #expect(form[K.c] == 40)
        #expect(form[K.d] == 41)
        form.set(0, for: K.a.name)
        #expect(form[K.b] == 1)
        #expect(form[K.c] == 40)
        #expect(form[K.d] == 41)
    }
}
