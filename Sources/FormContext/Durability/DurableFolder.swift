import Foundation

/// Operations on whole files that the draft store and the outbox share.
enum DurableFolder {
    /// Renames the unreadable file `path` to `<path>.unreadable-<UTC time>` (with a counter if that is
    /// taken), so nothing is lost and the next save starts fresh.
    ///
    /// - Returns: The new path.
    /// - Throws: ``FileOperationError`` if the rename failed.
    static func moveAside(_ path: String, now: Date) throws(FileOperationError) -> String {
        let stamp = ISO8601Timestamp.exactString(from: Date(timeIntervalSince1970: now.timeIntervalSince1970.rounded(.down)))?
            .filter { $0.isNumber || $0 == "T" || $0 == "Z" } ?? "unknown"
        var target = "\(path).unreadable-\(stamp)"
        var counter = 2
        while POSIX.exists(target) {
            target = "\(path).unreadable-\(stamp)-\(counter)"
            counter += 1
        }
        try POSIX.rename(path, target, operation: "move the unreadable file aside")
        try POSIX.syncFolder(AtomicFile.parentFolder(of: path), operation: "move the unreadable file aside")
        return target
    }
}
