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

    /// Reads the whole file at `path`, or `nil` if there is none.
    static func readFile(_ path: String, operation: String) throws(FileOperationError) -> [UInt8]? {
        let fd = open(path, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else {
            if errno == ENOENT { return nil }
            throw failure(path, operation, "open")
        }
        defer { close(fd) }
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 64 * 1024)
        while true {
            let count = chunk.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
            if count < 0 {
                if errno == EINTR { continue }
                throw failure(path, operation, "read")
            }
            if count == 0 { return bytes }
            bytes.append(contentsOf: chunk[0..<count])
        }
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
            let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
                String(decoding: raw.prefix(while: { $0 != 0 }), as: UTF8.self)
            }
            if name != "." && name != ".." { names.append(name) }
        }
        return names.sorted()
    }

    /// Whether something exists at `path`.
    static func exists(_ path: String) -> Bool {
        access(path, F_OK) == 0
    }
}
