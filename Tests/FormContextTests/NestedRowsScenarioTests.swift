@testable import FormContextBenchmarks
@testable import FormContextCore
import Testing

@Suite("Nested-rows benchmark scenario")
struct NestedRowsScenarioTests {
    /// Every member's age, household by household, read from the form's rows.
    private func ages(_ form: FormContextObject) -> [[Int]] {
        form.rows(of: "households").map { household in
            let group = household.scope(in: "households").key("members")
            return form.rows(of: group).map { member in form[FormKey<Int>(member.scope(in: group).key("age"))] ?? 0 }
        }
    }

    private func expectSummaries(_ form: FormContextObject, _ comment: Comment) {
        let ages = ages(form)
        #expect(form[NestedRowsScenario.allAges] == ages.joined().reduce(0, +), comment)
        #expect(form[FormKey<Int>("allMembers")] == ages.joined().count, comment)
    }

    @Test("the form keeps its sums over every member of every household through each operation the scenario times")
    func summariesFollowTheOperations() throws {
        let form = NestedRowsScenario.form(households: 6)
        #expect(ages(form).map(\.count) == Array(repeating: NestedRowsScenario.members, count: 6))
        expectSummaries(form, "as built")

        let group = NestedRowsScenario.group(form, 0)
        let appended = try form.appendRow(to: group, ["age": 30])
        let inserted = try form.insertRows(into: group, at: 50, [["age": 41]])[0]
        expectSummaries(form, "after an append and an insert")
        try form.moveRow(form.rows(of: group)[50], in: group, to: 0)
        try form.removeRows([appended], from: group)
        try form.removeRows([inserted], from: group)
        expectSummaries(form, "after a move and two removals")

        let replaced = NestedRowsScenario.group(form, 1)
        try form.replaceRows(of: replaced, with: NestedRowsScenario.memberValues(NestedRowsScenario.members, from: 1_000))
        #expect(ages(form)[form.rows(of: "households").count / 2 + 1].first == 1_000 % 90)
        expectSummaries(form, "after a replacement")

        let edited = NestedRowsScenario.group(form, 2)
        let member = form.rows(of: edited)[NestedRowsScenario.members / 2]
        let age = NestedRowsScenario.age.scoped(in: member.scope(in: edited))
        form.set(10, for: age.name)
        #expect(form[FormKey<Bool>(member.scope(in: edited).key("isAdult"))] == false)
        form.set(60, for: age.name)
        #expect(form[FormKey<Bool>(member.scope(in: edited).key("isAdult"))] == true)
        expectSummaries(form, "after an edit")

        let before = ages(form)
        form.reset(replaced)
        form.reset(edited)
        #expect(ages(form) == ages(NestedRowsScenario.form(households: 6)))
        #expect(ages(form) != before)
        expectSummaries(form, "after the resets")
    }

    @Test("each operation works on a household of its own, whatever the number of households")
    func operationsUseTheirOwnHouseholds() {
        for households in [30, 100] {
            let form = NestedRowsScenario.form(households: households)
            let count = NestedRowsScenario.Operation.allCases.count
            let groups = (0..<(count + NestedRowsScenario.batch)).map { NestedRowsScenario.group(form, $0) }
            #expect(Set(groups).count == groups.count, "\(households) households")
        }
    }
}
