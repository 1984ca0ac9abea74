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
    /// taken), so nothing is lost and the next save starts fresh.
    ///
    /// - Returns: The new path.
    /// - Throws: ``FileOperationError`` if the rename failed.
    static func moveAside(_ path: String, now: Date) throws(FileOperationError) -> String {
        let stamp = ISO8601DateText.format(Date(timeIntervalSince1970: now.timeIntervalSince1970.rounded(.down)))?
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

    /// Removes the temporary files that writers of `path` left when they died: `.<name>.<pid>-<random>.tmp`
    /// files (see ``AtomicFile``) whose process is gone. Files of live processes are left alone.
    static func removeStaleTemporaries(of path: String) {
        let folder = AtomicFile.parentFolder(of: path)
        let prefix = "." + (path.split(separator: "/").last.map(String.init) ?? "") + "."
        guard let names = try? POSIX.list(folder, operation: "clean up") else { return }
        for name in names where name.hasPrefix(prefix) && name.hasSuffix(".tmp") {
            let suffix = name.dropFirst(prefix.count).dropLast(4)
            guard let pid = Int32(suffix.prefix { $0 != "-" }), pid > 0 else { continue }
            if kill(pid, 0) != 0 && errno == ESRCH {
                try? POSIX.remove(folder + "/" + name, operation: "clean up")
            }
        }
    }
}
