import Foundation
import Testing

@_spi(Diagnostics) @testable import FormContextCore
import TestSupport

/// Random forms with rules (calculations over earlier fields, visibility, enabled and required
/// conditions, nested groups, hidden values kept or cleared) under random edits and transactions.
/// After every mutation the live form must agree with the server-side evaluation of its own values
/// and with an oracle that re-runs every rule to a fixpoint; it must have run only rules downstream
/// of what the mutation changed, and none twice unless a branch it took read, for the first time,
/// something a rule run after it in the same mutation decides.
///
/// The inputs depend only on the seed. A failure names its seed, the form and the mutation; run one
/// seed alone with `FORMCONTEXT_SEED=<seed> swift test --filter RulePropertyTests`.
@Suite("Rules on random forms agree with a re-evaluate-everything oracle")
struct RulePropertyTests {
    /// The seeds every run checks, plus one from `FORMCONTEXT_SEED` if it is set.
    static let seeds: [UInt64] = {
        var seeds: [UInt64] = [1, 2, 3, 5, 8, 13, 21, 42, 99, 0x5EED, 20_240_501, 0xC0FF_EE00, 0xDEAD_BEEF, .max]
        if let extra = ProcessInfo.processInfo.environment["FORMCONTEXT_SEED"].flatMap(UInt64.init) { seeds.append(extra) }
        return seeds
    }()
    static let formsPerSeed = 25
    static let mutationsPerForm = 30

    @Test("the live form, the server and the oracle agree after every mutation", arguments: seeds)
    func agreement(seed: UInt64) throws {
        var generator = SplitMix64(seed: seed)
        for formIndex in 0..<Self.formsPerSeed {
            let spec = RandomRuleForm.random(using: &generator)
            let label = "seed \(seed) form \(formIndex):\n\(spec)"
            try check(spec, mutations: Self.mutationsPerForm, generator: &generator, label: label)
        }
    }

    /// Runs `mutations` random mutations on a live form of `spec`, checking it after each.
    func check(_ spec: RandomRuleForm, mutations: Int, generator: inout SplitMix64, label: String) throws {
        let definition = try spec.definition()
        let form = FormContextObject(definition: definition)
        var oracle = RuleOracle(spec)
        guard oracle.settle(concealedBefore: []) else {
            Issue.record("the oracle does not settle; \(label)")
            return
        }
        oracle.initial = oracle.values
        var history = ["attach"]
        guard expectAgreement(form, oracle, definition, label: label, history: history) else { return }
        #expect(form.ruleCycles.isEmpty, "a form without cycles reports \(form.ruleCycles); \(label)")
        #expect(!form.isDirty, "a form just made is dirty: \(form.dirtyKeys.sorted()); \(label)")
        for _ in 0..<mutations {
            let mutation = RuleMutation.random(for: oracle, using: &generator)
            history.append(mutation.description)
            let readsBefore = oracle.reads
            let concealedBefore = oracle.concealed
            let valuesBefore = oracle.values
            let hiddenByProgramBefore = oracle.programHidden
            let countBefore = form.ruleEvaluationCount
            mutation.apply(to: form)
            mutation.apply(to: &oracle)
            let changedValues = Set(oracle.keys.filter { oracle.values[$0] != valuesBefore[$0] })
            let changedVisibility = oracle.programHidden.symmetricDifference(hiddenByProgramBefore).subtracting(oracle.ruleHidden)
            guard oracle.settle(concealedBefore: concealedBefore) else {
                Issue.record("the oracle does not settle; \(label)\n\(history.joined(separator: "\n"))")
                return
            }
            guard expectAgreement(form, oracle, definition, label: label, history: history) else { return }
            let runs = form.ruleEvaluationCount - countBefore
            let downstream = oracle.downstream(changedValues: changedValues, changedVisibility: changedVisibility, readsBefore: readsBefore)
            let ran = runs == 0 ? [] : form.lastRuleRuns
            let context = "\(label)\n\(history.joined(separator: "\n"))"
            #expect(ran.count == runs, "ran \(runs) rules but recorded \(ran); \(context)")
            let downstreamNames = Set(downstream.map { oracle.rules[$0].label })
            #expect(ran.allSatisfy { downstreamNames.contains($0.rule) }, "ran \(ran), downstream are only \(downstreamNames.sorted()); \(context)")
            let again = Self.rerunsWithoutNewReads(ran, oracle: oracle, readsBefore: readsBefore)
            #expect(again.isEmpty, "ran \(again) twice without a new read to justify it: \(ran); \(context)")
            let reruns = ran.count - Set(ran.map(\.rule)).count
            #expect(runs <= downstream.count + reruns, "ran \(runs) rules \(ran), only \(downstream.count) lie downstream; \(context)")
            #expect(form.ruleCycles.isEmpty, "a form without cycles reports \(form.ruleCycles); \(context)")
        }
    }

