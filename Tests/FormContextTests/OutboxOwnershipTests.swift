import Foundation
import Testing
import TestSupport

@testable import FormContextCore
@testable import FormContextDurability

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// An outbox owns only what it made: the folder it marked, and the files it named.
@Suite("Outbox: what it owns")
struct OutboxOwnershipTests {
    @Test("a folder that holds anything and no outbox marker is refused, and nothing in it is touched")
    func refusesForeignFolder() throws {
        let folder = try ScratchFolder("owned")
        defer { folder.remove() }
        try FileManager.default.createDirectory(atPath: folder.file("tmp"), withIntermediateDirectories: true)
        try Data("notes".utf8).write(to: URL(fileURLWithPath: folder.file("tmp/notes.txt")))
        #expect(throws: OutboxError.notAnOutbox(
            folder: folder.path, problem: "it is not empty and has no outbox marker (.formcontext-outbox); nothing in it was touched")
        ) {
            let outbox = try Outbox(folder: folder.path)
            try outbox.enqueue(try surveyRecord(1))
        }
        #expect(folder.names() == ["tmp"])
        #expect(folder.names("tmp") == ["notes.txt"])
    }

    @Test("a missing or empty folder is made an outbox and marked; a marked one is opened as it is")
    func marksWhatItMakes() throws {
        let folder = try ScratchFolder("owned")
        defer { folder.remove() }
        _ = try Outbox(folder: folder.path)
        #expect(folder.names() == [".formcontext-outbox", "damaged", "new", "parked", "tmp"])
        let nested = folder.file("a/b/outbox")
        _ = try Outbox(folder: nested + "/")
        #expect(FileManager.default.fileExists(atPath: nested + "/.formcontext-outbox"))
        // Marked: the files it holds now do not stop it from opening.
        try Data("mine".utf8).write(to: URL(fileURLWithPath: nested + "/notes.txt"))
        _ = try Outbox(folder: nested)
    }

    @Test("an empty path, a path that is not a folder, and (when it may not create) a missing or unmarked folder are refused")
    func refusedPaths() throws {
        let folder = try ScratchFolder("owned")
        defer { folder.remove() }
        #expect(throws: OutboxError.notAnOutbox(folder: "", problem: "the path is empty")) { try Outbox(folder: "") }
        #expect(OutboxError.notAnOutbox(folder: "", problem: "the path is empty").description == "the outbox path is empty")
        try Data("x".utf8).write(to: URL(fileURLWithPath: folder.file("file")))
        #expect(throws: OutboxError.notAnOutbox(folder: folder.file("file"), problem: "it is a regular file, not a folder")) {
            try Outbox(folder: folder.file("file"))
        }
        #expect(throws: OutboxError.notAnOutbox(folder: folder.file("missing"), problem: "it does not exist")) {
            try Outbox(folder: folder.file("missing"), createsFolder: false)
        }
        #expect(!FileManager.default.fileExists(atPath: folder.file("missing")))
        // A link to nothing is named as such, whether or not the outbox may be made, and nothing is made.
        try FileManager.default.createSymbolicLink(atPath: folder.file("dangling"), withDestinationPath: "nowhere")
        for creates in [true, false] {
            #expect(throws: OutboxError.notAnOutbox(folder: folder.file("dangling"), problem: "it is a symbolic link to a path that does not exist")) {
                try Outbox(folder: folder.file("dangling"), createsFolder: creates)
            }
        }
        #expect(folder.names() == ["dangling", "file"])
        try FileManager.default.createDirectory(atPath: folder.file("empty"), withIntermediateDirectories: false)
        #expect(throws: OutboxError.notAnOutbox(folder: folder.file("empty"), problem: "it has no outbox marker (.formcontext-outbox)")) {
            try Outbox(folder: folder.file("empty"), createsFolder: false)
        }
        #expect(folder.names("empty").isEmpty)
        #expect(OutboxError.notAnOutbox(folder: "/x", problem: "it does not exist").description == "'/x' is not an outbox: it does not exist")
    }

    @Test("the names an outbox gives, and only those, are its own")
    func names() {
        let id = "0F6A3D3E-7C51-4E43-9F57-2C1B0E5D8A11"
        #expect(OutboxFolder.isQueuedName("000000000001-\(id).record"))
        #expect(OutboxFolder.isQueuedName("9223372036854775807-\(id).record"))
        for name in ["1-\(id).record", "000000000001-\(id.lowercased()).record", "000000000001-\(id).record.txt", "000000000001-x.record",
                     "notes.record", "00000000000a-\(id).record", ""] {
            #expect(!OutboxFolder.isQueuedName(name), "\(name)")
        }
        #expect(OutboxFolder.isTemporaryName(".000000000001-\(id).record.123-abc.tmp"))
        for name in [".000000000001-\(id).record.tmp", ".000000000001-\(id).record.123-ABC.tmp", ".000000000001-\(id).record.x-abc.tmp",
                     "000000000001-\(id).record.123-abc.tmp", ".notes.record.123-abc.tmp", ".000000000001-\(id).record.123-abc.tmp.keep"] {
            #expect(!OutboxFolder.isTemporaryName(name), "\(name)")
        }
        #expect(OutboxFolder.isParkedName("\(id).record") && !OutboxFolder.isParkedName("\(id.lowercased()).record"))
        #expect(OutboxFolder.isDamagedName("000000000001-\(id).record-2") && !OutboxFolder.isDamagedName("000000000001-\(id).record-x"))
    }

    /// A file the outbox did not make, somewhere in its folder.
    struct Foreign: Hashable {
        let path: String
        let content: [UInt8]
    }

    /// The names a person or another program might leave in an outbox's folders: none of them a name the outbox gives.
    static func foreignName(_ random: inout SplitMix64, id: String) -> String {
        let shapes = [
            "notes.txt", ".hidden", "notes.record", "000000000001-not-an-id.record", "1-\(id).record", "\(id.lowercased()).record",
            "000000000001-\(id.lowercased()).record", ".000000000001-\(id).record.tmp", ".000000000001-\(id).record.77-ABC.tmp",
            ".\(id).record.reason.1-abc.tmp.bak", "\(id).record.reason.old", "000000000001-\(id).record.bak", "README",
            "000000000001-\(id).record-x", "\u{1B}[2J.record", "sent", "damaged.txt",
        ]
        return shapes[Int.random(in: 0..<shapes.count, using: &random)] + (Bool.random(using: &random) ? "" : "-\(Int.random(in: 0...99, using: &random))")
    }

    /// Every seed, plus one from `FORMCONTEXT_SEED` when it is set.
    static var seeds: [UInt64] {
        var seeds: [UInt64] = [1, 2, 3, 0xF0_E1D2]
        if let extra = ProcessInfo.processInfo.environment["FORMCONTEXT_SEED"].flatMap(UInt64.init) { seeds.append(extra) }
        return seeds
    }

    @Test("seeded: files the outbox did not make, anywhere in its folders, survive enqueues, deliveries, requeues and crash leftovers",
          arguments: seeds)
    func foreignFilesSurvive(seed: UInt64) async throws {
        var random = SplitMix64(seed: seed)
        let folder = try ScratchFolder("owned")
        defer { folder.remove() }
        var outbox = try Outbox(folder: folder.path, retryPolicy: RetryPolicy(maximumAttempts: 1), keepsSent: Bool.random(using: &random))
        let subs = ["", "tmp", "new", "parked", "damaged"] + (outbox.keepsSent ? ["sent"] : [])
        var foreign: Set<Foreign> = []
        func addForeign(_ random: inout SplitMix64) throws {
            let sub = subs[Int.random(in: 0..<subs.count, using: &random)]
            let base = sub.isEmpty ? folder.path : folder.file(sub)
            var name = Self.foreignName(&random, id: UUID().uuidString)
            guard !FileManager.default.fileExists(atPath: base + "/" + name) else { return }
            if Bool.random(using: &random) {
                // A folder of someone's inside the outbox's, with a file in it.
                try FileManager.default.createDirectory(atPath: base + "/" + name, withIntermediateDirectories: true)
                name += "/inner.txt"
            }
            let path = base + "/" + name
            guard !FileManager.default.fileExists(atPath: path) else { return }
            let content = (0..<Int.random(in: 0...40, using: &random)).map { _ in UInt8.random(in: 0...255, using: &random) }
            try Data(content).write(to: URL(fileURLWithPath: path))
            foreign.insert(Foreign(path: path, content: content))
        }
        for _ in 0..<12 { try addForeign(&random) }

        // The model: what is queued, in order, what is parked, and how many records were found damaged.
        var queued: [UUID] = []
        var parked: Set<UUID> = []
        var damaged = 0
        var leftovers: [String] = []
        let transport = RecordingTransport()
        for step in 0..<60 {
            let context = "seed \(seed), step \(step)"
            switch Int.random(in: 0..<10, using: &random) {
            case 0...2:
                let record = try surveyRecord(step)
                try outbox.enqueue(record)
                queued.append(record.instanceID)
                // Every leftover of a writer that died is gone: the enqueue cleaned tmp/ of them.
                for leftover in leftovers { #expect(!FileManager.default.fileExists(atPath: leftover), "\(context): \(leftover)") }
                leftovers = []
            case 3...4:
                // Each record in turn is delivered, refused (parked) or fails for now, which ends the run.
                var done: [UUID] = []
                var stopped = false
                for id in queued {
                    guard !stopped else { continue }
                    switch Int.random(in: 0..<4, using: &random) {
                    case 0:
                        transport.script(id, [.rejected(reason: "no")])
                        parked.insert(id)
                        done.append(id)
                    case 1:
                        transport.script(id, [.retry(reason: "later")])
                        stopped = true
                    default:
                        transport.script(id, [])
                        done.append(id)
                    }
                }
                let summary = try await outbox.deliver(using: transport.transport)
                queued.removeAll { done.contains($0) }
                #expect(summary.remaining == queued.count, "\(context)")
            case 5:
                guard let id = parked.randomElement(using: &random) else { continue }
                try outbox.requeue(id)
                parked.remove(id)
                queued.append(id)
            case 6:
                // A writer that died mid-write leaves its temporary file in tmp/.
                let name = "." + Outbox.name(sequence: Int.random(in: 1...99, using: &random), id: UUID().uuidString)
                    + ".\(Int.random(in: 2...99_999, using: &random))-\(String(UInt64.random(in: 0...UInt64.max, using: &random), radix: 36)).tmp"
                try Data("partial".utf8).write(to: URL(fileURLWithPath: folder.file("tmp/" + name)))
                leftovers.append(folder.file("tmp/" + name))
            case 7:
                // A queued record damaged on disk is moved aside by the next delivery.
                guard let id = queued.first, let name = try outbox.pending().first(where: { $0.finalized.instanceID == id })?.fileName
                else { continue }
                try Data("garbage".utf8).write(to: URL(fileURLWithPath: folder.file("new/" + name)))
                transport.script(id, [])
                var first = true
                for other in queued.dropFirst() {
                    transport.script(other, first ? [.retry(reason: "later")] : [])
                    first = false
                }
                _ = try await outbox.deliver(using: transport.transport)
                queued.removeFirst()
                damaged += 1
            case 8:
                outbox = try Outbox(folder: folder.path, retryPolicy: RetryPolicy(maximumAttempts: 1), keepsSent: outbox.keepsSent)
            default:
                try addForeign(&random)
            }
            #expect(try outbox.pendingIDs() == queued, "\(context)")
            #expect(Set(try outbox.parked().map(\.finalized.instanceID)) == parked, "\(context)")
            #expect(try outbox.damaged().count == damaged, "\(context)")
            for file in foreign {
                let content = FileManager.default.contents(atPath: file.path).map { [UInt8]($0) }
                #expect(content == file.content, "\(context): \(file.path) was changed or removed")
            }
        }
    }
}

