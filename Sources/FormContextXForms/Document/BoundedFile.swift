package import Foundation
#if canImport(Glibc)
@preconcurrency internal import Glibc
#elseif canImport(Musl)
@preconcurrency internal import Musl
#elseif canImport(Darwin)
internal import Darwin
#endif

/// Reads a file only when it is a regular file within the size limit, and never more than the
/// limit even when the file grows meanwhile. Shared by the XForms module and the demo (`package`).
///
/// A symbolic link is followed (the path names the file its link names); what is checked is what
/// was opened, so a FIFO or device put in the file's place after a check is never read, and opening
/// one never waits for a writer.
package enum BoundedFile {
    /// Why a file was not read.
    package enum Failure: Error, Equatable {
        /// Nothing is at the path, or it cannot be opened.
        case unreadable
        /// A folder, a FIFO, a device or a socket.
        case notRegular
        /// The file is `size` bytes, over the limit.
        case tooLarge(size: Int)
        /// The file grew past the limit while it was read.
        case grew
    }

    /// The bytes of the regular file at `path`, at most `maximumBytes` of them.
    package static func bytes(atPath path: String, maximumBytes: Int) throws(Failure) -> Data {
        // O_NONBLOCK: opening a FIFO does not wait for a writer; it is refused below as not regular.
        let fd = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC)
        guard fd >= 0 else { throw .unreadable }
        defer { close(fd) }
        var status = stat()
        guard fstat(fd, &status) == 0 else { throw .unreadable }
        guard status.st_mode & S_IFMT == S_IFREG else { throw .notRegular }
        guard Int(status.st_size) <= maximumBytes else { throw .tooLarge(size: Int(status.st_size)) }
        let data: Data
        do {
            data = try FileHandle(fileDescriptor: fd, closeOnDealloc: false).read(upToCount: maximumBytes + 1) ?? Data()
        } catch {
            throw .unreadable
        }
        guard data.count <= maximumBytes else { throw .grew }
        return data
    }

    static func read(_ url: URL, maximumBytes: Int, file: String) throws(XFormReadError) -> Data {
        do {
            return try bytes(atPath: url.path, maximumBytes: maximumBytes)
        } catch .unreadable {
            throw XFormReadError(.unreadableFile, "the file cannot be read: it does not exist or is not accessible", file: file)
        } catch .notRegular {
            throw XFormReadError(.unreadableFile, "the path is not a regular file", file: file)
        } catch .tooLarge(let size) {
            throw XFormReadError(.tooLarge, "the file is \(size) bytes, over the limit of \(maximumBytes) bytes", file: file)
        } catch {
            throw XFormReadError(.tooLarge, "the file grew past the limit of \(maximumBytes) bytes while it was read", file: file)
        }
    }
}
