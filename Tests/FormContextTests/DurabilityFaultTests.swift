import Foundation
import Testing
import TestSupport

@testable import FormContextCore
@testable import FormContextDurability

/// Drafts and the outbox on a full disk and on a read-only file system: clear errors, nothing lost.
@Suite("Durability on a full disk and a read-only file system", .enabled(if: TemporaryMount.isAvailable, "mounting a tmpfs needs root"))
struct DurabilityFaultTests {
    @Test("a full disk: the draft save fails naming the file; the last draft stays readable")
    func draftOnFullDisk() throws {
        let mount = try TemporaryMount(sizeInKilobytes: 64)
        defer { mount.unmount() }
        let store = DraftStore(path: mount.path + "/survey.draft", definition: try Survey.definition())
        let form = FormContextObject(definition: try Survey.definition(), values: ["name": "Ada"])
        try store.save(form)
        form.set(String(repeating: "long note ", count: 20_000), for: "note")
        do {
            try store.save(form)
            Issue.record("200 kB cannot fit in 64 KiB")
        } catch {
            guard case .file(let failure) = error else { throw error }
            #expect(failure.code == ENOSPC && failure.path == store.path)
            #expect(error.description.hasPrefix("cannot save the draft '\(store.path)': "))
            #expect(!error.description.contains("long note"))
        }
        #expect(try store.load()?.values == ["name": "Ada"])
        #expect(try FileManager.default.contentsOfDirectory(atPath: mount.path) == ["survey.draft"])
    }

    @Test("a full disk: enqueueing fails with a clear error; every record queued before is there, whole")
    func outboxOnFullDisk() throws {
        let mount = try TemporaryMount(sizeInKilobytes: 96)
        defer { mount.unmount() }
        let outbox = try Outbox(folder: mount.path + "/outbox")
        var queued: [UUID] = []
        var failure: OutboxError?
        for count in 0..<200 {
            let record = FinalizedSubmission(submission: try FormSubmission(["n": count, "text": String(repeating: "x", count: 3000)]))
            do {
                try outbox.enqueue(record)
                queued.append(record.instanceID)
            } catch {
                failure = error
                break
            }
        }
        let error = try #require(failure)
        guard case .file(let fileError) = error else { throw error }
        #expect(fileError.code == ENOSPC)
        #expect(error.description.contains("cannot enqueue the record '\(mount.path)/outbox/new/"))
        #expect(try outbox.pendingIDs() == queued)
        #expect(try outbox.pending().count == queued.count)
        #expect(try FileManager.default.contentsOfDirectory(atPath: mount.path + "/outbox/tmp").isEmpty)
    }

    @Test("a read-only file system: saving and enqueueing fail clearly; drafts and records read; nothing is lost")
    func readOnly() async throws {
        let mount = try TemporaryMount(sizeInKilobytes: 256)
        defer { mount.unmount() }
        let store = DraftStore(path: mount.path + "/survey.draft", definition: try Survey.definition())
        let form = FormContextObject(definition: try Survey.definition(), values: ["name": "Ada"])
        try store.save(form)
        let outbox = try Outbox(folder: mount.path + "/outbox")
        let record = try surveyRecord(1)
        try outbox.enqueue(record)
        #expect(mount.makeReadOnly())

        form.set("Grace", for: "name")
        #expect(throws: DraftError.file(FileOperationError(
            path: store.path, operation: "save the draft", step: "create a temporary file", code: EROFS, reason: "Read-only file system"))
        ) { try store.save(form) }
        #expect(try store.load()?.values == ["name": "Ada"])

        #expect(throws: OutboxError.self) { try outbox.enqueue(try surveyRecord(2)) }
        let transport = RecordingTransport()
        await #expect(throws: OutboxError.self) { try await outbox.deliver(using: transport.transport) }
        // The lock file cannot even be opened for writing, so nothing was sent and the record is still queued.
        #expect(try outbox.pendingIDs() == [record.instanceID])
    }
}