    /// The rules that ran more than once in `runs` although their first run read nothing new: a rule
    /// runs again only when a branch it took read, for the first time, a value that a rule later in
    /// the order decides in the same mutation.
    static func rerunsWithoutNewReads(_ runs: [RuleRun], oracle: RuleOracle, readsBefore: [Set<String>]) -> [String] {
        let ranRules = Set(runs.map(\.rule))
        var seen: Set<String> = []
        var unjustified: [String] = []
        for run in runs where !seen.insert(run.rule).inserted {
            guard let index = oracle.rules.firstIndex(where: { $0.label == run.rule }),
                let first = runs.first(where: { $0.rule == run.rule })
            else { continue }
            let newReads = Set(first.reads).subtracting(readsBefore[index])
            let justified = newReads.contains { key in
                oracle.rules.contains { rule in
                    guard ranRules.contains(rule.label) else { return false }
                    switch rule.kind {
                    case .value(let target), .visible(let target): return target == key
                    case .groupVisible(let prefix): return RuleOracle.isMember(key, of: prefix)
                    case .enabled, .required, .groupEnabled: return false
                    }
                }
            }
            if !justified { unjustified.append(run.rule) }
        }
        return unjustified
    }

    /// Whether the live form agrees with the oracle and, when the program hides nothing, with the
    /// server-side evaluation of its values; records each difference.
    func expectAgreement(
        _ form: FormContextObject, _ oracle: RuleOracle, _ definition: FormDefinition, label: String, history: [String]
    ) -> Bool {
        let context = "\(label)\n\(history.joined(separator: "\n"))"
        let live = LiveRuleState(form, keys: oracle.keys)
        var agrees = true
        func expectSame<T: Equatable>(_ found: T, _ expected: T, _ what: String) {
            guard found != expected else { return }
            agrees = false
            Issue.record("\(what): \(found), expected \(expected); \(context)")
        }
        expectSame(live.values, oracle.values, "live values")
        expectSame(live.hidden, oracle.ruleHidden, "live rule-hidden fields")
        expectSame(live.disabled, oracle.ruleDisabled, "live rule-disabled fields")
        expectSame(live.required, oracle.required, "live required fields")
        expectSame(live.invisible, oracle.concealed, "live hidden fields")
        // The state queries: each field answers with its state, each group for itself and the groups around it.
        expectSame(Set(oracle.keys.filter { form.fieldState(for: $0).isRequired }), oracle.required, "fields fieldState(for:).isRequired answers for")
        expectSame(Set(oracle.keys.filter { !form.fieldState(for: $0).isVisible }), oracle.concealed, "fields isVisible(_:) hides")
        let prefixes = oracle.form.groups.map(\.prefix)
        expectSame(Set(prefixes.filter { !form.fieldState(for: $0).isVisible }), oracle.groupsDecidedAgainst(hidden: true), "groups isVisible(_:) hides")
        expectSame(Set(prefixes.filter { !form.fieldState(for: $0).isEnabled }), oracle.groupsDecidedAgainst(hidden: false), "groups isEnabled(_:) disables")
        if oracle.programHidden.isEmpty {
            let server = definition.evaluateRules(form.context)
            expectSame(LiveRuleState.integers(server.values, keys: oracle.keys), oracle.values, "server values")
            expectSame(server.hiddenKeys, oracle.ruleHidden, "server hidden keys")
            expectSame(server.disabledKeys, oracle.ruleDisabled, "server disabled keys")
            expectSame(server.requiredKeys, oracle.required, "server required keys")
            expectSame(server.cycles, [], "server cycles")
        }
        return agrees
    }
}
