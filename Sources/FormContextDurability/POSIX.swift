import FormContextCore
#if canImport(Glibc)
@preconcurrency import Glibc
#elseif canImport(Musl)
@preconcurrency import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Thin wrappers over the system calls the durable files use, each failure an error naming the path and step.
enum POSIX {
    /// The current `errno` as an error about `path`.
    static func failure(_ path: String, _ operation: String, _ step: String, code: Int32 = errno) -> FileOperationError {
        FileOperationError(path: path, operation: operation, step: step, code: code, reason: String(cString: strerror(code)))
    }

    /// Opens `path`, retrying when interrupted.
    static func open(_ path: String, _ flags: Int32, _ mode: mode_t = 0) -> Int32 {
        while true {
            #if canImport(Darwin)
            let fd = Darwin.open(path, flags, mode)
            #elseif canImport(Musl)
            let fd = Musl.open(path, flags, mode)
            #else
            let fd = Glibc.open(path, flags, mode)
            #endif
            if fd >= 0 || errno != EINTR { return fd }
        }
    }

    /// Writes all of `bytes` to `fd`; returns 0, or the `errno` of the failure.
    static func writeAll(_ fd: Int32, _ bytes: [UInt8]) -> Int32 {
        var offset = 0
        while offset < bytes.count {
            // A C call that takes a buffer: the pointer lives only for this closure, `write` reads at
            // most `bytes.count - offset` bytes from `offset` on, all inside `bytes` (offset < count
            // here), and keeps nothing. Tested by POSIXBufferTests.
            let written = bytes.withUnsafeBytes { buffer in
                write(fd, buffer.baseAddress.map { $0 + offset }, bytes.count - offset)
            }
            if written < 0 {
                if errno == EINTR { continue }
                return errno
            }
            if written == 0 { return EIO }
            offset += written
        }
        return 0
    }

    /// What is at `path`, without following a symbolic link there (unless `followingLinks`): `nil`
    /// when nothing is.
    ///
    /// - Throws: ``FileOperationError`` when `path` cannot be inspected (a folder on the way cannot be searched).
    static func kind(of path: String, followingLinks: Bool = false, operation: String) throws(FileOperationError) -> FileKind? {
        var status = stat()
        guard (followingLinks ? stat(path, &status) : lstat(path, &status)) == 0 else {
            if errno == ENOENT { return nil }
            throw failure(path, operation, "inspect")
        }
        return FileKind(mode: status.st_mode)
    }

    /// Reads the regular file at `path`, never more than `limit` bytes.
    ///
    /// Nothing but a regular file is opened for reading: a symbolic link, a FIFO, a device or a folder
    /// is reported as ``BoundedRead/notRegular(_:)`` before any read, and a file larger than `limit` as
    /// ``BoundedRead/tooLarge(_:)`` without reading it.
    ///
    /// - Throws: ``FileOperationError`` when the file exists but cannot be opened or read.
    static func readRegularFile(_ path: String, limit: Int, operation: String) throws(FileOperationError) -> BoundedRead {
        try withRegularFile(path, operation: operation) { (fd, size) throws(FileOperationError) in
            guard size <= limit else { return .tooLarge(size) }
            let bytes = try read(fd, upTo: limit + 1, path: path, operation: operation)
            // One byte past the limit tells a file that grew since it was inspected.
            return bytes.count > limit ? .tooLarge(bytes.count) : .bytes(bytes)
        }
    }

    /// The first `count` bytes (or fewer, in a shorter file) of the regular file at `path`; anything
    /// else, and a file larger than `limit`, is reported as ``readRegularFile(_:limit:operation:)``
    /// reports it.
    ///
    /// - Throws: ``FileOperationError`` when the file exists but cannot be opened or read.
    static func readStart(of path: String, count: Int, limit: Int = .max, operation: String) throws(FileOperationError) -> BoundedRead {
        try withRegularFile(path, operation: operation) { (fd, size) throws(FileOperationError) in
            guard size <= limit else { return .tooLarge(size) }
            return .bytes(try read(fd, upTo: count, path: path, operation: operation))
        }
    }

    /// Opens the regular file at `path` without following a link or waiting on a FIFO, and hands its
    /// descriptor and size to `body`.
    private static func withRegularFile(
        _ path: String, operation: String, _ body: (Int32, Int) throws(FileOperationError) -> BoundedRead
    ) throws(FileOperationError) -> BoundedRead {
        guard let kind = try kind(of: path, operation: operation) else { return .missing }
        guard kind == .regular else { return .notRegular(kind) }
        // Something put at the path since it was inspected is caught here: a link by O_NOFOLLOW, a
        // FIFO by O_NONBLOCK (its open does not wait for a writer) and the check of what was opened.
        let fd = open(path, O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC)
        guard fd >= 0 else {
            if errno == ENOENT { return .missing }
            if errno == ELOOP { return .notRegular(.symbolicLink) }
            throw failure(path, operation, "open")
        }
        defer { close(fd) }
        var status = stat()
        guard fstat(fd, &status) == 0 else { throw failure(path, operation, "inspect") }
        let opened = FileKind(mode: status.st_mode)
        guard opened == .regular else { return .notRegular(opened) }
        return try body(fd, Int(status.st_size))
    }

