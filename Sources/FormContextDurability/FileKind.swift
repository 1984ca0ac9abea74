import FormContextCore
#if canImport(Glibc)
@preconcurrency import Glibc
#elseif canImport(Musl)
@preconcurrency import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// What a path names, as `lstat` tells it: the durable files are regular files, and nothing else is
/// read, replaced or moved.
enum FileKind: Equatable, CustomStringConvertible {
    case regular
    case folder
    case symbolicLink
    case fifo
    case characterDevice
    case blockDevice
    case socket
    case unknown

    /// The kind of a file of `mode` (`st_mode`).
    init(mode: mode_t) {
        switch mode & S_IFMT {
        case S_IFREG: self = .regular
        case S_IFDIR: self = .folder
        case S_IFLNK: self = .symbolicLink
        case S_IFIFO: self = .fifo
        case S_IFCHR: self = .characterDevice
        case S_IFBLK: self = .blockDevice
        case S_IFSOCK: self = .socket
        default: self = .unknown
        }
    }

    /// `a regular file`, `a folder`, `a symbolic link`, `a FIFO`, `a character device` …
    var description: String {
        switch self {
        case .regular: "a regular file"
        case .folder: "a folder"
        case .symbolicLink: "a symbolic link"
        case .fifo: "a FIFO (named pipe)"
        case .characterDevice: "a character device"
        case .blockDevice: "a block device"
        case .socket: "a socket"
        case .unknown: "not a regular file"
        }
    }
}

/// What ``POSIX/readRegularFile(_:limit:operation:)`` found.
enum BoundedRead: Equatable {
    /// Nothing is at the path.
    case missing
    /// Something other than a regular file is there; it was not opened for reading.
    case notRegular(FileKind)
    /// A regular file larger than the limit, of this many bytes (at least); it was not read.
    case tooLarge(Int)
    /// The whole file.
    case bytes([UInt8])
}
