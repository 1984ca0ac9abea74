import FormContextXForms
import Foundation

/// The files a download wrote for one form, with the hashes they had: `.<formID>.pulled` in the
/// forms folder. A file is replaced by a later download only when it is listed here and still has
/// the hash written then: what the app (or a person) put there or changed is never overwritten.
struct PullRecord: Equatable {
    /// The form file's hash when it was written by a download.
    var form: String?
    /// Media file names and their hashes when written by a download.
    var media: [String: String] = [:]

    static func path(folder: String, formID: String) -> String { folder + "/." + formID + ".pulled" }

    /// The record at `path`; an empty one when there is none or it cannot be read as one (then
    /// nothing counts as written here, so nothing is replaced).
    static func read(_ path: String) throws(OpenRosaError) -> PullRecord {
        guard let bytes = try PullFiles.read(path, limit: 1 << 20),
            let object = try? JSONSerialization.jsonObject(with: Data(bytes)) as? [String: Any]
        else { return PullRecord() }
        return PullRecord(form: object["form"] as? String, media: object["media"] as? [String: String] ?? [:])
    }

    /// Writes the record to `path` atomically: a new file beside it, flushed, renamed over it.
    func write(to path: String) throws(OpenRosaError) {
        var object: [String: Any] = ["media": media]
        if let form { object["form"] = form }
        guard let data = try? JSONSerialization.data(withJSONObject: object, options: [.sortedKeys]) else {
            throw OpenRosaError(.fileSystem, "cannot encode the download record")
        }
        let kind = try PullFiles.kind(path)
        if kind == .folder || kind == .other {
            throw OpenRosaError(.fileSystem, "\(Quoted.value(path, limit: 200)) is not a regular file")
        }
        let temporary = path + "." + PullFiles.uniqueSuffix() + ".tmp"
        try PullFiles.create(temporary, Array(data))
        do throws(OpenRosaError) {
            try PullFiles.rename(temporary, path)
        } catch {
            PullFiles.remove(temporary)
            throw error
        }
    }
}
