import FormContextXForms
import Foundation
#if canImport(Glibc)
@preconcurrency import Glibc
#elseif canImport(Musl)
@preconcurrency import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// The system calls the downloads use, each failure an ``OpenRosaError`` of kind
/// ``OpenRosaError/Kind/fileSystem`` naming the path and the step. Nothing here follows a symbolic
/// link at the last step of a path, and nothing is replaced or removed that is not a regular file.
enum PullFiles {
    enum Kind: Equatable {
        case regular, folder, other
    }

    static func failure(_ path: String, _ step: String, code: Int32 = errno) -> OpenRosaError {
        OpenRosaError(.fileSystem, "cannot \(step) \(Quoted.value(path, limit: 200)): \(String(cString: strerror(code)))")
    }

    /// The system's error number behind a `FileHandle` failure, or `EIO` when it names none.
    static func code(of error: any Error) -> Int32 {
        let underlying = (error as NSError).userInfo[NSUnderlyingErrorKey] as? NSError
        if let posix = underlying, posix.domain == NSPOSIXErrorDomain { return Int32(posix.code) }
        if (error as NSError).domain == NSPOSIXErrorDomain { return Int32((error as NSError).code) }
        return EIO
    }

    /// What is at `path` (`lstat`: a symbolic link is `.other`), or `nil` when nothing is.
    static func kind(_ path: String) throws(OpenRosaError) -> Kind? {
        var status = stat()
        guard lstat(path, &status) == 0 else {
            if errno == ENOENT { return nil }
            throw failure(path, "inspect")
        }
        switch status.st_mode & S_IFMT {
        case S_IFREG: return .regular
        case S_IFDIR: return .folder
        default: return .other
        }
    }

    /// The bytes of the regular file at `path`, or `nil` when nothing is there.
    ///
    /// - Throws: When something other than a regular file is there, it is larger than `limit`, or it
    ///   cannot be read.
    static func read(_ path: String, limit: Int) throws(OpenRosaError) -> [UInt8]? {
        let fd = open(path, O_RDONLY | O_NOFOLLOW | O_CLOEXEC | O_NONBLOCK)
        guard fd >= 0 else {
            if errno == ENOENT { return nil }
            if errno == ELOOP { throw OpenRosaError(.fileSystem, "\(Quoted.value(path, limit: 200)) is a symbolic link, not a regular file") }
            throw failure(path, "open")
        }
        defer { close(fd) }
        var status = stat()
        guard fstat(fd, &status) == 0 else { throw failure(path, "inspect") }
        guard status.st_mode & S_IFMT == S_IFREG else {
            throw OpenRosaError(.fileSystem, "\(Quoted.value(path, limit: 200)) is not a regular file")
        }
        guard Int(status.st_size) <= limit else {
            throw OpenRosaError(.fileSystem, "\(Quoted.value(path, limit: 200)) is larger than \(limit) bytes")
        }
        var bytes: [UInt8] = []
        let handle = FileHandle(fileDescriptor: fd, closeOnDealloc: false)
        while true {
            let chunk: Data?
            do {
                chunk = try handle.read(upToCount: 65536)
            } catch {
                throw failure(path, "read", code: Self.code(of: error))
            }
            guard let chunk, !chunk.isEmpty else { break }
            bytes += chunk
            if bytes.count > limit { throw OpenRosaError(.fileSystem, "\(Quoted.value(path, limit: 200)) is larger than \(limit) bytes") }
        }
        return bytes
    }

    /// Creates the new file `path` (it must not exist) with `bytes`, flushed to disk.
    static func create(_ path: String, _ bytes: some Collection<UInt8>) throws(OpenRosaError) {
        let fd = open(path, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0o644)
        guard fd >= 0 else { throw failure(path, "create") }
        do {
            try FileHandle(fileDescriptor: fd, closeOnDealloc: false).write(contentsOf: Data(bytes))
        } catch {
            close(fd)
            unlink(path)
            throw failure(path, "write", code: Self.code(of: error))
        }
        guard fsync(fd) == 0 else {
            let code = errno
            close(fd)
            unlink(path)
            throw failure(path, "flush to disk", code: code)
        }
        close(fd)
    }

    /// Creates the folder `path` (it must not exist).
    static func makeFolder(_ path: String) throws(OpenRosaError) {
        guard mkdir(path, 0o755) == 0 else { throw failure(path, "create the folder") }
    }

    /// Renames `from` to `to` (replacing a file there).
    static func rename(_ from: String, _ to: String) throws(OpenRosaError) {
        guard Foundation.rename(from, to) == 0 else { throw failure(to, "move into place") }
    }

    /// Removes the file `path`.
    static func remove(_ path: String) {
        unlink(path)
    }

    /// Removes the empty folder `path`.
    static func removeFolder(_ path: String) {
        rmdir(path)
    }

    /// Flushes the folder `path` (its entries) to disk.
    static func syncFolder(_ path: String) throws(OpenRosaError) {
        let fd = open(path, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard fd >= 0 else { throw failure(path, "open the folder") }
        defer { close(fd) }
        guard fsync(fd) == 0 else { throw failure(path, "flush the folder to disk") }
    }

    /// The names in the folder `path`.
    static func list(_ path: String) -> [String] {
        (try? FileManager.default.contentsOfDirectory(atPath: path)) ?? []
    }

    /// The process id in a name that ends in `<pid>-<1 to 13 base-36 digits>` after `prefix` (and
    /// before `suffix`), when that process is gone; `nil` for any other name or a live process.
    static func deadWriter(of name: String, prefix: String, suffix: String = "") -> Int32? {
        guard name.hasPrefix(prefix), name.hasSuffix(suffix), name.count > prefix.count + suffix.count else { return nil }
        let parts = name.dropFirst(prefix.count).dropLast(suffix.count).split(separator: "-", omittingEmptySubsequences: false)
        guard parts.count == 2, (1...10).contains(parts[0].count), parts[0].allSatisfy({ $0.isASCII && $0.isNumber }),
            (1...13).contains(parts[1].count), parts[1].allSatisfy({ $0.isASCII && ($0.isNumber || $0.isLowercase) }),
            let pid = Int32(parts[0]), pid > 0
        else { return nil }
        return kill(pid, 0) != 0 && errno == ESRCH ? pid : nil
    }

    /// A name no other writer uses at the same time: the process id and random bits.
    static func uniqueSuffix() -> String {
        "\(getpid())-\(String(UInt64.random(in: 0...UInt64.max), radix: 36))"
    }
}

