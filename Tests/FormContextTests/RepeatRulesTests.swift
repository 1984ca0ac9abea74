import Foundation
import Testing

@_spi(Diagnostics) @testable import FormContextCore

@Suite("Repeat groups: rules, summaries and group checks")
struct RepeatRulesTests {
    static let amount = FormKey<Int>("amount")
    static let share = FormKey<Int>("share")
    static let rank = FormKey<Int>("rank")
    static let paid = FormKey<Bool>("paid")
    static let total = FormKey<Int>("total")
    static let paidCount = FormKey<Int>("paidCount")
    static let allPaid = FormKey<Bool>("allPaid")
    static let anyPaid = FormKey<Bool>("anyPaid")
    static let showAmounts = FormKey<Bool>("showAmounts")

    /// Line items: each row's share of the total (an aggregate read inside every row), its rank
    /// after the previous row's, and an amount shown only when the form says so.
    static let items: FormDefinition = {
        let lines = RepeatGroup(
            "lines",
            fields: [
                FieldDefinition(amount).visible(when: { $0.outer[showAmounts] != false }),
                FieldDefinition(paid, default: false),
                FieldDefinition(share).calculated { (values: FormValues) -> Int? in
                    guard let amount = values[amount], let total = values.outer[total], total > 0 else { return nil }
                    return amount * 100 / total
                },
                FieldDefinition(rank).calculated { values in (values.previousRow?[rank] ?? 0) + 1 },
            ]
        )
        .summary(total, .sum(amount))
        .summary(paidCount, .count(where: paid, equals: true))
        .summary(allPaid, .all(paid, equals: true))
        .summary(anyPaid, .any(paid, equals: true))
        return (try? FormDefinition([FieldDefinition(showAmounts, default: true), FieldDefinition(lines)])).unsafelyUnwrapped
    }()

    static func key<Value>(_ field: FormKey<Value>, _ id: RowID) -> FormKey<Value> {
        id.scope(in: "lines").key(field)
    }

    @Test("an aggregate read inside every row stays current in every row after add, remove, move and edit")
    func aggregatesInEveryRow() throws {
        let form = FormContextObject(definition: Self.items)
        let a = try form.appendRow(to: "lines", ["amount": 50])
        let b = try form.appendRow(to: "lines", ["amount": 50])
        #expect(form[Self.key(Self.share, a)] == 50 && form[Self.key(Self.share, b)] == 50)
        let c = try form.insertRows(into: "lines", at: 0, [["amount": 100]])[0]
        #expect([a, b, c].map { form[Self.key(Self.share, $0)] } == [25, 25, 50])
        try form.moveRow(c, in: "lines", to: 2)
        form.set(150, for: Self.key(Self.amount, a).name)
        #expect([a, b, c].map { form[Self.key(Self.share, $0)] } == [50, 16, 33])
        try form.removeRows([a], from: "lines")
        #expect([b, c].map { form[Self.key(Self.share, $0)] } == [33, 66])
        #expect(form[Self.total] == 150)
    }

    @Test("a rule reading the previous row follows moves; a change of order runs only the rules whose neighbours changed")
    func previousRowRules() throws {
        let form = FormContextObject(definition: Self.items)
        var ids: [RowID] = []
        for _ in 0..<50 { ids.append(try form.appendRow(to: "lines")) }
        #expect(ids.map { form[Self.key(Self.rank, $0)] } == Array(1...50))
        let before = form.ruleEvaluationCount
        try form.moveRow(ids[49], in: "lines", to: 10)
        #expect(form.lastRuleRuns.contains { $0.reads.contains("lines.r50 (previous row)") })
        let ranks = form.rows(of: "lines").map { form[Self.key(Self.rank, $0)] }
        #expect(ranks == Array(1...50))
        // Every rank from position 10 on changes, and each of those rows' rank rule runs once; the
        // first ten rows' rules do not run.
        #expect(form.ruleEvaluationCount - before == 40)
        let unrelated = form.ruleEvaluationCount
        form.set(true, for: Self.key(Self.paid, ids[3]).name)
        #expect(form.ruleEvaluationCount == unrelated)
    }