/// A file lock lets go once, and when it is dropped.
@Suite("File lock")
struct FileLockTests {
    @Test("releasing twice closes nothing else: a descriptor opened in between stays open")
    func releaseTwice() throws {
        let folder = try ScratchFolder("lock")
        defer { folder.remove() }
        let lock = try #require(try FileLock.acquire(folder.file(".lock"), blocking: false, operation: "lock"))
        lock.release()
        // The next descriptor the process opens takes the lowest free number: very likely the lock's.
        let other = open(folder.file("other"), O_RDWR | O_CREAT | O_CLOEXEC, 0o600)
        #expect(other >= 0)
        defer { close(other) }
        lock.release()
        #expect(fcntl(other, F_GETFD) != -1, "the second release closed a descriptor it did not own")
        #expect(!lock.isHeld)
    }

    @Test("a lock that is dropped without a release lets go")
    func deinitReleases() throws {
        let folder = try ScratchFolder("lock")
        defer { folder.remove() }
        do {
            let lock = try FileLock.acquire(folder.file(".lock"), blocking: false, operation: "lock")
            #expect(lock != nil)
        }
        let again = try FileLock.acquire(folder.file(".lock"), blocking: false, operation: "lock")
        #expect(again != nil, "the dropped lock was still held")
        again?.release()
    }
}
