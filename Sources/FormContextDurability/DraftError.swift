import FormContextCore

/// Why a draft could not be saved or read. Messages name the file and what is wrong, never a value.
public enum DraftError: Error, Hashable, Sendable, CustomStringConvertible {
    /// Reading or writing the file failed; the draft on disk is as it was.
    case file(FileOperationError)
    /// The value under `key` has a type a draft cannot hold; nothing was written.
    case unsavableValue(key: String, type: String)
    /// The file is a draft, but not a readable draft of this form: truncated, damaged, written by a
    /// newer version, or a draft of another form. It was renamed to `movedTo` (never deleted), or could not
    /// be moved (`movedTo` is `nil`).
    case unreadable(path: String, problem: String, movedTo: String?)
    /// The path names something that is not this store's to read, replace or remove: nothing (an empty
    /// path), a symbolic link, a FIFO, a device or a folder, a file larger than the store's limit, or a
    /// file that is not a FormContext draft. It was neither read beyond its first bytes nor changed, and
    /// its content is not shown.
    case notADraft(path: String, problem: String)

    /// A one-line message naming the file or key and what is wrong.
    public var description: String {
        switch self {
        case .file(let error):
            error.description
        case .unsavableValue(let key, let type):
            "cannot save the draft: the value of '\(key)' has type \(type), which a draft cannot hold"
        case .unreadable(let path, let problem, let movedTo):
            "the draft '\(path)' cannot be read: \(problem); "
                + (movedTo.map { "it was moved to '\($0)'" } ?? "it could not be moved aside")
        case .notADraft(let path, let problem):
            path.isEmpty ? "the draft path is empty" : "'\(path)' is not a draft file: \(problem); it was left as it is"
        }
    }
}
