import FormContextCore

/// A file operation that failed: which file, which step, and the system's reason.
///
/// ```swift
/// // cannot save '/data/survey.draft': flush to disk failed: No space left on device (errno 28)
/// ```
public struct FileOperationError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The file or folder the operation was about.
    let path: String
    /// What was being done, such as `save` or `read`.
    let operation: String
    /// The step that failed, such as `create a temporary file`, `write`, `flush to disk`, `rename into place`.
    let step: String
    /// The system's error number (`errno`), or 0 when the failure was not a system call's.
    let code: Int32
    /// The system's text for the error number, or a description of the failure.
    let reason: String

    /// Creates an error.
    ///
    /// - Parameters:
    ///   - path: The file or folder.
    ///   - operation: What was being done.
    ///   - step: The step that failed.
    ///   - code: The `errno`, or 0.
    ///   - reason: The system's text for it.
    init(path: String, operation: String, step: String, code: Int32, reason: String) {
        self.path = path
        self.operation = operation
        self.step = step
        self.code = code
        self.reason = reason
    }

    /// `cannot <operation> '<path>': <step> failed: <reason> (errno N)`.
    public var description: String {
        let number = code == 0 ? "" : " (errno \(code))"
        return "cannot \(operation) '\(path)': \(step) failed: \(reason)\(number)"
    }
}
