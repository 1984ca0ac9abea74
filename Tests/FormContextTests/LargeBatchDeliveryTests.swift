import Foundation
@testable import FormContextCore
import TestSupport
import Testing

/// Large batches reuse the change-call queue an earlier large batch delivered. Whatever a batch
/// queued must reach its subscribers once and never again: random large transactions and resets,
/// some of whose subscribers write during delivery, against a plain dictionary.
@Suite("Large batches: delivery against a plain dictionary")
struct LargeBatchDeliveryTests {
    @Test("every changed key notifies once per batch, with the old and new values a dictionary gives, over seeded random batches")
    func seededBatches() throws {
        let seed = ProcessInfo.processInfo.environment["FORMCONTEXT_SEED"].flatMap(UInt64.init) ?? 20_261_127
        var random = SplitMix64(seed: seed)
        let keys = (0..<3_000).map { "k\($0)" }
        let initial = Dictionary(uniqueKeysWithValues: keys.map { ($0, 0) })
        let form = FormContextObject(FormContext(initial))
        var model = initial
        let heard = ChangeRecorder()
        let echoes = ChangeRecorder()
        var subscriptions = keys.map { form.observe($0, heard.record) }
        // A subscriber that writes while the batch is delivered: its write is a mutation of its
        // own, queued behind the batch's delivery.
        subscriptions.append(
            form.observe("k7") { [weak form] change in
                heard.record(change)
                form?.set(change.newValue.map { "echo \($0)" }, for: "echo")
            })
        subscriptions.append(form.observe("echo", echoes.record))
        for step in 0..<40 {
            let before = model
            let echoBefore = form.context["echo"]
            let heardBefore = heard.count
            if step % 5 == 4 {
                form.reset()
                model = initial
            } else {
                let chosen = keys.shuffled(using: &random).prefix(Int.random(in: 1_100...3_000, using: &random))
                var writes: [(String, Int)] = []
                for key in chosen {
                    writes.append((key, Int.random(in: 0...3, using: &random)))
                    if Bool.random(using: &random) { writes.append((key, Int.random(in: 0...3, using: &random))) }
                }
                form.transaction { batch in
                    for (key, value) in writes { batch.set(value, for: key) }
                }
                for (key, value) in writes { model[key] = value }
            }
            var expected: [String: FormChange] = [:]
            for key in keys where before[key] != model[key] {
                expected[key] = FormChange(key: key, oldValue: before[key], newValue: model[key], origin: step % 5 == 4 ? .reset : .program)
            }
            let received = Array(heard.changes[heardBefore...])
            // "k7" has two subscribers, each hearing its change once.
            let expectedCount = expected.count + (expected["k7"] == nil ? 0 : 1)
            #expect(received.count == expectedCount, "seed \(seed), step \(step)")
            var byKey: [String: [FormChange]] = [:]
            for change in received { byKey[change.key, default: []].append(change) }
            for (key, change) in expected {
                #expect(byKey[key]?.allSatisfy { $0 == change } == true, "seed \(seed), step \(step), \(key)")
            }
            #expect(Set(byKey.keys) == Set(expected.keys), "seed \(seed), step \(step)")
            let context = form.context
            let mismatched = keys.filter { context[$0] != model[$0].map(AnyHashable.init) }
            #expect(mismatched.isEmpty, "seed \(seed), step \(step): \(mismatched.prefix(5))")
            if let change = expected["k7"] {
                #expect(context["echo"] == change.newValue.map { AnyHashable("echo \($0)") }, "seed \(seed), step \(step)")
            } else {
                // A reset takes the echo away with every key the form did not start with.
                #expect(context["echo"] == (step % 5 == 4 ? nil : echoBefore), "seed \(seed), step \(step)")
            }
        }
        #expect(echoes.count > 0, "seed \(seed): the echo subscriber never wrote")
        subscriptions.forEach { $0.cancel() }
    }
}
