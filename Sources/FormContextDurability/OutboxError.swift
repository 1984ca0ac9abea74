import FormContextCore
public import Foundation

/// Why an outbox operation failed. Messages name the folder, file or record, never a value.
public enum OutboxError: Error, Hashable, Sendable, CustomStringConvertible {
    /// Reading or writing a file failed; what was on disk is as it was.
    case file(FileOperationError)
    /// Another process (or another ``Outbox`` in this one) is delivering this outbox now.
    case busy(folder: String)
    /// The outbox already holds a record with this instance id.
    case duplicate(UUID)
    /// The outbox has no parked record with this instance id.
    case notParked(UUID)
    /// `folder` is not an outbox and was not made one: the path is empty, names something other than a
    /// folder, names a folder that holds other files and no outbox marker, or (when the outbox may not
    /// create its folder) is missing or unmarked. Nothing in it was touched.
    case notAnOutbox(folder: String, problem: String)

    /// A one-line message.
    public var description: String {
        switch self {
        case .file(let error): error.description
        case .busy(let folder): "the outbox '\(folder)' is being delivered by another process"
        case .duplicate(let id): "the outbox already holds the record \(id.uuidString)"
        case .notParked(let id): "the outbox has no parked record \(id.uuidString)"
        case .notAnOutbox(let folder, let problem):
            folder.isEmpty ? "the outbox path is empty" : "'\(folder)' is not an outbox: \(problem)"
        }
    }
}
