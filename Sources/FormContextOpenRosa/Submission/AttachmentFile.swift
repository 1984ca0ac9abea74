internal import Foundation
#if canImport(Glibc)
internal import Glibc
#elseif canImport(Musl)
internal import Musl
#elseif canImport(Darwin)
internal import Darwin
#endif

/// Reads an attachment's file for a record: a regular file only (a link, a folder, a device or a
/// pipe is refused without being read or waited on), at most a number of bytes. The file is only
/// read, never moved or removed.
enum AttachmentFile {
    /// The file's bytes.
    ///
    /// - Parameters:
    ///   - path: The file.
    ///   - held: The bytes the record holds already; with this file's they may be at most
    ///     ``OpenRosaRecord/maximumBytes``.
    /// - Returns: Its bytes.
    /// - Throws: An error of kind `.invalidAttachment` saying what the path is or why it could not be
    ///   read, or of kind `.tooLarge` when the record would be over its limit.
    static func read(_ path: String, adding held: Int) throws(OpenRosaError) -> Data {
        // O_NOFOLLOW: a link is refused, not followed; O_NONBLOCK: opening a pipe does not wait.
        let descriptor = open(path, O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC)
        guard descriptor >= 0 else {
            let code = errno
            if code == ELOOP { throw .attachment(path: path, problem: "is a symbolic link, not a regular file") }
            if code == ENOENT { throw .attachment(path: path, problem: "does not exist") }
            throw .attachment(path: path, problem: "cannot be opened: \(String(cString: strerror(code)))")
        }
        defer { close(descriptor) }
        var status = stat()
        guard fstat(descriptor, &status) == 0 else {
            throw .attachment(path: path, problem: "cannot be examined: \(String(cString: strerror(errno)))")
        }
        switch status.st_mode & S_IFMT {
        case S_IFREG: break
        case S_IFDIR: throw .attachment(path: path, problem: "is a folder, not a regular file")
        default: throw .attachment(path: path, problem: "is not a regular file")
        }
        guard Int(status.st_size) <= OpenRosaRecord.maximumBytes - held else {
            throw .tooLarge(bytes: held + Int(status.st_size), limit: OpenRosaRecord.maximumBytes)
        }
        var bytes = Data(count: Int(status.st_size))
        var filled = 0
        while filled < bytes.count {
            let count = bytes.withUnsafeMutableBytes { buffer in
                Foundation.read(descriptor, buffer.baseAddress! + filled, buffer.count - filled)
            }
            if count < 0 && errno == EINTR { continue }
            guard count > 0 else {
                throw .attachment(path: path, problem: count == 0 ? "grew shorter while it was read" : "cannot be read: \(String(cString: strerror(errno)))")
            }
            filled += count
        }
        return bytes
    }
}
