import FormContextCore
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
/// The folder holds a marker, `.formcontext-outbox`, `new/` (queued records, named
/// `<sequence>-<instance id>.record`), `tmp/` (records being written: each is written and flushed
/// there, then renamed into `new/`, as in Maildir), `parked/` (records the server refused, with a
/// `.reason` file beside each), `sent/` (delivered records, when the outbox keeps them), `damaged/`
/// (records that could not be read) and two lock files.
///
/// An outbox owns only what it made. It marks its folder when it creates it (or finds it empty), and
/// refuses a folder that holds anything but carries no marker. It reads, moves and removes only files
/// whose names it gives (`<sequence>-<instance id>.record`, `<instance id>.record`, its `.reason` files
/// and its own temporary files); any other file in its folders is left alone. Nothing is ever deleted
/// but a delivered record and the leftovers of its own writes that a crash interrupted.
public final class Outbox: Sendable {
    /// The largest record file read, in bytes: 64 MiB. A larger file is moved to `damaged/` unread.
    static let maximumRecordSize = 64 << 20


    /// The outbox folder.
    public let folder: String
    /// When a record that failed for a passing reason is tried again.
    let retryPolicy: RetryPolicy
    /// Whether delivered records move to `sent/` instead of being removed.
    let keepsSent: Bool
    let environment: DurabilityEnvironment

    /// Opens the outbox in `folder`, creating it if it is missing (unless `createsFolder` is off).
    ///
    /// A folder that does not exist is created with its parents and marked as an outbox; so is an
    /// existing empty folder. A folder that holds anything and carries no outbox marker is refused,
    /// and nothing in it is touched.
    ///
    /// - Parameters:
    ///   - folder: The folder; not empty.
    ///   - retryPolicy: Backoff for passing failures; from 4 s up to 5 min, forever, by default.
    ///   - keepsSent: Whether delivered records are kept in `sent/`; removed by default.
    ///   - createsFolder: Whether a missing or empty folder is made an outbox; when off, `folder` must
    ///     already be one. On by default.
    /// - Throws: ``OutboxError/notAnOutbox(folder:problem:)`` for an empty path, a path that is not a
    ///   folder (a symbolic link to a missing path included), a folder that holds other things and no
    ///   marker, or (with `createsFolder` off) a folder
    ///   that is missing or not marked; ``OutboxError/file(_:)`` if the folders cannot be created.
    public convenience init(
        folder: String, retryPolicy: RetryPolicy = RetryPolicy(), keepsSent: Bool = false, createsFolder: Bool = true
    ) throws(OutboxError) {
        try self.init(
            folder: folder, retryPolicy: retryPolicy, keepsSent: keepsSent, createsFolder: createsFolder, environment: .live)
    }

    /// Opens the outbox in `folder` with `environment`'s clock, sleep and random numbers for backoff.
    init(
        folder: String, retryPolicy: RetryPolicy = RetryPolicy(), keepsSent: Bool = false, createsFolder: Bool = true,
        environment: DurabilityEnvironment
    ) throws(OutboxError) {
        var trimmed = folder
        while trimmed.count > 1 && trimmed.hasSuffix("/") { trimmed.removeLast() }
        self.folder = trimmed
        self.retryPolicy = retryPolicy
        self.keepsSent = keepsSent
        self.environment = environment
        try OutboxFolder.claim(self.folder, creating: createsFolder)
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
            let queued = try recordNames("new")
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
        for name in try recordNames("new") {
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
        try recordNames("new").compactMap(Self.instanceID(inFileName:))
    }

    /// The names of the files in `damaged/` that the outbox moved there: records that could not be
    /// read, in this run or an earlier one. They stay until someone looks at them.
    ///
    /// - Throws: ``OutboxError/file(_:)``.
    public func damaged() throws(OutboxError) -> [String] {
        try names("damaged").filter(OutboxFolder.isDamagedName)
    }

    /// Runs `body` holding the lock that orders enqueues; removes leftovers of writes a crash interrupted.
    func withQueueLock<R>(_ body: () throws(OutboxError) -> R) throws(OutboxError) -> R {
        let lock: FileLock?
        do { lock = try FileLock.acquire(path(".queue.lock"), blocking: true, operation: "lock the outbox") } catch { throw .file(error) }
        defer { lock?.release() }
        // Every writer in tmp/ holds this lock, so a temporary file of the outbox's there now was left
        // by a writer that died. Any other file there is not the outbox's, and stays.
        if let leftovers = try? names("tmp") {
            for name in leftovers where OutboxFolder.isTemporaryName(name) {
                if (try? POSIX.kind(of: path("tmp", name), operation: "clean up")) == .regular {
                    try? POSIX.remove(path("tmp", name), operation: "clean up")
                }
            }
        }
        return try body()
    }

    func names(_ sub: String) throws(OutboxError) -> [String] {
        do { return try POSIX.list(path(sub), operation: "list the outbox") } catch { throw .file(error) }
    }

    /// The names of the queued records in `sub` (`<sequence>-<instance id>.record`), in order; any
    /// other file there is not the outbox's.
    func recordNames(_ sub: String) throws(OutboxError) -> [String] {
        try names(sub).filter(OutboxFolder.isQueuedName)
    }

    func read(_ file: String) throws(RecordEnvelope.Problem) -> FinalizedSubmission {
        let read: BoundedRead
        do {
            read = try POSIX.readRegularFile(file, limit: Self.maximumRecordSize, operation: "read the record")
        } catch {
            throw .payload("it cannot be read: \(error.reason)")
        }
        switch read {
        case .missing: throw .payload("it is gone")
        case .notRegular(let kind): throw .payload("it is \(kind), not a regular file")
        case .tooLarge(let size): throw .payload("it holds \(size) bytes, more than the limit of \(Self.maximumRecordSize)")
        case .bytes(let bytes): return try FinalizedSubmission(payload: RecordEnvelope.unwrap(bytes, kind: "record"))
        }
    }

    static func name(sequence: Int, id: String) -> String {
        let digits = String(sequence)
        return String(repeating: "0", count: max(0, 12 - digits.count)) + digits + "-" + id + ".record"
    }

    static func nextSequence(after names: [String]) -> Int {
        // A sequence number read from a file name is input: never let it overflow.
        min(names.filter(OutboxFolder.isQueuedName).compactMap { Int($0.prefix { $0 != "-" }) }.max() ?? 0, Int.max - 1) + 1
    }

    static func instanceID(inFileName name: String) -> UUID? {
        guard OutboxFolder.isQueuedName(name), let dash = name.firstIndex(of: "-") else { return nil }
        return UUID(uuidString: String(name[name.index(after: dash)...].dropLast(7)))
    }
}
