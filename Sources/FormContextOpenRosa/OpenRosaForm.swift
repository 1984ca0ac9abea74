public import Foundation

/// A form an OpenRosa server lists: one `<xform>` of its form list.
public struct OpenRosaForm: Sendable, Hashable {
    /// The form's id (`formID`): the `id` attribute of its instance's root element.
    public var formID: String
    /// The form's name, in the language the server chose (`Accept-Language` asks for the user's).
    public var name: String
    /// The form's version, or `nil` when the list gives none (an empty `<version/>` too).
    public var version: String?
    /// The MD5 of the form file, `md5:` and 32 lowercase hex digits.
    public var hash: String
    /// Where the form file is.
    public var downloadURL: URL
    /// Where its manifest (the list of its media files) is; `nil` when it has none.
    public var manifestURL: URL?

    /// Creates a form list entry.
    ///
    /// - Parameters:
    ///   - formID: The form's id.
    ///   - name: The form's name.
    ///   - version: The form's version, or `nil`.
    ///   - hash: `md5:` and the 32 hex digits of the form file's MD5.
    ///   - downloadURL: Where the form file is.
    ///   - manifestURL: Where its manifest is, or `nil`.
    public init(formID: String, name: String, version: String?, hash: String, downloadURL: URL, manifestURL: URL?) {
        self.formID = formID
        self.name = name
        self.version = version
        self.hash = hash
        self.downloadURL = downloadURL
        self.manifestURL = manifestURL
    }
}

/// A media file of a form, as its manifest lists it: one `<mediaFile>`.
public struct OpenRosaMediaFile: Sendable, Hashable {
    /// The file's name: a plain file name, no folder part.
    public var filename: String
    /// The MD5 of the file, `md5:` and 32 lowercase hex digits.
    public var hash: String
    /// Where the file is.
    public var downloadURL: URL

    /// Creates a manifest entry.
    ///
    /// - Parameters:
    ///   - filename: The file's name.
    ///   - hash: `md5:` and the 32 hex digits of the file's MD5.
    ///   - downloadURL: Where the file is.
    public init(filename: String, hash: String, downloadURL: URL) {
        self.filename = filename
        self.hash = hash
        self.downloadURL = downloadURL
    }
}