    @Test("a hidden row field counts as absent in summaries; counts, any and all follow every row")
    func hiddenFieldsAndCounts() throws {
        let form = FormContextObject(definition: Self.items)
        let a = try form.appendRow(to: "lines", ["amount": 10, "paid": true])
        _ = try form.appendRow(to: "lines", ["amount": 20])
        #expect(form[Self.total] == 30)
        #expect(form[Self.paidCount] == 1 && form[Self.anyPaid] == true && form[Self.allPaid] == false)
        form.set(false, for: Self.showAmounts.name)
        #expect(form[Self.total] == 0)
        form.set(true, for: Self.showAmounts.name)
        #expect(form[Self.total] == 30)
        try form.removeRows([a], from: "lines")
        #expect(form[Self.paidCount] == 0 && form[Self.anyPaid] == false && form[Self.allPaid] == false)
        try form.replaceRows(of: "lines", with: [])
        #expect(form[Self.allPaid] == true && form[Self.total] == 0)
    }

    @Test("a count rule keeps the number of rows (ODK's repeat_count), within the maximum")
    func countRule() throws {
        let children = FormKey<Int>("children")
        let group = RepeatGroup("kids", maximum: 4, fields: [FieldDefinition(FormKey<String>("name"), default: "?")])
            .count { $0[children] }
        let form = FormContextObject(definition: try FormDefinition([FieldDefinition(children), FieldDefinition(group)]))
        #expect(form.rows(of: "kids").isEmpty)
        form.set(3, for: children.name)
        #expect(form.rows(of: "kids") == [RowID(1), RowID(2), RowID(3)])
        #expect(form["kids.r3.name"] == AnyHashable("?"))
        form.set(1, for: children.name)
        #expect(form.rows(of: "kids") == [RowID(1)])
        form.set(99, for: children.name)
        #expect(form.rows(of: "kids").count == 4)
        #expect(form.rows(of: "kids").first == RowID(1))
    }

    @Test("group checks: minimum, maximum, at least one, custom, unique; reported under the group's key")
    func groupChecks() throws {
        let name = FormKey<String>("name")
        let role = FormKey<String>("role")
        let group = RepeatGroup("crew", minimum: 1, maximum: 3, fields: [FieldDefinition(name), FieldDefinition(role)])
            .validator(.unique(name))
            .validator(.atLeastOne(role, equals: "captain", message: "needs a captain"))
            .validator(.custom("short", message: "names must be short") { rows in rows.allSatisfy { ($0[name]?.count ?? 0) <= 5 } })
        let definition = try FormDefinition([FieldDefinition(group)])
        let form = FormContextObject(definition: definition)
        func rules() -> [String] { form.validate().errors.filter { $0.key == "crew" }.map(\.rule) }
        #expect(rules() == ["atLeastOne"])
        form.set("captain", for: "crew.r1.role")
        form.set("Ada", for: "crew.r1.name")
        #expect(rules() == [])
        try form.appendRow(to: "crew", ["name": "Ada"])
        try form.appendRow(to: "crew", ["name": "Grace Hopper"])
        #expect(rules() == ["unique", "short"])
        try form.removeRows([RowID(1)], from: "crew")
        #expect(rules() == ["atLeastOne", "short"])
        try form.replaceRows(of: "crew", with: [])
        #expect(rules() == ["minimumRows", "atLeastOne"])
        #expect(form.validate().errors.first { $0.rule == "minimumRows" }?.message == "must have at least 1 row")
        #expect(definition.validate(form.context).errors.map(\.rule) == ["minimumRows", "atLeastOne"])
    }

    @Test("on the server: rules and validation over a plain context agree with the live form")
    func serverSide() throws {
        let form = FormContextObject(definition: Self.items)
        try form.appendRow(to: "lines", ["amount": 30])
        try form.appendRow(to: "lines", ["amount": 10])
        var submitted = form.context
        submitted.set(nil, for: "lines.r1.share")
        submitted.set(nil, for: "total")
        let outcome = Self.items.evaluateRules(submitted)
        #expect(outcome.values["lines.r1.share"] == AnyHashable(75))
        #expect(outcome.values["lines.r2.rank"] == AnyHashable(2))
        #expect(outcome.values["total"] == AnyHashable(40))
    }

    @Test("a row added after a submit is validated in the re-validate mode like any field")
    func addedAfterSubmit() async throws {
        let name = FormKey<String>("name")
        let group = RepeatGroup("crew", fields: [FieldDefinition(name, validators: [.required()])])
        let form = FormContextObject(
            definition: try FormDefinition([FieldDefinition(group)]), options: ValidationOptions(mode: .onSubmit, revalidateMode: .onChange))
        _ = await form.submit { _ in .accepted }
        let id = try form.appendRow(to: "crew")
        form.set("", for: id.scope(in: "crew").key(name).name)
        #expect(form.errors(for: "crew.r1.name").map(\.rule) == ["required"])
    }

