#if canImport(Glibc)
@preconcurrency import Glibc
#elseif canImport(Musl)
@preconcurrency import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// An exclusive advisory lock on a file (`flock`), held from ``acquire(_:blocking:operation:)`` until
/// ``release()``. It excludes other processes and other open descriptions in this process, and the
/// system drops it when the process dies, so a killed sender never leaves the outbox locked.
final class FileLock: Sendable {
    private let fd: Int32

    private init(fd: Int32) {
        self.fd = fd
    }

    /// Takes the lock on `path` (created if missing), or returns `nil` when another holder has it and
    /// `blocking` is false.
    ///
    /// - Throws: ``FileOperationError`` if the lock file cannot be opened or locked.
    static func acquire(_ path: String, blocking: Bool, operation: String) throws(FileOperationError) -> FileLock? {
        let fd = POSIX.open(path, O_RDWR | O_CREAT | O_CLOEXEC, 0o600)
        guard fd >= 0 else { throw POSIX.failure(path, operation, "open the lock file") }
        while flock(fd, LOCK_EX | (blocking ? 0 : LOCK_NB)) != 0 {
            let code = errno
            if code == EINTR { continue }
            close(fd)
            if code == EWOULDBLOCK { return nil }
            throw POSIX.failure(path, operation, "lock", code: code)
        }
        return FileLock(fd: fd)
    }

    /// Lets go of the lock.
    func release() {
        flock(fd, LOCK_UN)
        close(fd)
    }
}
