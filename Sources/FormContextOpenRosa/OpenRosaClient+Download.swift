import Foundation
import FormContextXForms

extension OpenRosaClient {
    /// Downloads `form` and its media files into `folder`: the form as `<folder>/<formID>.xml`, its media
    /// files in `<folder>/<formID>-media/` (ODK Collect's layout), each file's MD5 checked against the
    /// form list's or manifest's hash.
    ///
    /// A file already held with the listed hash is not downloaded again; when all are, nothing is
    /// fetched but the manifest. Everything is fetched and checked in a staging folder of its own
    /// first, then moved into place; an error at any step (a wrong hash, a lost connection, a full
    /// disk) leaves the folder as it was. A file is replaced only when a download wrote it and it is
    /// unchanged since (a record, `.<formID>.pulled`, keeps their hashes): a file put there otherwise is
    /// an ``OpenRosaError/Kind/notOwned`` error and stays as it is. Media files no longer listed are
    /// left in place. Run one download into a folder at a time.
    ///
    /// - Parameters:
    ///   - form: A form of the form list.
    ///   - folder: A folder the app names; it must exist.
    /// - Returns: Where the form and its media are, and what was fetched.
    /// - Throws: ``OpenRosaError``: a request failed, a hash does not match
    ///   (``OpenRosaError/Kind/hashMismatch``), the form id or a media file name cannot be a file name
    ///   (``OpenRosaError/Kind/unsafeName``), a path is not a regular file or folder, or a file cannot be
    ///   written (``OpenRosaError/Kind/fileSystem``).
    public func download(_ form: OpenRosaForm, into folder: String) async throws(OpenRosaError) -> OpenRosaDownload {
        guard try PullFiles.kind(folder) == .folder else {
            throw OpenRosaError(.fileSystem, "the forms folder \(Quoted.value(folder, limit: 200)) is not a folder")
        }
        if let problem = FileName.problem(form.formID) {
            throw OpenRosaError(.unsafeName, "the form id \(Quoted.value(form.formID, limit: 120)) \(problem): it cannot name a file")
        }
        let formPath = folder + "/" + form.formID + ".xml"
        let mediaPath = folder + "/" + form.formID + "-media"
        let recordPath = PullRecord.path(folder: folder, formID: form.formID)
        var record = try PullRecord.read(recordPath)
        let media = try await mediaFiles(of: form)

        // What is held, and what must be fetched; a file that must be replaced must be ours.
        let heldForm = try PullFiles.read(formPath, limit: maximumBytes).map { "md5:" + XFormDigest.md5.hex($0) }
        let needsForm = heldForm != form.hash
        if needsForm, let heldForm, record.form != heldForm {
            throw OpenRosaError(.notOwned, "\(Quoted.value(formPath, limit: 200)) was not written by a download (or was changed since): it is left as it is")
        }
        let mediaKind = try PullFiles.kind(mediaPath)
        if let mediaKind, mediaKind != .folder, !media.isEmpty {
            throw OpenRosaError(.fileSystem, "\(Quoted.value(mediaPath, limit: 200)) is not a folder")
        }
        var neededMedia: [OpenRosaMediaFile] = []
        var heldMedia: Set<String> = []
        for file in media {
            let path = mediaPath + "/" + file.filename
            let held = mediaKind == .folder ? try PullFiles.read(path, limit: maximumBytes).map { "md5:" + XFormDigest.md5.hex($0) } : nil
            guard held != file.hash else { continue }
            if let held {
                guard record.media[file.filename] == held else {
                    throw OpenRosaError(.notOwned, "\(Quoted.value(path, limit: 200)) was not written by a download (or was changed since): it is left as it is")
                }
                heldMedia.insert(file.filename)
            }
            neededMedia.append(file)
        }
        let result = OpenRosaDownload(
            formFile: formPath, mediaFolder: media.isEmpty ? nil : mediaPath,
            downloaded: (needsForm ? [form.formID + ".xml"] : []) + neededMedia.map(\.filename))
        guard needsForm || !neededMedia.isEmpty else { return result }

        // Fetch and check everything into a staging folder of our own.
        Self.removeStaleStaging(in: folder, formID: form.formID)
        let staging = folder + "/" + Self.stagingPrefix + PullFiles.uniqueSuffix()
        try PullFiles.makeFolder(staging)
        var created: [String] = []
        defer {
            for path in created.reversed() { PullFiles.remove(path) }
            PullFiles.removeFolder(staging)
        }
        if needsForm {
            let bytes = try await checked(form.downloadURL, hash: form.hash, what: "the form \(Quoted.value(form.formID, limit: 60))")
            try PullFiles.create(staging + "/form.xml", bytes)
            created.append(staging + "/form.xml")
        }
        for (index, file) in neededMedia.enumerated() {
            let bytes = try await checked(file.downloadURL, hash: file.hash, what: "the media file \(Quoted.value(file.filename, limit: 60))")
            try PullFiles.create(staging + "/media-\(index)", bytes)
            created.append(staging + "/media-\(index)")
        }

        // Move into place, the form file last; on any failure, undo every move.
        var moves: [(from: String, to: String)] = []
        var madeMediaFolder = false
        do throws(OpenRosaError) {
            if !neededMedia.isEmpty && mediaKind == nil {
                try PullFiles.makeFolder(mediaPath)
                madeMediaFolder = true
            }
            for (index, file) in neededMedia.enumerated() {
                let target = mediaPath + "/" + file.filename
                if heldMedia.contains(file.filename) {
                    try move(target, to: staging + "/old-media-\(index)", moves: &moves)
                    created.append(staging + "/old-media-\(index)")
                }
                try move(staging + "/media-\(index)", to: target, moves: &moves)
                record.media[file.filename] = file.hash
            }
            if !neededMedia.isEmpty { try PullFiles.syncFolder(mediaPath) }
            if needsForm {
                if heldForm != nil {
                    try move(formPath, to: staging + "/old-form.xml", moves: &moves)
                    created.append(staging + "/old-form.xml")
                }
                try move(staging + "/form.xml", to: formPath, moves: &moves)
                record.form = form.hash
            }
            try record.write(to: recordPath)
            try PullFiles.syncFolder(folder)
        } catch {
            for step in moves.reversed() {
                // A file that cannot be moved back stays in the staging folder rather than be lost.
                if (try? PullFiles.rename(step.to, step.from)) == nil { created.removeAll { $0 == step.to } }
            }
            if madeMediaFolder { PullFiles.removeFolder(mediaPath) }
            throw error
        }
        return result
    }

