/// Why a draft could not be saved or read. Messages name the file and what is wrong, never a value.
public enum DraftError: Error, Hashable, Sendable, CustomStringConvertible {
    /// Reading or writing the file failed; the draft on disk is as it was.
    case file(FileOperationError)
    /// The value under `key` has a type a draft cannot hold; nothing was written.
    case unsavableValue(key: String, type: String)
    /// The file is not a readable draft of this form: foreign, truncated, damaged, written by a newer
    /// version, or a draft of another form. It was renamed to `movedTo` (never deleted), or could not
    /// be moved (`movedTo` is `nil`).
    case unreadable(path: String, problem: String, movedTo: String?)

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
        }
    }
}
