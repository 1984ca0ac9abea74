public import Foundation

/// A durable queue of finalized submissions in a folder, one file per record, delivered one at a time
/// in order by a transport the app supplies. Records are delivered **at least once**.
///
/// ```swift
/// let outbox = try Outbox(folder: support + "/outbox")
/// try outbox.enqueue(try await form.finalize())
/// let summary = try await outbox.deliver(using: HTTPTransport(url: endpoint).transport)
/// ```
///
/// The folder holds `new/` (queued records, named `<sequence>-<instance id>.record`), `tmp/` (records
/// being written: each is written and flushed there, then renamed into `new/`, as in Maildir),
/// `parked/` (records the server refused, with a `.reason` file beside each), `sent/` (delivered
/// records, when ``keepsSent`` is on), `damaged/` (files that could not be read) and two lock files.
/// Nothing is ever deleted but a delivered record.
public final class Outbox: Sendable {
    /// The outbox folder.
    public let folder: String
    /// When a record that failed for a passing reason is tried again.
    public let retryPolicy: RetryPolicy
    /// Whether delivered records move to `sent/` instead of being removed.
    public let keepsSent: Bool
    let environment: DurabilityEnvironment

    /// Opens (and creates, if missing) the outbox in `folder`.
    ///
    /// - Parameters:
    ///   - folder: The folder.
    ///   - retryPolicy: Backoff for passing failures; from 4 s up to 5 min, forever, by default.
    ///   - keepsSent: Whether delivered records are kept in `sent/`; removed by default.
    ///   - environment: The clock, sleep and random numbers of backoff.
    /// - Throws: ``OutboxError/file(_:)`` if the folders cannot be created.
    public init(
        folder: String, retryPolicy: RetryPolicy = RetryPolicy(), keepsSent: Bool = false, environment: DurabilityEnvironment = .live
    ) throws(OutboxError) {
        self.folder = folder.count > 1 && folder.hasSuffix("/") ? String(folder.dropLast()) : folder
        self.retryPolicy = retryPolicy
        self.keepsSent = keepsSent
        self.environment = environment
        do {
            for sub in ["tmp", "new", "parked", "damaged"] + (keepsSent ? ["sent"] : []) {
                try POSIX.makeFolder(self.folder + "/" + sub, operation: "open the outbox")
            }
        } catch {
            throw .file(error)
        }
    }

    func path(_ sub: String, _ name: String = "") -> String {
        name.isEmpty ? folder + "/" + sub : folder + "/" + sub + "/" + name
    }

    /// Adds a record to the end of the queue, durably: when this returns, the record survives a crash
    /// or power loss.
    ///
    /// - Parameter record: The finalized record.
    /// - Throws: ``OutboxError/duplicate(_:)`` if the outbox already holds its instance id (queued or
    ///   parked), or ``OutboxError/file(_:)``; the queue is then as it was.
    /// - Complexity: O(*n*) for *n* queued and parked records, plus two flushes to disk.
    public func enqueue(_ record: FinalizedSubmission) throws(OutboxError) {
        try withQueueLock { () throws(OutboxError) in
            let id = record.instanceID.uuidString
            let queued = try names("new")
            guard !queued.contains(where: { $0.hasSuffix("-\(id).record") }), !POSIX.exists(path("parked", id + ".record")) else {
                throw .duplicate(record.instanceID)
            }
            let name = Self.name(sequence: Self.nextSequence(after: queued), id: id)
            let bytes = RecordEnvelope.wrap(record.payload(), kind: "record")
            do throws(FileOperationError) {
                try AtomicFile.write(bytes, to: path("new", name), temporaryFolder: path("tmp"), operation: "enqueue the record")
            } catch {
                throw OutboxError.file(error)
            }
        }
    }

    /// The queued records, in delivery order. A file that cannot be read is left out.
    ///
    /// - Throws: ``OutboxError/file(_:)``.
    /// - Complexity: O(*n*) in the size of the queue.
    public func pending() throws(OutboxError) -> [OutboxRecord] {
        var records: [OutboxRecord] = []
        for name in try names("new") where name.hasSuffix(".record") {
            if let record = try? read(path("new", name)) {
                records.append(OutboxRecord(finalized: record, fileName: name, parkedReason: nil, fieldErrors: [:]))
            }
        }
        return records
    }

    /// The instance ids of the queued records, in delivery order, read from the file names alone.
    ///
    /// - Throws: ``OutboxError/file(_:)``.
    public func pendingIDs() throws(OutboxError) -> [UUID] {
        try names("new").compactMap(Self.instanceID(inFileName:))
    }

    /// Runs `body` holding the lock that orders enqueues; removes leftovers of writes a crash interrupted.
    func withQueueLock<R>(_ body: () throws(OutboxError) -> R) throws(OutboxError) -> R {
        let lock: FileLock?
        do { lock = try FileLock.acquire(path(".queue.lock"), blocking: true, operation: "lock the outbox") } catch { throw .file(error) }
        defer { lock?.release() }
        // Every writer holds this lock, so whatever is in tmp/ now was left by a writer that died.
        if let leftovers = try? names("tmp") {
            for name in leftovers { try? POSIX.remove(path("tmp", name), operation: "clean up") }
        }
        return try body()
    }

    func names(_ sub: String) throws(OutboxError) -> [String] {
        do { return try POSIX.list(path(sub), operation: "list the outbox") } catch { throw .file(error) }
    }

    func read(_ file: String) throws(RecordEnvelope.Problem) -> FinalizedSubmission {
        guard let bytes = try? POSIX.readFile(file, operation: "read the record") else { throw .payload("the file cannot be read") }
        return try FinalizedSubmission(payload: RecordEnvelope.unwrap(bytes, kind: "record"))
    }

    static func name(sequence: Int, id: String) -> String {
        let digits = String(sequence)
        return String(repeating: "0", count: max(0, 12 - digits.count)) + digits + "-" + id + ".record"
    }

    static func nextSequence(after names: [String]) -> Int {
        // A sequence number read from a file name is input: never let it overflow.
        min(names.compactMap { Int($0.prefix { $0 != "-" }) }.max() ?? 0, Int.max - 1) + 1
    }

    static func instanceID(inFileName name: String) -> UUID? {
        guard name.hasSuffix(".record"), let dash = name.firstIndex(of: "-") else { return nil }
        return UUID(uuidString: String(name[name.index(after: dash)...].dropLast(7)))
    }
}