    static let stagingPrefix = ".formcontext-pull-"

    /// Removes what downloads killed before they ended left in `folder`: staging folders
    /// (`.formcontext-pull-<pid>-<random>`) and record temporaries (`.<formID>.pulled.<pid>-<random>.tmp`)
    /// of processes that are gone, and in those folders only the files a download names so. Anything
    /// else, and what a live process is writing, is left alone.
    static func removeStaleStaging(in folder: String, formID: String) {
        let recordName = "." + formID + ".pulled."
        for name in PullFiles.list(folder) {
            if PullFiles.deadWriter(of: name, prefix: recordName, suffix: ".tmp") != nil {
                if (try? PullFiles.kind(folder + "/" + name)) == .regular { PullFiles.remove(folder + "/" + name) }
                continue
            }
            guard PullFiles.deadWriter(of: name, prefix: stagingPrefix) != nil, (try? PullFiles.kind(folder + "/" + name)) == .folder else {
                continue
            }
            let staging = folder + "/" + name
            for file in PullFiles.list(staging) where isStagingFileName(file) && (try? PullFiles.kind(staging + "/" + file)) == .regular {
                PullFiles.remove(staging + "/" + file)
            }
            PullFiles.removeFolder(staging)
        }
    }

    /// `form.xml`, `old-form.xml`, `media-<n>`, `old-media-<n>`.
    static func isStagingFileName(_ name: String) -> Bool {
        if name == "form.xml" || name == "old-form.xml" { return true }
        for prefix in ["media-", "old-media-"] where name.hasPrefix(prefix) {
            let digits = name.dropFirst(prefix.count)
            return !digits.isEmpty && digits.allSatisfy { $0.isASCII && $0.isNumber }
        }
        return false
    }

    /// The body at `url`, checked to have the MD5 `hash`.
    private func checked(_ url: URL, hash: String, what: String) async throws(OpenRosaError) -> Data {
        let bytes = try await get(url, what: what)
        let found = "md5:" + XFormDigest.md5.hex(bytes)
        guard found == hash else {
            throw OpenRosaError(
                .hashMismatch,
                "\(what) from \(Quoted.value(endpoint.redacted(url.absoluteString), limit: 200)) has the hash \(found), not the listed \(hash): nothing was written"
            )
        }
        return bytes
    }

    private func move(_ from: String, to: String, moves: inout [(from: String, to: String)]) throws(OpenRosaError) {
        try PullFiles.rename(from, to)
        moves.append((from, to))
    }
}
