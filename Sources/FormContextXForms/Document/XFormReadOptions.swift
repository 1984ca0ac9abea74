public import Foundation

/// The limits and the media folder used when an XForm document is read.
///
/// An XForm is untrusted input: the reader refuses a file over ``maximumBytes`` before reading it,
/// and stops at an element nested deeper than ``maximumDepth``, so a hostile file costs bounded
/// memory and stack.
public struct XFormReadOptions: Sendable, Equatable {
    /// The largest document (and the largest external instance file) read, in bytes; 16 MiB unless
    /// raised. The largest real forms are a few hundred kilobytes.
    public var maximumBytes: Int
    /// The deepest element nesting read; 64 unless raised, and never more than ``depthCeiling``.
    /// Real forms nest a dozen levels or so.
    public var maximumDepth: Int
    /// The highest ``maximumDepth`` a read accepts: a document this deep still reads, and is freed,
    /// within a 512 KB thread stack (the size of a secondary thread's stack on Apple platforms).
    public static let depthCeiling = 500
    /// The folder that holds the form's media files, where external secondary instances
    /// (`jr://file/name.xml`, `jr://file-csv/name.csv`) are read from; `nil` leaves them unread.
    public var mediaFolder: URL?

    /// Creates read options.
    /// - Parameters:
    ///   - maximumBytes: The largest document or external instance file read, in bytes.
    ///   - maximumDepth: The deepest element nesting read.
    ///   - mediaFolder: The folder external secondary instances are read from, or `nil`.
    public init(maximumBytes: Int = 16 * 1024 * 1024, maximumDepth: Int = 64, mediaFolder: URL? = nil) {
        self.maximumBytes = maximumBytes
        self.maximumDepth = maximumDepth
        self.mediaFolder = mediaFolder
    }
}
