import FormContextCore
#if canImport(Glibc)
@preconcurrency import Glibc
#elseif canImport(Musl)
@preconcurrency import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import Synchronization

/// An exclusive advisory lock on a file (`flock`), held from ``acquire(_:blocking:operation:)`` until
/// ``release()`` or until the lock is gone, whichever comes first. It excludes other processes and
/// other open descriptions in this process, and the system drops it when the process dies, so a killed
/// sender never leaves the outbox locked.
final class FileLock: Sendable {
    /// The locked file's descriptor, until it is released: a second release finds `nil` and does
    /// nothing, so it can never close a descriptor that has since been given to another file.
    private let descriptor: Mutex<Int32?>

    private init(fd: Int32) {
        descriptor = Mutex(fd)
    }

    deinit {
        release()
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

    /// Lets go of the lock; calling it again does nothing.
    func release() {
        guard let fd = descriptor.withLock({ descriptor in
            defer { descriptor = nil }
            return descriptor
        }) else { return }
        flock(fd, LOCK_UN)
        close(fd)
    }

    /// Whether the lock is still held by this value.
    var isHeld: Bool { descriptor.withLock { $0 != nil } }
}
