@testable import FormContextCore
import Testing
import TestSupport

/// Cycles that close through a repeat group's statistics — a summary of the rows, the row count a
/// count rule decides — and cycles that a branch closes and opens again.
@Suite("RuleCycleThroughRowsTests", .timeLimit(.minutes(1)))
struct RuleCycleThroughRowsTests {
    static let v = FormKey<Int>("v")
    static let total = FormKey<Int>("total")

    /// A group whose field `v` is calculated from the sum of every row's `v`.
    static func summing(minimum: Int) -> RepeatGroup {
        RepeatGroup("rows", minimum: minimum, fields: [FieldDefinition(v).calculated { ($0.outer[total] ?? 0) + 1 }])
            .summary(total, .sum(v))
    }

    @Test("a calculation fed by a summary of itself, in rows made when the form starts, is a cycle", arguments: [1, 2, 3])
    func cycleThroughASummaryAtStart(minimum: Int) throws {
        let form = FormContextObject(definition: try FormDefinition([FieldDefinition(Self.summing(minimum: minimum))]))
        #expect(form.rows(of: "rows").count == minimum)
        // Each row's calculation feeds itself through the sum.
        #expect(form.ruleCycles.map(\.description) == (1...minimum).map { "cycle: rows.r\($0).v → rows.r\($0).v" })
        // The form goes on: other fields are written and read.
        form.set("still here", for: "note")
        #expect(form["note"] == AnyHashable("still here"))
    }

    @Test("a calculation fed by a summary of itself, in rows added later, is a cycle")
    func cycleThroughASummaryOnAppend() throws {
        let form = FormContextObject(definition: try FormDefinition([FieldDefinition(Self.summing(minimum: 0))]))
        #expect(form.ruleCycles.isEmpty)
        try form.appendRow(to: "rows")
        #expect(form.ruleCycles.map(\.description) == ["cycle: rows.r1.v → rows.r1.v"])
        try form.appendRow(to: "rows")
        #expect(form.rows(of: "rows").count == 2)
        #expect(form.ruleCycles.count == 2, "\(form.ruleCycles)")
        #expect(form.ruleCycles.last?.description.contains("rows.r2.v") == true, "\(form.ruleCycles)")
    }

    @Test("a server evaluating such a definition names the cycle and ends")
    func cycleThroughASummaryOnAServer() throws {
        let definition = try FormDefinition([FieldDefinition(Self.summing(minimum: 2))])
        // The rows a client made, sent to the server.
        let submitted = FormContextObject(definition: definition).context
        let evaluation = definition.evaluateRules(submitted)
        #expect(evaluation.cycles.map(\.description) == ["cycle: rows.r1.v → rows.r1.v", "cycle: rows.r2.v → rows.r2.v"])
    }

    @Test("a count rule fed by its own count is a cycle, and the group keeps its rows")
    func countRuleFedByItsOwnCount() throws {
        let size = FormKey<Int>("size")
        let group = RepeatGroup("kids", minimum: 1, fields: [FieldDefinition(FormKey<String>("name"))])
            .count { ($0[size] ?? 0) + 1 }
            .summary(size, .count)
        let form = FormContextObject(definition: try FormDefinition([FieldDefinition(group)]))
        #expect(form.ruleCycles.map(\.description) == ["cycle: kids (count) → kids (count)"])
        #expect(form.rows(of: "kids").count == 1)
        let evaluation = try FormDefinition([FieldDefinition(group)]).evaluateRules(FormContext())
        #expect(evaluation.cycles.map(\.description) == ["cycle: kids (count) → kids (count)"])
    }

    @Test("a calculation reading a summary of another field is no cycle")
    func summaryOfAnotherFieldIsNoCycle() throws {
        let w = FormKey<Int>("w")
        let wTotal = FormKey<Int>("wTotal")
        let group = RepeatGroup("rows", minimum: 2, fields: [
            FieldDefinition(w),
            FieldDefinition(Self.v).calculated { ($0.outer[wTotal] ?? 0) + ($0[w] ?? 0) },
        ])
        .summary(wTotal, .sum(w))
        .summary(Self.total, .sum(Self.v))
        let form = FormContextObject(definition: try FormDefinition([FieldDefinition(group)]))
        let rows = form.rows(of: "rows")
        form.set(3, for: "rows.\(rows[0]).w", origin: .user)
        form.set(4, for: "rows.\(rows[1]).w", origin: .user)
        #expect(form.ruleCycles.isEmpty)
        #expect(form[FormKey<Int>("rows.\(rows[0]).v")] == 10)
        #expect(form[FormKey<Int>("rows.\(rows[1]).v")] == 11)
        #expect(form[Self.total] == 21)
    }
}