    /// Reads from `fd` until the end of the file or `limit` bytes.
    private static func read(_ fd: Int32, upTo limit: Int, path: String, operation: String) throws(FileOperationError) -> [UInt8] {
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 64 * 1024)
        while bytes.count < limit {
            let wanted = min(chunk.count, limit - bytes.count)
            // A C call that fills a buffer: `read` writes at most `wanted` bytes, and `wanted` is at
            // most `chunk.count`; the pointer lives only for this closure. Tested by POSIXBufferTests.
            let count = chunk.withUnsafeMutableBytes { systemRead(fd, $0.baseAddress, wanted) }
            if count < 0 {
                if errno == EINTR { continue }
                throw failure(path, operation, "read")
            }
            if count == 0 { break }
            bytes.append(contentsOf: chunk[0..<count])
        }
        return bytes
    }

    /// Flushes the folder `path` to disk, so renames and removals in it survive a power loss.
    static func syncFolder(_ path: String, operation: String) throws(FileOperationError) {
        let fd = open(path, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard fd >= 0 else { throw failure(path, operation, "open the folder") }
        defer { close(fd) }
        guard fsync(fd) == 0 else { throw failure(path, operation, "flush the folder") }
    }

    /// Renames `source` to `destination`, replacing it.
    static func rename(_ source: String, _ destination: String, operation: String) throws(FileOperationError) {
        #if canImport(Darwin)
        let result = Darwin.rename(source, destination)
        #elseif canImport(Musl)
        let result = Musl.rename(source, destination)
        #else
        let result = Glibc.rename(source, destination)
        #endif
        guard result == 0 else { throw failure(destination, operation, "rename into place") }
    }

    /// Removes the file `path`; a missing file is not an error.
    static func remove(_ path: String, operation: String) throws(FileOperationError) {
        guard unlink(path) == 0 || errno == ENOENT else { throw failure(path, operation, "remove") }
    }

    /// Creates the folder `path` and its parents if they are missing.
    static func makeFolder(_ path: String, operation: String) throws(FileOperationError) {
        var partial = path.hasPrefix("/") ? "" : "."
        for component in path.split(separator: "/") {
            partial += "/" + component
            if mkdir(partial, 0o700) != 0 && errno != EEXIST { throw failure(partial, operation, "create the folder") }
        }
    }

    /// The names in the folder `path`, sorted; `.` and `..` left out.
    static func list(_ path: String, operation: String) throws(FileOperationError) -> [String] {
        guard let folder = opendir(path) else { throw failure(path, operation, "list the folder") }
        defer { closedir(folder) }
        var names: [String] = []
        while let entry = readdir(folder) {
            // `d_name` is a fixed C array holding a NUL-terminated name: it is copied out of the entry
            // (valid until the next `readdir`), and read up to its NUL, never past the array's end.
            // Tested by POSIXBufferTests.
            let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
                String(decoding: raw.prefix(while: { $0 != 0 }), as: UTF8.self)
            }
            if name != "." && name != ".." { names.append(name) }
        }
        return names.sorted()
    }

    /// Whether something exists at `path` (a symbolic link counts, wherever it points).
    static func exists(_ path: String) -> Bool {
        var status = stat()
        return lstat(path, &status) == 0 || errno != ENOENT
    }

    /// Moves `source` to `destination`, or, when that name is taken, to `destination-2`, `-3` …:
    /// never over anything.
    ///
    /// - Returns: The path it was moved to.
    /// - Throws: ``FileOperationError`` if the move failed; `source` is then where it was.
    static func moveWithoutReplacing(_ source: String, to destination: String, operation: String) throws(FileOperationError) -> String {
        var target = destination
        var counter = 2
        while true {
            // A hard link fails where the name is taken, so no check and rename can race with another writer.
            if link(source, target) == 0 {
                guard unlink(source) == 0 else {
                    let code = errno
                    unlink(target)
                    throw failure(source, operation, "remove the old name", code: code)
                }
                return target
            }
            switch errno {
            case EEXIST:
                break
            case EPERM, EOPNOTSUPP, EMLINK, EXDEV:
                // A file system without hard links: the name is checked, then renamed to.
                if exists(target) { break }
                try rename(source, target, operation: operation)
                return target
            default:
                throw failure(target, operation, "move the file")
            }
            target = "\(destination)-\(counter)"
            counter += 1
        }
    }
}

/// The C library's `read`, under a name that `POSIX.read(_:upTo:path:operation:)` does not hide.
private func systemRead(_ fd: Int32, _ buffer: UnsafeMutableRawPointer?, _ count: Int) -> Int {
    read(fd, buffer, count)
}