    @Test("definitions refuse groups that cannot work, naming the group")
    func definitionErrors() {
        let name = FormKey<String>("name")
        #expect(throws: FormDefinitionError.invalidRepeatGroup(key: "g", problem: "its minimum 3 is above its maximum 2")) {
            try FormDefinition([FieldDefinition(RepeatGroup("g", minimum: 3, maximum: 2, fields: []))])
        }
        #expect(throws: FormDefinitionError.invalidRepeatGroup(key: "g", problem: "field 'name' is defined more than once")) {
            try FormDefinition([FieldDefinition(RepeatGroup("g", fields: [FieldDefinition(name), FieldDefinition(name)]))])
        }
        #expect(throws: FormDefinitionError.invalidRepeatGroup(key: "g", problem: "summary 'n' reads unknown field 'age'")) {
            try FormDefinition([FieldDefinition(RepeatGroup("g", fields: [FieldDefinition(name)]).summary(FormKey<Int>("n"), .sum(FormKey<Int>("age"))))])
        }
        #expect(throws: FormDefinitionError.invalidRepeatGroup(key: "g.r1.h", problem: "it lies inside repeat group 'g'")) {
            try FormDefinition([FieldDefinition(RepeatGroup("g", fields: [])), FieldDefinition(RepeatGroup("g.r1.h", fields: []))])
        }
    }

    @Test("a pending asynchronous check belongs to its row: it stays through a move and goes with a removal")
    func pendingChecksFollowTheRow() async throws {
        let sleep = ManualSleep()
        let name = FormKey<String>("name")
        let group = RepeatGroup("crew", fields: [
            FieldDefinition(name, asyncValidators: [AsyncValidator("free", debounce: .seconds(1)) { _ in nil }])
        ])
        let form = FormContextObject(
            definition: try FormDefinition([FieldDefinition(group)]),
            options: ValidationOptions(mode: .onChange, sleep: { try await sleep.sleep($0) }))
        let a = try form.appendRow(to: "crew")
        let b = try form.appendRow(to: "crew")
        let key = b.scope(in: "crew").key("name")
        form.set("Ada", for: key)
        #expect(form.fieldState(for: key).isValidating)
        try form.moveRow(b, in: "crew", to: 0)
        #expect(form.fieldState(for: key).isValidating)
        #expect(!form.fieldState(for: a.scope(in: "crew").key("name")).isValidating)
        try form.removeRows([b], from: "crew")
        #expect(!form.fieldState(for: key).isValidating)
        #expect(!form.isValidating)
        await form.waitForValidation()
    }
}


@Suite("Repeat groups hidden and disabled")
struct RepeatActivityTests {
    @Test("a group hidden or disabled by the program takes its rows with it, new rows included")
    func programCascade() throws {
        let name = FormKey<String>("name")
        let group = RepeatGroup("crew", fields: [FieldDefinition(name, validators: [.required()])])
            .summary(FormKey<Int>("named"), .count(of: name))
        let form = FormContextObject(definition: try FormDefinition([FieldDefinition(group)]))
        let a = try form.appendRow(to: "crew", ["name": "Ada"])
        let nameOfA = a.scope(in: "crew").key("name")
        form.setVisible(false, for: "crew")
        #expect(!form.fieldState(for: nameOfA).isVisible)
        #expect(form[FormKey<Int>("named")] == 0)
        let b = try form.appendRow(to: "crew")
        #expect(!form.fieldState(for: b.scope(in: "crew").key("name")).isVisible)
        #expect(form.validate().errors.isEmpty)
        #expect(form.explanation(for: nameOfA) == "\(nameOfA): hidden with its repeat group crew")
        form.setVisible(true, for: "crew")
        #expect(form.fieldState(for: nameOfA).isVisible)
        #expect(form[FormKey<Int>("named")] == 1)
        #expect(form.validate().errors.map(\.key) == [b.scope(in: "crew").key("name")])
        form.setEnabled(false, for: "crew")
        #expect(!form.fieldState(for: nameOfA).isEnabled)
        #expect(form.validate().errors.isEmpty)
        form.setEnabled(true, for: "crew")
        #expect(form.fieldState(for: nameOfA).isEnabled)
    }
}
