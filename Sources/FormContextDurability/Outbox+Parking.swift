public import FormContextCore
public import Foundation

extension Outbox {
    /// The records the server refused, oldest first, with its reasons.
    ///
    /// - Throws: ``OutboxError/file(_:)``.
    public func parked() throws(OutboxError) -> [OutboxRecord] {
        var records: [OutboxRecord] = []
        for name in try names("parked") where OutboxFolder.isParkedName(name) {
            guard let record = try? read(path("parked", name)) else { continue }
            let (reason, fieldErrors) = readReason(name)
            records.append(OutboxRecord(finalized: record, fileName: name, parkedReason: reason, fieldErrors: fieldErrors))
        }
        return records.sorted { $0.finalized.finalizedAt < $1.finalized.finalizedAt }
    }

    /// Queues a parked record again, at the end of the queue: unchanged (same instance id), or with
    /// edited values as a new record (a new instance id and time) that
    /// names the old one. The parked record is removed only once the new one is durably queued.
    ///
    /// - Parameters:
    ///   - instanceID: The parked record's id.
    ///   - submission: The edited values, or `nil` to send the record as it was.
    /// - Returns: The record now queued.
    /// - Throws: ``OutboxError/notParked(_:)`` or ``OutboxError/file(_:)``.
    @discardableResult
    public func requeue(_ instanceID: UUID, editing submission: FormSubmission? = nil) throws(OutboxError) -> FinalizedSubmission {
        try withQueueLock { () throws(OutboxError) in
            let name = instanceID.uuidString + ".record"
            let parkedPath = path("parked", name)
            guard POSIX.exists(parkedPath) else { throw .notParked(instanceID) }
            let queued = try names("new")
            do {
                let old = try read(parkedPath)
                if let submission {
                    let record = old.replacing(submission, finalizedAt: environment.now())
                    let target = path("new", Self.name(sequence: Self.nextSequence(after: queued), id: record.instanceID.uuidString))
                    try AtomicFile.write(
                        RecordEnvelope.wrap(record.payload(), kind: "record"), to: target, temporaryFolder: path("tmp"),
                        operation: "requeue the record")
                    try POSIX.remove(parkedPath, operation: "requeue the record")
                    try? POSIX.remove(parkedPath + ".reason", operation: "requeue the record")
                    try POSIX.syncFolder(path("parked"), operation: "requeue the record")
                    return record
                }
                let target = path("new", Self.name(sequence: Self.nextSequence(after: queued), id: instanceID.uuidString))
                try POSIX.rename(parkedPath, target, operation: "requeue the record")
                try POSIX.syncFolder(path("new"), operation: "requeue the record")
                try? POSIX.remove(parkedPath + ".reason", operation: "requeue the record")
                try POSIX.syncFolder(path("parked"), operation: "requeue the record")
                return old
            } catch let error as FileOperationError {
                throw .file(error)
            } catch {
                throw .file(FileOperationError(path: parkedPath, operation: "requeue the record", step: "read", code: 0, reason: "\(error)"))
            }
        }
    }

    /// Moves a queued record to `parked/`, its reason written first beside it.
    func park(_ name: String, reason: String, fieldErrors: [String: [String]]) throws(OutboxError) {
        guard let id = Self.instanceID(inFileName: name)?.uuidString else { return }
        let reasonJSON = JSONValue.object([
            "reason": .string(reason),
            "fieldErrors": .object(JSONObject(fieldErrors.mapValues { .array($0.map(JSONValue.string)) })),
            "parkedAt": .number(environment.now().timeIntervalSince1970.description),
        ])
        do {
            try AtomicFile.write(Array(reasonJSON.description.utf8), to: path("parked", id + ".record.reason"), operation: "park the record")
            try POSIX.rename(path("new", name), path("parked", id + ".record"), operation: "park the record")
            try POSIX.syncFolder(path("parked"), operation: "park the record")
            try POSIX.syncFolder(path("new"), operation: "park the record")
        } catch {
            throw .file(error)
        }
    }

    private func readReason(_ name: String) -> (String?, [String: [String]]) {
        guard case .bytes(let bytes)? = try? POSIX.readRegularFile(path("parked", name + ".reason"), limit: 1 << 20, operation: "read the reason"),
            case .object(let members)? = try? JSONValue(parsing: Data(bytes))
        else { return ("no reason was recorded", [:]) }
        var reason: String?
        if case .string(let text)? = members["reason"] { reason = text }
        var fieldErrors: [String: [String]] = [:]
        if case .object(let errors)? = members["fieldErrors"] {
            for (key, value) in errors {
                if case .array(let messages) = value {
                    fieldErrors[key] = messages.compactMap { if case .string(let text) = $0 { text } else { nil } }
                }
            }
        }
        return (reason, fieldErrors)
    }
}
