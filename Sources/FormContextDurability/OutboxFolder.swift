import FormContextCore
import Foundation

/// What an outbox owns in its folder: the marker that makes a folder an outbox, and the names of the
/// files it writes. Everything else in the folder is someone else's and is never read, moved or removed.
enum OutboxFolder {
    /// The file that marks a folder as an outbox.
    static let markerName = ".formcontext-outbox"
    /// The marker's content.
    static let markerText = "FormContext outbox\n"

    /// Makes sure `folder` is an outbox: marks it when it is missing (created with its parents) or
    /// empty, accepts it when it is marked, and refuses anything else (a link to nothing included).
    ///
    /// - Parameters:
    ///   - folder: The outbox folder.
    ///   - creating: Whether a missing or empty folder is made an outbox.
    /// - Throws: ``OutboxError/notAnOutbox(folder:problem:)`` or ``OutboxError/file(_:)``.
    static func claim(_ folder: String, creating: Bool) throws(OutboxError) {
        guard !folder.isEmpty else { throw .notAnOutbox(folder: folder, problem: "the path is empty") }
        // A link to a folder is the folder it leads to.
        switch try file({ () throws(FileOperationError) in try POSIX.kind(of: folder, followingLinks: true, operation: "open the outbox") }) {
        case nil:
            // A link whose target is missing: making "the folder" would go through it.
            if case .symbolicLink? = try? POSIX.kind(of: folder, operation: "open the outbox") {
                throw .notAnOutbox(folder: folder, problem: "it is a symbolic link to a path that does not exist")
            }
            guard creating else { throw .notAnOutbox(folder: folder, problem: "it does not exist") }
            try file { () throws(FileOperationError) in
                try POSIX.makeFolder(folder, operation: "open the outbox")
                try mark(folder)
            }
        case .folder?:
            if isMarked(folder) { return }
            guard creating else { throw .notAnOutbox(folder: folder, problem: "it has no outbox marker (\(markerName))") }
            let names = try file { () throws(FileOperationError) in try POSIX.list(folder, operation: "open the outbox") }
            // Another process may have made it an outbox since it was looked at.
            if names.contains(markerName) && isMarked(folder) { return }
            guard names.isEmpty else {
                throw .notAnOutbox(folder: folder, problem: "it is not empty and has no outbox marker (\(markerName)); nothing in it was touched")
            }
            try file { () throws(FileOperationError) in try mark(folder) }
        case let kind?:
            throw .notAnOutbox(folder: folder, problem: "it is \(kind), not a folder")
        }
    }

    /// Runs `body`, its file errors as ``OutboxError/file(_:)``.
    private static func file<T>(_ body: () throws(FileOperationError) -> T) throws(OutboxError) -> T {
        do { return try body() } catch { throw .file(error) }
    }

    /// Whether `folder` carries the outbox marker.
    static func isMarked(_ folder: String) -> Bool {
        guard case .bytes(let bytes)? = try? POSIX.readStart(of: folder + "/" + markerName, count: 64, operation: "open the outbox")
        else { return false }
        return bytes.starts(with: Array(markerText.utf8))
    }

    private static func mark(_ folder: String) throws(FileOperationError) {
        try AtomicFile.write(Array(markerText.utf8), to: folder + "/" + markerName, operation: "mark the outbox")
    }

    /// Whether `name` is a queued record's: `<12 to 19 digits>-<instance id>.record`, the id in the
    /// upper case the outbox writes.
    static func isQueuedName(_ name: String) -> Bool {
        guard name.hasSuffix(".record"), let dash = name.firstIndex(of: "-") else { return false }
        let digits = name[..<dash]
        guard (12...19).contains(digits.count), digits.allSatisfy({ $0.isASCII && $0.isNumber }) else { return false }
        return isInstanceID(name[name.index(after: dash)...].dropLast(7))
    }

    /// Whether `name` is a damaged record's, as the outbox moved it to `damaged/`: a queued record's
    /// name, with `-<n>` after it when that name was taken there.
    static func isDamagedName(_ name: String) -> Bool {
        if isQueuedName(name) { return true }
        guard let dash = name.lastIndex(of: "-") else { return false }
        let counter = name[name.index(after: dash)...]
        return !counter.isEmpty && counter.count <= 9 && counter.allSatisfy({ $0.isASCII && $0.isNumber })
            && isQueuedName(String(name[..<dash]))
    }

    /// Whether `name` is a parked record's: `<instance id>.record`.
    static func isParkedName(_ name: String) -> Bool {
        name.hasSuffix(".record") && isInstanceID(name.dropLast(7))
    }

    /// Whether `name` is a temporary file of a record being written into `tmp/`:
    /// `.<queued record's name>.<pid>-<random>.tmp`.
    static func isTemporaryName(_ name: String) -> Bool {
        guard name.hasPrefix("."), let end = name.range(of: ".record.") else { return false }
        let recordName = String(name[name.index(after: name.startIndex)..<end.lowerBound]) + ".record"
        return isQueuedName(recordName) && AtomicFile.writer(ofTemporary: name, for: recordName) != nil
    }

    private static func isInstanceID(_ text: Substring) -> Bool {
        UUID(uuidString: String(text))?.uuidString == String(text)
    }
}
