import FormContextXForms
import Foundation

/// The form list (`xformsList`) and manifest (`xformsManifest`) documents of the OpenRosa Form List
/// API, read into ``OpenRosaForm`` and ``OpenRosaMediaFile`` values, every problem named.
enum OpenRosaDocuments {
    static let formListNamespace = "http://openrosa.org/xforms/xformsList"
    static let manifestNamespace = "http://openrosa.org/xforms/xformsManifest"

    /// The forms of a form list document.
    static func forms(in data: Data, redact: (String) -> String) throws(OpenRosaError) -> [OpenRosaForm] {
        let root = try OpenRosaXML.parse(data, what: "the form list")
        guard root.localName == "xforms", root.namespace == nil || root.namespace == formListNamespace else {
            throw OpenRosaError(.malformedDocument, "the form list's root element is <\(Quoted.plain(root.localName, limit: 40))>, not <xforms>")
        }
        var forms: [OpenRosaForm] = []
        for (index, item) in root.children.filter({ $0.localName == "xform" }).enumerated() {
            var place = "the form list's <xform> number \(index + 1)"
            func required(_ name: String) throws(OpenRosaError) -> String {
                guard let value = item.value(name), !value.isEmpty else {
                    throw OpenRosaError(.malformedDocument, "\(place) has no <\(name)>")
                }
                return value
            }
            let formID = try required("formID")
            place += " (\(Quoted.value(formID, limit: 60)))"
            let hash = try checkedHash(try required("hash"), place: place)
            let download = try url(try required("downloadUrl"), element: "downloadUrl", place: place, redact: redact)
            let manifest = try item.value("manifestUrl").flatMap { text throws(OpenRosaError) in
                text.isEmpty ? nil : try url(text, element: "manifestUrl", place: place, redact: redact)
            }
            let version = item.value("version").flatMap { $0.isEmpty ? nil : $0 }
            forms.append(OpenRosaForm(
                formID: formID, name: item.value("name").flatMap { $0.isEmpty ? nil : $0 } ?? formID, version: version,
                hash: hash, downloadURL: download, manifestURL: manifest))
        }
        return forms
    }

    /// The media files of a manifest document; each file name is checked to be a plain file name.
    static func mediaFiles(in data: Data, form: String, redact: (String) -> String) throws(OpenRosaError) -> [OpenRosaMediaFile] {
        let what = "the manifest of \(Quoted.value(form, limit: 60))"
        let root = try OpenRosaXML.parse(data, what: what)
        guard root.localName == "manifest", root.namespace == nil || root.namespace == manifestNamespace else {
            throw OpenRosaError(.malformedDocument, "\(what) has the root element <\(Quoted.plain(root.localName, limit: 40))>, not <manifest>")
        }
        var files: [OpenRosaMediaFile] = []
        var seen: Set<String> = []
        for (index, item) in root.children.filter({ $0.localName == "mediaFile" }).enumerated() {
            let place = "\(what), <mediaFile> number \(index + 1)"
            guard let filename = item.value("filename"), !filename.isEmpty else {
                throw OpenRosaError(.malformedDocument, "\(place) has no <filename>")
            }
            if let problem = FileName.problem(filename) {
                throw OpenRosaError(.unsafeName, "\(place): the file name \(Quoted.value(filename, limit: 120)) \(problem)")
            }
            guard seen.insert(filename).inserted else {
                throw OpenRosaError(.malformedDocument, "\(place): the file name \(Quoted.value(filename, limit: 120)) is listed twice")
            }
            let named = "\(place) (\(Quoted.value(filename, limit: 120)))"
            guard let hashText = item.value("hash") else { throw OpenRosaError(.malformedDocument, "\(named) has no <hash>") }
            let hash = try checkedHash(hashText, place: named)
            guard let download = item.value("downloadUrl"), !download.isEmpty else {
                throw OpenRosaError(.malformedDocument, "\(named) has no <downloadUrl>")
            }
            files.append(OpenRosaMediaFile(
                filename: filename, hash: hash, downloadURL: try url(download, element: "downloadUrl", place: named, redact: redact)))
        }
        return files
    }

    /// The `<message>` of an `OpenRosaResponse`, escaped and cut, or `nil`.
    static func message(in data: Data) -> String? {
        guard !data.isEmpty, let root = try? OpenRosaXML.parse(data, what: "the response"), root.localName == "OpenRosaResponse",
            let text = root.value("message"), !text.isEmpty
        else { return nil }
        return Quoted.plain(text, limit: 300)
    }

    /// `md5:` and 32 hex digits, lowercased.
    static func checkedHash(_ text: String, place: String) throws(OpenRosaError) -> String {
        let lower = text.lowercased()
        let digits = lower.dropFirst(4)
        guard lower.hasPrefix("md5:"), digits.count == 32, digits.allSatisfy({ $0.isHexDigit && $0.isASCII }) else {
            throw OpenRosaError(.malformedDocument, "\(place) has the hash \(Quoted.value(text, limit: 60)), not md5: and 32 hex digits")
        }
        return lower
    }

    static func url(_ text: String, element: String, place: String, redact: (String) -> String) throws(OpenRosaError) -> URL {
        guard let url = URL(string: text), let scheme = url.scheme?.lowercased(), scheme == "http" || scheme == "https",
            url.host?.isEmpty == false
        else {
            throw OpenRosaError(.malformedDocument, "\(place) has the <\(element)> \(Quoted.value(redact(text), limit: 120)), not an http or https URL")
        }
        return url
    }
}

/// The rule for names that become file names here: form ids and media file names.
enum FileName {
    /// Why `name` cannot be a file name in a folder of ours, or `nil` when it can.
    ///
    /// The checks look at the name's bytes, as the file system does: a `/` or a `.` followed by a
    /// combining mark is a character of its own to `String`, but still a `/` or a `.` in a path.
    static func problem(_ name: String) -> String? {
        let bytes = Array(name.utf8)
        if bytes.isEmpty { return "is empty" }
        if bytes.contains(UInt8(ascii: "/")) || bytes.contains(UInt8(ascii: "\\")) { return "has a folder part" }
        let dot = UInt8(ascii: ".")
        if bytes == [dot] || zip(bytes, bytes.dropFirst()).contains(where: { $0 == dot && $1 == dot }) { return "has \"..\" in it" }
        if bytes[0] == dot { return "starts with a dot" }
        if name.utf8.count > 200 { return "is longer than 200 bytes" }
        if name.unicodeScalars.contains(where: { $0.value < 0x20 || $0.value == 0x7F }) { return "has a control character" }
        return nil
    }
}
