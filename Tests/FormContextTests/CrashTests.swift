import Foundation
import Testing
import TestSupport

@testable import FormContextCore
@testable import FormContextDurability

/// Kills a process that saves drafts or enqueues records at random moments and checks what survived.
@Suite("Crash safety", .serialized)
struct CrashTests {
    static let kills = 100

    @Test("killed with SIGKILL while autosaving, 100 times: the draft is always a state that was saved, whole", .timeLimit(.minutes(2)))
    func draftSurvivesKills() throws {
        let folder = try ScratchFolder("crash-draft")
        defer { folder.remove() }
        let path = folder.file("probe.draft")
        let seed = UInt64.random(in: 0...UInt64.max)
        var random = SplitMix64(seed: seed)
        var durable = 0
        let store = DraftStore(path: path, definition: try Self.probeDefinition())
        for round in 0..<Self.kills {
            let probe = try ProbeProcess(["draft", path])
            #expect(probe.readLine() == "restored \(durable)", "seed \(seed), round \(round)")
            var lines: [String] = []
            for _ in 0..<Int.random(in: 0...4, using: &random) { lines += probe.readLine().map { [$0] } ?? [] }
            usleep(UInt32.random(in: 0...3000, using: &random))
            lines += probe.kill()
            let saved = lines.compactMap { $0.hasPrefix("saved ") ? Int($0.dropFirst(6)) : nil }
            #expect(!lines.contains { $0.hasPrefix("error") }, "seed \(seed): \(lines)")
            let lastSaved = saved.last ?? durable
            let draft: FormDraft?
            do {
                draft = try store.load()
            } catch {
                Issue.record("seed \(seed), round \(round): \(error)")
                return
            }
            let state = draft.flatMap { $0.values[FormKey<Int>("n")] } ?? 0
            // The state printed last, or the one whose write finished just before the kill.
            #expect(state == lastSaved || state == lastSaved + 1, "seed \(seed), round \(round): \(state) after \(lastSaved)")
            #expect(state >= durable, "seed \(seed), round \(round)")
            if let draft, state > 0 {
                #expect(draft.values[FormKey<String>("text")] == String(repeating: "state \(state) ", count: 200), "seed \(seed)")
                #expect(draft.values[FormKey<Date>("at")] == Date(timeIntervalSince1970: Double(state) + 0.5), "seed \(seed)")
                // The probe touches `text` before writing state 3 and every later state: a draft of state 2
                // may have been saved before or after the touch; every draft of state 3 or later after it.
                if state != 2 { #expect(draft.touchedKeys == (state >= 3 ? ["text"] : []), "seed \(seed), state \(state)") }
            }
            durable = state
            // Loading removed the temporary files of dead writers; the one of the writer just killed remains at most.
            let names = folder.names()
            #expect(names.allSatisfy { $0 == "probe.draft" || $0.hasPrefix(".probe.draft.") }, "seed \(seed)")
            #expect(names.count <= 2, "seed \(seed): \(names)")
        }
        #expect(durable > 0)
    }

    @Test("killed with SIGKILL while enqueueing, 100 times: every record enqueued is there exactly once", .timeLimit(.minutes(2)))
    func outboxSurvivesKills() throws {
        let folder = try ScratchFolder("crash-outbox")
        defer { folder.remove() }
        let seed = UInt64.random(in: 0...UInt64.max)
        var random = SplitMix64(seed: seed)
        var acknowledged: [UUID] = []
        for round in 0..<Self.kills {
            let probe = try ProbeProcess(["outbox", folder.path])
            var lines: [String] = []
            for _ in 0..<Int.random(in: 0...4, using: &random) { lines += probe.readLine().map { [$0] } ?? [] }
            usleep(UInt32.random(in: 0...3000, using: &random))
            lines += probe.kill()
            acknowledged += lines.compactMap { $0.hasPrefix("enqueued ") ? UUID(uuidString: String($0.dropFirst(9))) : nil }
            let queued = try Outbox(folder: folder.path).pendingIDs()
            #expect(Set(queued).count == queued.count, "seed \(seed), round \(round): a record is there twice")
            let missing = Set(acknowledged).subtracting(queued)
            #expect(missing.isEmpty, "seed \(seed), round \(round): lost \(missing)")
            // At most the one record whose rename landed just before the kill, per round, was not acknowledged.
            #expect(queued.count - acknowledged.count <= round + 1, "seed \(seed)")
            // Acknowledged records keep their order.
            #expect(queued.filter(Set(acknowledged).contains) == acknowledged, "seed \(seed), round \(round)")
        }
        #expect(!acknowledged.isEmpty)
        let outbox = try Outbox(folder: folder.path)
        let all = try outbox.pending()
        #expect(all.count == (try outbox.pendingIDs()).count, "every queued file reads back whole")
    }

    @Test("a killed deliverer never leaves the outbox locked")
    func killedDelivererReleasesTheLock() async throws {
        let folder = try ScratchFolder("crash-lock")
        defer { folder.remove() }
        let outbox = try Outbox(folder: folder.path)
        try outbox.enqueue(try surveyRecord(1))
        let probe = try ProbeProcess(["deliver", folder.path])
        #expect(probe.readLine() == "delivering")
        await #expect(throws: OutboxError.busy(folder: folder.path)) { try await outbox.deliver(using: RecordingTransport().transport) }
        _ = probe.kill()
        #expect(try await outbox.deliver(using: RecordingTransport().transport).sent == 1)
    }

    static func probeDefinition() throws -> FormDefinition {
        try FormDefinition([
            FieldDefinition(FormKey<Int>("n")),
            FieldDefinition(FormKey<String>("text")),
            FieldDefinition(FormKey<Date>("at")),
        ], identifier: "probe", version: 1)
    }
}
