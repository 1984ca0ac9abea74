public import Foundation

/// A file sent with an XForm instance: an upload answer (a photo, a recording, a signature), named in
/// the instance by its file name.
public struct OpenRosaAttachment: Sendable, Hashable {
    /// The file's name, as the instance names it; the name of its part in the submission.
    public let name: String
    /// The file's bytes, as they were when the record was added.
    public let contents: Data

    /// The media type its part is sent with, from the name's extension (`image/jpeg` for `.jpg`);
    /// `application/octet-stream` for an extension not in the table.
    public var contentType: String {
        let dot = name.lastIndex(of: ".").map { name[name.index(after: $0)...].lowercased() } ?? ""
        return Self.mediaTypes[dot] ?? "application/octet-stream"
    }

    init(name: String, contents: Data) {
        self.name = name
        self.contents = contents
    }

    /// The media types of the extensions ODK forms collect, as ODK Collect sends them.
    static let mediaTypes: [String: String] = [
        "jpg": "image/jpeg", "jpeg": "image/jpeg", "png": "image/png", "gif": "image/gif", "webp": "image/webp",
        "heic": "image/heic", "bmp": "image/bmp", "svg": "image/svg+xml",
        "mp3": "audio/mpeg", "m4a": "audio/mp4", "aac": "audio/aac", "amr": "audio/amr", "wav": "audio/wav",
        "ogg": "audio/ogg", "opus": "audio/opus", "3gpp": "audio/3gpp", "3ga": "audio/3gpp",
        "mp4": "video/mp4", "3gp": "video/3gpp", "mov": "video/quicktime", "webm": "video/webm", "mkv": "video/x-matroska",
        "pdf": "application/pdf", "csv": "text/csv", "txt": "text/plain", "xml": "text/xml", "json": "application/json",
        "geojson": "application/geo+json", "zip": "application/zip",
        "doc": "application/msword", "docx": "application/vnd.openxmlformats-officedocument.wordprocessingml.document",
        "xls": "application/vnd.ms-excel", "xlsx": "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
    ]
}
