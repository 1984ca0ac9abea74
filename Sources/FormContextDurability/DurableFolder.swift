import FormContextCore
import Foundation
#if canImport(Glibc)
@preconcurrency import Glibc
#elseif canImport(Musl)
@preconcurrency import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Operations on whole files that the draft store and the outbox share.
enum DurableFolder {
    /// Renames the unreadable file `path` to `<path>.unreadable-<UTC time>` (with a counter if that is
    /// taken: never over another file), so nothing is lost and the next save starts fresh.
    ///
    /// - Returns: The new path.
    /// - Throws: ``FileOperationError`` if the rename failed.
    static func moveAside(_ path: String, now: Date) throws(FileOperationError) -> String {
        let stamp = Date(timeIntervalSince1970: now.timeIntervalSince1970.rounded(.down)).formatted(.iso8601)
            .filter { $0.isNumber || $0 == "T" || $0 == "Z" }
        let target = try POSIX.moveWithoutReplacing(path, to: "\(path).unreadable-\(stamp)", operation: "move the unreadable file aside")
        try POSIX.syncFolder(AtomicFile.parentFolder(of: path), operation: "move the unreadable file aside")
        return target
    }

    /// Removes the temporary files that writers of `path` left when they died: `.<name>.<pid>-<random>.tmp`
    /// files (see ``AtomicFile``) whose process is gone. Files of live processes, and every name that
    /// is not exactly of that form, are left alone.
    static func removeStaleTemporaries(of path: String) {
        let folder = AtomicFile.parentFolder(of: path)
        let name = path.split(separator: "/").last.map(String.init) ?? ""
        guard !name.isEmpty, let names = try? POSIX.list(folder, operation: "clean up") else { return }
        for candidate in names {
            guard let pid = AtomicFile.writer(ofTemporary: candidate, for: name) else { continue }
            if kill(pid, 0) != 0 && errno == ESRCH, (try? POSIX.kind(of: folder + "/" + candidate, operation: "clean up")) == .regular {
                try? POSIX.remove(folder + "/" + candidate, operation: "clean up")
            }
        }
    }
}
