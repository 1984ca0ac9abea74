@_spi(Diagnostics) @testable import FormContextCore
@testable import FormContextBenchmarks
import Testing

/// The rule benchmarks' baselines compute what the engine computes, and run the rules their style
/// runs: every rule on every change, or the rules reached by a walk of the ordered list.
@Suite("Benchmark rule baselines")
struct RuleBaselineTests {
    /// The engine's values of `graph`'s keys after setting `key` to `value`.
    static func engineValues(_ graph: RuleGraph, setting key: String, to value: Int) -> [String: Int] {
        let form = FormContextObject(definition: graph.definition())
        form.set(value, for: key)
        var values: [String: Int] = [:]
        for field in graph.keys { values[field] = form[FormKey<Int>(field)] }
        return values
    }

    /// The integer values of `values`.
    static func integers(_ values: [String: AnyHashable]) -> [String: Int] {
        values.compactMapValues { $0 as? Int }
    }

    @Test("a chain: both baselines calculate what the engine does; every rule runs all, the walk only the tail's")
    func chain() {
        let graph = RuleGraph.chain(length: 6)
        let every = EveryRuleForm(graph)
        let walk = OrderedWalkForm(graph)
        let tail = graph.keys[7]
        let (everyBefore, walkBefore) = (every.evaluations, walk.evaluations)
        every.set(5, for: tail)
        walk.set(5, for: tail)
        #expect(every.evaluations - everyBefore == 6)
        #expect(walk.evaluations - walkBefore == 1)
        let expected = Self.engineValues(graph, setting: tail, to: 5)
        #expect(Self.integers(every.values) == expected)
        #expect(Self.integers(walk.values) == expected)
        #expect(expected[graph.keys[6]] == 11)
        walk.set(3, for: graph.keys[0])
        #expect(walk.evaluations - walkBefore == 7)
    }

    @Test("a fan-out: a change no rule reads runs every rule in one baseline and none in the other; the switch hides every target")
    func fanOut() {
        let graph = RuleGraph.fanOut(size: 12, rules: 4)
        let every = EveryRuleForm(graph)
        let walk = OrderedWalkForm(graph)
        #expect(every.hidden == Set(graph.keys[1...4]))
        let (everyBefore, walkBefore) = (every.evaluations, walk.evaluations)
        every.set(1, for: graph.keys[8])
        walk.set(1, for: graph.keys[8])
        #expect(every.evaluations - everyBefore == 4)
        #expect(walk.evaluations - walkBefore == 0)
        walk.set(1, for: graph.keys[0])
        #expect(walk.hidden.isEmpty)
        #expect(walk.evaluations - walkBefore == 4)
        let form = FormContextObject(definition: graph.definition())
        #expect(graph.keys[1...4].allSatisfy { !form.fieldState(for: $0).isVisible })
    }

    @Test("early cutoff: the walk runs everything below an unchanged result, the engine only the rule that gave it")
    func cutoff() {
        let graph = RuleGraph.cutoff(length: 5)
        let walk = OrderedWalkForm(graph)
        let form = FormContextObject(definition: graph.definition())
        let (walkBefore, engineBefore) = (walk.evaluations, form.ruleEvaluationCount)
        walk.set(7, for: graph.keys[0])
        form.set(7, for: graph.keys[0])
        #expect(walk.evaluations - walkBefore == 6)
        #expect(form.ruleEvaluationCount - engineBefore == 1)
        #expect(Self.integers(walk.values) == Self.engineValues(graph, setting: graph.keys[0], to: 7))
    }
}
