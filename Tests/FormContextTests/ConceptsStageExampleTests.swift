import Foundation
import Testing
import TestSupport

@testable import FormContextCore

// The stage the Concepts guide walks in ("Adding a stage"), compiled here against the engine's
// internals, which the guides' own tests cannot see. `isTrimmed(_:)` stands for however a
// definition would mark a field as trimmed, as the guide says.
// BEGIN guide stage
enum TrimStage: SettleStage {
    struct Pass: Sendable { var taken = 0 }
    struct Plan: Sendable { var slots: [Int] = []; var texts: [String] = [] }
    typealias Outcome = Plan

    static func begin() -> Pass { Pass() }

    static func plan(_ state: inout EngineState, _ changes: inout ChangeSet, _ pass: inout Pass) -> Plan? {
        var plan = Plan()
        for change in changes.values[pass.taken...] where state.isTrimmed(change.slot) {
            guard let text = state.fields[change.slot].value?.base as? String else { continue }
            plan.slots.append(change.slot)
            plan.texts.append(text)
        }
        pass.taken = changes.values.count
        return plan.slots.isEmpty ? nil : plan
    }

    static func run(_ plan: consuming Plan, reading source: FormValues.Source) -> Outcome {
        var outcome = plan
        outcome.texts = outcome.texts.map { $0.trimmingCharacters(in: .whitespaces) }
        return outcome
    }

    static func commit(_ outcome: consuming Outcome, to state: inout EngineState, _ changes: inout ChangeSet, _ pass: inout Pass) {
        for (slot, text) in zip(outcome.slots, outcome.texts) {
            state.write(StoredValue(text), at: slot, origin: .calculation, into: &changes)
        }
        pass.taken = changes.values.count   // its own writes need no trimming
    }
}
// END guide stage

extension EngineState {
    fileprivate func isTrimmed(_ slot: Int) -> Bool { fields.key(at: slot).hasPrefix("trimmed.") }
}

@Suite("The Concepts guide's example stage")
struct ConceptsStageExampleTests {
    @Test("the stage the guide shows is the code compiled here, line for line")
    func guideShowsThisStage() throws {
        let source = try String(contentsOf: DocSnippet.packageRoot.appendingPathComponent("Tests/FormContextTests/ConceptsStageExampleTests.swift"), encoding: .utf8)
        let lines = source.components(separatedBy: "\n")
        let start = try #require(lines.firstIndex(of: "// BEGIN guide stage"))
        let end = try #require(lines.firstIndex(of: "// END guide stage"))
        let compiled = Array(lines[(start + 1)..<end])
        let blocks = try DocSnippet.swiftBlocks(of: "Docs/Concepts.md")
        #expect(blocks.contains(compiled), "Docs/Concepts.md has no swift block equal to the stage compiled here")
    }
}
