import FormContextCore
#if canImport(Glibc)
@preconcurrency import Glibc
#elseif canImport(Musl)
@preconcurrency import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Writes files so that a reader, or a process started after a crash or power loss, sees either the
/// old content or the new one, never a mix and never an empty file.
///
/// The steps: create a temporary file (in the target's folder, or in `temporaryFolder` on the same file
/// system), write, flush the file to disk (`fsync`), close, rename it over the target, flush the target's
/// folder. On any failure the temporary file is removed and the target is as it was.
enum AtomicFile {
    /// Writes `bytes` to `path` atomically and durably.
    ///
    /// - Parameters:
    ///   - bytes: The new content.
    ///   - path: The file to replace or create.
    ///   - temporaryFolder: Where to write first; the target's folder by default. Must be on the same file system.
    ///   - operation: The word for the operation in errors, such as `save`.
    ///   - permissions: The file's permissions; owner read and write only by default.
    /// - Throws: ``FileOperationError`` naming the file and the step that failed.
    /// - Complexity: O(*n*) in the size of `bytes`, plus two flushes to disk.
    static func write(
        _ bytes: [UInt8], to path: String, temporaryFolder: String? = nil, operation: String = "save", permissions: mode_t = 0o600
    ) throws(FileOperationError) {
        let folder = parentFolder(of: path)
        let name = path.split(separator: "/").last.map(String.init) ?? "file"
        let temporary = (temporaryFolder ?? folder) + "/.\(name).\(uniqueSuffix()).tmp"
        let fd = POSIX.open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, permissions)
        guard fd >= 0 else { throw POSIX.failure(path, operation, "create a temporary file") }
        var isOpen = true
        do throws(FileOperationError) {
            let code = POSIX.writeAll(fd, bytes)
            guard code == 0 else { throw POSIX.failure(path, operation, "write", code: code) }
            guard fsync(fd) == 0 else { throw POSIX.failure(path, operation, "flush to disk") }
            isOpen = false
            guard close(fd) == 0 else { throw POSIX.failure(path, operation, "close") }
            try POSIX.rename(temporary, path, operation: operation)
        } catch {
            if isOpen { close(fd) }
            unlink(temporary)
            throw error
        }
        try POSIX.syncFolder(folder, operation: operation)
    }

    /// The folder that holds `path`.
    static func parentFolder(of path: String) -> String {
        guard let slash = path.lastIndex(of: "/") else { return "." }
        return slash == path.startIndex ? "/" : String(path[..<slash])
    }

    /// A suffix no other writer uses at the same time: the process id and random bits.
    static func uniqueSuffix() -> String {
        "\(getpid())-\(String(UInt64.random(in: 0...UInt64.max), radix: 36))"
    }

    /// The process id of the writer whose temporary file for the file `name` is `candidate`, or `nil`
    /// when `candidate` is not exactly such a name: `.<name>.<pid>-<1 to 13 base-36 digits>.tmp`.
    static func writer(ofTemporary candidate: String, for name: String) -> Int32? {
        let prefix = "." + name + "."
        guard candidate.hasPrefix(prefix), candidate.hasSuffix(".tmp"), candidate.count > prefix.count + 4 else { return nil }
        let suffix = candidate.dropFirst(prefix.count).dropLast(4)
        let parts = suffix.split(separator: "-", omittingEmptySubsequences: false)
        guard parts.count == 2, (1...10).contains(parts[0].count), parts[0].allSatisfy({ $0.isASCII && $0.isNumber }),
            (1...13).contains(parts[1].count), parts[1].allSatisfy({ $0.isASCII && ($0.isNumber || $0.isLowercase) }),
            let pid = Int32(parts[0]), pid > 0
        else { return nil }
        return pid
    }
}
