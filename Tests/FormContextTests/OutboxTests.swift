import Foundation
import Synchronization
import Testing
import TestSupport

@testable import FormContextCore
@testable import FormContextDurability

@Suite("Outbox")
struct OutboxTests {
    @Test("backoff is exponential with full jitter and capped", arguments: [
        (1, 1.0, 4000), (2, 1.0, 8000), (3, 1.0, 16000), (7, 1.0, 256_000), (8, 1.0, 300_000), (60, 1.0, 300_000),
        (1, 0.5, 2000), (3, 0.25, 4000), (1, 0.0, 0), (200, 0.5, 150_000),
    ])
    func backoff(attempt: Int, random: Double, milliseconds: Int64) {
        #expect(RetryPolicy().delay(beforeRetry: attempt, random: random) == .milliseconds(milliseconds))
    }

    @Test("extreme policies and hostile file names never trap")
    func extremes() throws {
        #expect(RetryPolicy(initialDelay: .seconds(Int64.max), maximumDelay: .seconds(Int64.max)).delay(beforeRetry: Int.max, random: 1)
            == .milliseconds(9_200_000_000_000_000_000))
        #expect(RetryPolicy(initialDelay: .seconds(-5)).delay(beforeRetry: 1, random: .nan) == .zero)
        let id = UUID().uuidString
        #expect(Outbox.nextSequence(after: ["9223372036854775807-\(id).record", "000000000012-\(id).record"]) == Int.max)
        #expect(Outbox.instanceID(inFileName: "junk") == nil && Outbox.instanceID(inFileName: "1-not-a-uuid.record") == nil)
    }

    @Test("records are queued durably, in order, and read back as they were finalized")
    func enqueueAndRead() throws {
        let folder = try ScratchFolder("outbox")
        defer { folder.remove() }
        let outbox = try Outbox(folder: folder.path)
        let records = try (1...5).map { try surveyRecord($0) }
        for record in records { try outbox.enqueue(record) }
        #expect(try outbox.pendingIDs() == records.map(\.instanceID))
        let pending = try outbox.pending()
        #expect(pending.map { $0.finalized.submission.json() } == records.map { $0.submission.json() })
        #expect(pending.map { $0.finalized.finalizedAt } == records.map(\.finalizedAt))
        #expect(pending.allSatisfy { $0.finalized.submission.values.secureKeys == ["password"] && $0.finalized.formIdentifier == "survey" })
        #expect(throws: OutboxError.duplicate(records[2].instanceID)) { try outbox.enqueue(records[2]) }
        #expect(folder.names("tmp").isEmpty)
    }

    @Test("delivers one record at a time in order and empties the queue")
    func deliversInOrder() async throws {
        let folder = try ScratchFolder("outbox")
        defer { folder.remove() }
        let outbox = try Outbox(folder: folder.path, environment: ManualSleep().environment)
        let records = try (1...4).map { try surveyRecord($0) }
        for record in records { try outbox.enqueue(record) }
        let transport = RecordingTransport()
        let events = Mutex<[String]>([])
        let summary = try await outbox.deliver(using: transport.transport) { event in events.withLock { $0.append(event.description) } }
        #expect(transport.calls == records.map(\.instanceID))
        #expect(transport.bodies == records.map { $0.submission.json(pretty: false) })
        #expect(events.withLock { $0 } == ["sent 1/4", "sent 2/4", "sent 3/4", "sent 4/4"])
        #expect(summary.sent == 4 && summary.parked.isEmpty && summary.remaining == 0)
        #expect(try outbox.pendingIDs().isEmpty)
        #expect(!events.withLock { $0 }.joined().contains("pw-secret"))
    }

    @Test("a passing failure retries the same record with backoff, forever by default, then goes on in order")
    func retries() async throws {
        let folder = try ScratchFolder("outbox")
        defer { folder.remove() }
        let sleep = ManualSleep()
        sleep.setRandom([0.5, 0.5, 0.5, 0.5, 0.5, 0.5])
        let outbox = try Outbox(folder: folder.path, environment: sleep.environment)
        let records = try (1...2).map { try surveyRecord($0) }
        for record in records { try outbox.enqueue(record) }
        let transport = RecordingTransport()
        struct Offline: Error, CustomStringConvertible { var description: String { "offline" } }
        transport.script(records[0].instanceID, [.retry(reason: "HTTP 503"), .retry(reason: "HTTP 503"), .retry(reason: "timed out"), .retry(reason: "HTTP 500")])
        let events = Mutex<[String]>([])
        let run = Task { try await outbox.deliver(using: transport.transport) { event in events.withLock { $0.append(event.description) } } }
        for _ in 0..<4 {
            #expect(await sleep.untilWaiting())
            sleep.wakeAll()
        }
        let summary = try await run.value
        #expect(summary.sent == 2)
        #expect(transport.calls == [records[0].instanceID, records[0].instanceID, records[0].instanceID, records[0].instanceID, records[0].instanceID, records[1].instanceID])
        #expect(sleep.requested == [.seconds(2), .seconds(4), .seconds(8), .seconds(16)])
        #expect(events.withLock { $0 } == [
            "retrying in 2 s (HTTP 503)", "retrying in 4 s (HTTP 503)", "retrying in 8 s (timed out)", "retrying in 16 s (HTTP 500)",
            "sent 1/2", "sent 2/2",
        ])
    }

    @Test("a run stops after the maximum attempts and when cancelled; the record stays queued")
    func stops() async throws {
        let folder = try ScratchFolder("outbox")
        defer { folder.remove() }
        let sleep = ManualSleep()
        let outbox = try Outbox(folder: folder.path, retryPolicy: RetryPolicy(maximumAttempts: 2), environment: sleep.environment)
        let record = try surveyRecord(1)
        try outbox.enqueue(record)
        let transport = RecordingTransport()
        transport.script(record.instanceID, Array(repeating: .retry(reason: "down"), count: 10))
        let run = Task { try await outbox.deliver(using: transport.transport) }
        #expect(await sleep.untilWaiting())
        sleep.wakeAll()
        #expect(try await run.value.remaining == 1)
        #expect(transport.calls.count == 2)

        let forever = try Outbox(folder: folder.path, environment: sleep.environment)
        let cancelled = Task { try await forever.deliver(using: transport.transport) }
        #expect(await sleep.untilWaiting())
        cancelled.cancel()
        #expect(try await cancelled.value.remaining == 1)
        #expect(try outbox.pendingIDs() == [record.instanceID])
    }

    @Test("a permanent rejection parks the record with the reason; it can be queued again as it was or edited")
    func parks() async throws {
        let folder = try ScratchFolder("outbox")
        defer { folder.remove() }
        let outbox = try Outbox(folder: folder.path, environment: ManualSleep().environment)
        let records = try (1...3).map { try surveyRecord($0) }
        for record in records { try outbox.enqueue(record) }
        let transport = RecordingTransport()
        transport.script(records[1].instanceID, [.rejected(reason: "HTTP 422: count is too small", fieldErrors: ["count": ["is too small"]])])
        let summary = try await outbox.deliver(using: transport.transport)
        #expect(summary.sent == 2)
        #expect(summary.parked == [records[1].instanceID.uuidString: "HTTP 422: count is too small"])
        let parked = try outbox.parked()
        #expect(parked.map(\.finalized.instanceID) == [records[1].instanceID])
        #expect(parked.first?.parkedReason == "HTTP 422: count is too small")
        #expect(parked.first?.fieldErrors == ["count": ["is too small"]])

        let requeued = try outbox.requeue(records[1].instanceID)
        #expect(requeued.instanceID == records[1].instanceID)
        #expect(try outbox.pendingIDs() == [records[1].instanceID] && outbox.parked().isEmpty)
        transport.script(records[1].instanceID, [.rejected(reason: "still too small")])
        try await outbox.deliver(using: transport.transport)

        var edited = records[1].submission.values
        edited.set(20, for: "count")
        let replacement = try outbox.requeue(records[1].instanceID, editing: try FormSubmission(edited))
        #expect(replacement.instanceID != records[1].instanceID && replacement.previousInstanceID == records[1].instanceID)
        #expect(try outbox.parked().isEmpty)
        #expect(throws: OutboxError.notParked(records[1].instanceID)) { try outbox.requeue(records[1].instanceID) }
        try await outbox.deliver(using: transport.transport)
        #expect(transport.bodies.last?.contains("\"count\":20") == true)
        #expect(try outbox.pendingIDs().isEmpty)
    }

    @Test("a record enqueued while the outbox is being delivered goes out in the same run, last")
    func enqueuedDuringDelivery() async throws {
        let folder = try ScratchFolder("outbox")
        defer { folder.remove() }
        let outbox = try Outbox(folder: folder.path)
        let first = try surveyRecord(1)
        let late = try surveyRecord(2)
        try outbox.enqueue(first)
        let calls = SendableBox<[UUID]>([])
        let events = SendableBox<[String]>([])
        let summary = try await outbox.deliver(using: { _, id in
            calls.mutate { $0.append(id) }
            if id == first.instanceID { try outbox.enqueue(late) }
            return .delivered
        }) { event in events.mutate { $0.append(event.description) } }
        #expect(calls.value == [first.instanceID, late.instanceID])
        #expect(events.value == ["sent 1/1", "sent 2/2"])
        #expect(summary.sent == 2)
    }

    @Test("delivered records can be kept in sent/")
    func keepsSent() async throws {
        let folder = try ScratchFolder("outbox")
        defer { folder.remove() }
        let outbox = try Outbox(folder: folder.path, keepsSent: true)
        let record = try surveyRecord(1)
        try outbox.enqueue(record)
        try await outbox.deliver(using: RecordingTransport().transport)
        #expect(folder.names("sent") == [Outbox.name(sequence: 1, id: record.instanceID.uuidString)])
        #expect(folder.names("new").isEmpty)
    }

    @Test("a damaged record is moved aside, never deleted, and the others are delivered")
    func damagedRecord() async throws {
        let folder = try ScratchFolder("outbox")
        defer { folder.remove() }
        let outbox = try Outbox(folder: folder.path)
        let records = try (1...2).map { try surveyRecord($0) }
        for record in records { try outbox.enqueue(record) }
        let first = folder.file("new/" + Outbox.name(sequence: 1, id: records[0].instanceID.uuidString))
        try Data("garbage".utf8).write(to: URL(fileURLWithPath: first))
        let events = Mutex<[String]>([])
        let transport = RecordingTransport()
        let summary = try await outbox.deliver(using: transport.transport) { event in events.withLock { $0.append(event.description) } }
        #expect(transport.calls == [records[1].instanceID])
        #expect(summary.damaged == [Outbox.name(sequence: 1, id: records[0].instanceID.uuidString)])
        #expect(folder.names("damaged") == summary.damaged)
        #expect(events.withLock { $0 }.first?.hasPrefix("damaged 000000000001-") == true)
    }

    @Test("two deliverers of one outbox never run at once")
    func exclusiveDelivery() async throws {
        let folder = try ScratchFolder("outbox")
        defer { folder.remove() }
        let first = try Outbox(folder: folder.path)
        let second = try Outbox(folder: folder.path)
        try first.enqueue(try surveyRecord(1))
        let gate = ManualSleep()
        let inside = Task {
            try await first.deliver(using: { _, _ in
                try await gate.sleep(.seconds(1))
                return .delivered
            })
        }
        #expect(await gate.untilWaiting())
        await #expect(throws: OutboxError.busy(folder: folder.path)) { try await second.deliver(using: RecordingTransport().transport) }
        gate.wakeAll()
        #expect(try await inside.value.sent == 1)
        #expect(try await second.deliver(using: RecordingTransport().transport).sent == 0)
    }

    @Test("finalizing validates, freezes the active values with a unique id and the time, and refuses an invalid form")
    func finalize() async throws {
        let definition = try Survey.definition()
        let sleep = ManualSleep()
        let form = FormContextObject(definition: definition)
        do {
            _ = try await form.finalize(environment: sleep.environment)
            Issue.record("an empty name must stop finalizing")
        } catch {
            #expect(error.description == "cannot finalize the form: name: is required")
        }
        form.set("Ada", for: "name")
        form.set("hidden value", for: "note")
        form.setVisible(false, for: "note")
        let record = try await form.finalize(environment: sleep.environment)
        let other = try await form.finalize(environment: sleep.environment)
        #expect(record.instanceID != other.instanceID)
        #expect(record.finalizedAt == Date(timeIntervalSince1970: 1_700_000_000))
        #expect(record.formIdentifier == "survey" && record.formVersion == 1)
        #expect(record.submission.values == form.activeValues)
        #expect(record.submission["note"] == nil)
    }
}