/// A rule leaves a cycle when what it reads leaves it.
@Suite("RuleCycleLeavingTests", .timeLimit(.minutes(1)))
struct RuleCycleLeavingTests {
    static let useB = FormKey<Bool>("useB")
    static let a = FormKey<Int>("a")
    static let b = FormKey<Int>("b")
    static let c = FormKey<Int>("c")

    static func form() throws -> FormContextObject {
        FormContextObject(
            definition: try FormDefinition([
                FieldDefinition(useB, default: false),
                FieldDefinition(a, default: 1),
                FieldDefinition(c).calculated { $0[useB] == true ? ($0[b] ?? 0) + 1 : ($0[a] ?? 0) },
                FieldDefinition(b).calculated { ($0[c] ?? 0) * 2 },
            ]))
    }

    @Test("a cycle a branch closed is left when the branch opens it again, and its rules go on")
    func branchOpensTheCycle() throws {
        let form = try Self.form()
        #expect(form[Self.c] == 1 && form[Self.b] == 2)
        form.set(true, for: Self.useB.name)
        #expect(form.ruleCycles.map(\.description) == ["cycle: b → c → b"])
        form.set(false, for: Self.useB.name)
        #expect(form.ruleCycles.isEmpty)
        #expect(form[Self.c] == 1 && form[Self.b] == 2)
        form.reset()
        form.set(9, for: Self.a.name)
        #expect(form[Self.c] == 9)
        #expect(form[Self.b] == 18)
        #expect(form.explanation(for: "c") == "c: calculated (= 9) by its calculation, which read useB = false, a = 9")
    }

    @Test("the same on a server: a definition evaluated with the branch open has no cycle")
    func serverSeesNoCycleWithTheBranchOpen() throws {
        let form = try Self.form()
        form.set(true, for: Self.useB.name)
        form.set(false, for: Self.useB.name)
        let evaluation = try FormDefinition(form.definition?.fields ?? []).evaluateRules(FormContext(["a": 4]))
        #expect(evaluation.cycles.isEmpty)
        #expect(evaluation.values[Self.c] == 4)
    }

    @Test("while the branch keeps the loop closed, the rules stay out and keep their last values")
    func loopStaysClosed() throws {
        let form = try Self.form()
        form.set(true, for: Self.useB.name)
        let (c, b) = (form[Self.c], form[Self.b])
        form.set(7, for: Self.a.name)
        #expect(form.ruleCycles.map(\.description) == ["cycle: b → c → b"])
        #expect(form[Self.c] == c && form[Self.b] == b)
        form.set(false, for: Self.useB.name)
        #expect(form[Self.c] == 7 && form[Self.b] == 14)
    }

    @Test("seeded: flipping branches at random ends where a fresh form with the same inputs ends", arguments: [1, 2, 3, 42, 2024])
    func randomFlips(seed: UInt64) throws {
        var random = SplitMix64(seed: seed)
        let form = try Self.form()
        for _ in 0..<60 {
            if Bool.random(using: &random) {
                form.set(Bool.random(using: &random), for: Self.useB.name)
            } else {
                form.set(Int.random(in: -50...50, using: &random), for: Self.a.name)
            }
            guard form[Self.useB] == false else { continue }
            // With the branch open, the form holds what a fresh form makes of its inputs.
            let fresh = try Self.form()
            fresh.set(form[Self.a] ?? 1, for: Self.a.name)
            #expect(form.ruleCycles.isEmpty, "seed \(seed)")
            #expect(form[Self.c] == fresh[Self.c] && form[Self.b] == fresh[Self.b], "seed \(seed)")
        }
    }
}
