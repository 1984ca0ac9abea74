/// What ``OpenRosaClient/download(_:into:)`` left in the folder.
public struct OpenRosaDownload: Sendable, Hashable {
    /// The form file: `<folder>/<formID>.xml`.
    public var formFile: String
    /// The media folder, `<folder>/<formID>-media`, when the form has media files; `nil` otherwise.
    public var mediaFolder: String?
    /// The files fetched this time (`<formID>.xml`, media file names); empty when everything was
    /// already held with the listed hashes.
    public var downloaded: [String]

    /// Whether nothing was fetched: the form and its media were already held with the listed hashes.
    public var isUnchanged: Bool { downloaded.isEmpty }

    /// Creates a download result.
    ///
    /// - Parameters:
    ///   - formFile: The form file's path.
    ///   - mediaFolder: The media folder's path, or `nil`.
    ///   - downloaded: The names of the files fetched.
    public init(formFile: String, mediaFolder: String?, downloaded: [String]) {
        self.formFile = formFile
        self.mediaFolder = mediaFolder
        self.downloaded = downloaded
    }
}
