public import FormContextCore
import Foundation
import Synchronization

/// Keeps one form's draft in one file, written atomically: after a crash or power loss the file holds
/// the last draft that was saved whole, never a mix, never an empty file.
///
/// ```swift
/// let store = DraftStore(path: drafts + "/signup.draft", definition: signUp)
/// let form = FormContextObject(definition: signUp)
/// if let draft = try? store.load() { form.restore(draft) }
/// try store.save(form)
/// ```
///
/// A draft that is not readable as a draft of this form (truncated, damaged, from a newer version, or of
/// another form) is renamed aside, `<name>.unreadable-<time>`, never deleted, and ``load()`` throws
/// ``DraftError/unreadable(path:problem:movedTo:)``.
///
/// The store owns only what it made: its draft file, the temporary files it writes beside it
/// (`.<name>.<pid>-<random>.tmp`) and the files it moves aside. A draft is a regular file: a symbolic
/// link, a FIFO, a device or a folder at the path, a file larger than the maximum file size given, or a file
/// that is not a FormContext draft is refused with ``DraftError/notADraft(path:problem:)`` by
/// ``load()``, ``save(_:)`` and ``discard()`` alike, and left as it is: never read beyond
/// its first bytes, replaced, moved or removed.
public final class DraftStore: Sendable {
    /// The largest draft file read by default: 16 MiB.
    @usableFromInline static let defaultMaximumFileSize = 16 << 20


    /// The draft file.
    let path: String
    /// The form's definition: its identity is recorded, and values read back as its fields' types.
    let definition: FormDefinition?
    /// Whether secret values go into the file.
    let secrets: DraftSecretPolicy
    /// The largest draft file, in bytes, that is read or written; a larger one is refused unread.
    let maximumFileSize: Int

    private let environment: DurabilityEnvironment
    /// Serializes writes, so the file ends with the state saved last.
    private let writes = Mutex(0)

    /// Creates a store for the draft file `path`; nothing is read or written yet.
    ///
    /// - Parameters:
    ///   - path: The draft file; its folder must exist. The store creates no folder.
    ///   - definition: The form's definition, if it has one.
    ///   - secrets: Whether secret values are written; left out by default.
    ///   - maximumFileSize: The largest draft file read or written, in bytes; 16 MiB by default.
    public convenience init(
        path: String, definition: FormDefinition? = nil, secrets: DraftSecretPolicy = .omit,
        maximumFileSize: Int = DraftStore.defaultMaximumFileSize
    ) {
        self.init(path: path, definition: definition, secrets: secrets, maximumFileSize: maximumFileSize, environment: .live)
    }

    /// Creates a store whose drafts are dated by `environment`'s clock.
    init(
        path: String, definition: FormDefinition? = nil, secrets: DraftSecretPolicy = .omit,
        maximumFileSize: Int = DraftStore.defaultMaximumFileSize, environment: DurabilityEnvironment
    ) {
        self.path = path
        self.definition = definition
        self.secrets = secrets
        self.maximumFileSize = maximumFileSize
        self.environment = environment
    }

    /// The number of drafts this store has written.
    @_spi(Diagnostics) public var saveCount: Int { writes.withLock { $0 } }

    /// Saves the form's whole editing state now.
    ///
    /// - Parameter form: The form.
    /// - Returns: The draft that was written.
    /// - Throws: ``DraftError``; the file on disk is then as it was.
    /// - Complexity: O(*n*) for *n* fields, plus two flushes to disk.
    @discardableResult
    public func save(_ form: FormContextObject) throws(DraftError) -> FormDraft {
        var draft = form.draft()
        // The store is for one form: its definition's identity wins over the one the form carries.
        if let definition {
            draft.formIdentifier = definition.identifier
            draft.formVersion = definition.version
        }
        draft.savedAt = environment.now()
        try save(draft)
        return draft
    }

    /// Saves `draft` now.
    ///
    /// - Parameter draft: The draft.
    /// - Throws: ``DraftError``; the file on disk is then as it was. ``DraftError/notADraft(path:problem:)``
    ///   when the path holds something other than a draft (nothing is written over it), and
    ///   ``DraftError/file(_:)`` when the file there cannot be opened to check, or the draft would be
    ///   larger than ``maximumFileSize``.
    func save(_ draft: FormDraft) throws(DraftError) {
        let json: JSONValue
        do {
            json = try draft.json(omittingSecrets: secrets == .omit)
        } catch {
            switch error {
            case .unencodableValue(let key, let type): throw .unsavableValue(key: key, type: type)
            case .nonFiniteNumber(let key, _): throw .unsavableValue(key: key, type: "a number that is not finite")
            case .invalidDate(let key, _): throw .unsavableValue(key: key, type: "Date")
            }
        }
        let bytes = RecordEnvelope.wrap(Array(json.description.utf8), kind: "draft")
        guard bytes.count <= maximumFileSize else {
            throw .file(FileOperationError(
                path: path, operation: "save the draft", step: "check the size", code: 0,
                reason: "the draft would hold \(bytes.count) bytes, more than the limit of \(maximumFileSize)"))
        }
        try writes.withLock { (count: inout Int) throws(DraftError) in
            _ = try holdsDraft(operation: "save the draft")
            do throws(FileOperationError) {
                try AtomicFile.write(bytes, to: path, operation: "save the draft")
            } catch {
                throw DraftError.file(error)
            }
            count += 1
        }
    }

    /// Reads a draft from the JSON after a draft file's header.
    ///
    /// - Parameters:
    ///   - payload: The JSON bytes.
    ///   - definition: The form's definition, or `nil` to read values by their recorded type names.
    /// - Returns: The draft.
    /// - Throws: ``RecordEnvelope/Problem`` when the JSON is not a draft, or is a draft of another form.
    static func draft(from payload: [UInt8], definition: FormDefinition?) throws(RecordEnvelope.Problem) -> FormDraft {
        let document: JSONValue
        do { document = try JSONValue(parsing: Data(payload)) } catch { throw .payload(error.description) }
        if let definition, case .object(let root) = document, case .object(let form)? = root["form"],
            case .string(let identifier)? = form["identifier"], identifier != definition.identifier {
            throw .payload("it is a draft of the form '\(identifier)', not of '\(definition.identifier)'")
        }
        do { return try FormDraft(json: document, definition: definition) } catch { throw .payload(error.description) }
    }

    /// Reads the draft, or `nil` if there is none.
    ///
    /// Values are read as the definition's field types. Fields the definition no longer has (when the
    /// draft's version differs) and values that no longer fit are listed in ``FormDraft/skippedKeys``.
    /// Temporary files left by writers of this draft that died are removed.
    ///
    /// - Returns: The draft, or `nil` when the file does not exist.
    /// - Throws: ``DraftError/unreadable(path:problem:movedTo:)`` (the file moved aside),
    ///   ``DraftError/notADraft(path:problem:)`` (not a draft file: left as it is) or
    ///   ``DraftError/file(_:)`` (the file exists but cannot be opened or read: left as it is).
    /// - Complexity: O(*n*) in the size of the file, which is at most the store's maximum file size.
    public func load() throws(DraftError) -> FormDraft? {
        guard !path.isEmpty else { throw .notADraft(path: path, problem: "the path is empty") }
        DurableFolder.removeStaleTemporaries(of: path)
        let read: BoundedRead
        do { read = try POSIX.readRegularFile(path, limit: maximumFileSize, operation: "read the draft") } catch { throw .file(error) }
        switch read {
        case .missing:
            return nil
        case .notRegular(let kind):
            throw .notADraft(path: path, problem: "it is \(kind)")
        case .tooLarge(let size):
            throw .notADraft(path: path, problem: tooLarge(size))
        case .bytes(let bytes):
            guard RecordEnvelope.isOwn(bytes, kind: "draft") else {
                throw .notADraft(path: path, problem: bytes.isEmpty ? "it is empty" : "it is not a FormContext draft")
            }
            do {
                let payload = try RecordEnvelope.unwrap(bytes, kind: "draft")
                return try Self.draft(from: payload, definition: definition)
            } catch {
                throw .unreadable(path: path, problem: error.description, movedTo: try? DurableFolder.moveAside(path, now: environment.now()))
            }
        }
    }

    /// Removes the draft file, for example once the form has been finalized.
    ///
    /// - Throws: ``DraftError/notADraft(path:problem:)`` when the path holds something other than a
    ///   draft (it is left as it is), or ``DraftError/file(_:)``.
    public func discard() throws(DraftError) {
        try writes.withLock { (_: inout Int) throws(DraftError) in
            guard try holdsDraft(operation: "discard the draft") else { return }
            do throws(FileOperationError) {
                try POSIX.remove(path, operation: "discard the draft")
                try POSIX.syncFolder(AtomicFile.parentFolder(of: path), operation: "discard the draft")
            } catch {
                throw .file(error)
            }
        }
    }

    /// Whether the path holds a draft, which the store may replace or remove; `false` when nothing is there.
    ///
    /// - Throws: ``DraftError/notADraft(path:problem:)`` for anything else at the path, and
    ///   ``DraftError/file(_:)`` when the file cannot be opened to tell.
    private func holdsDraft(operation: String) throws(DraftError) -> Bool {
        guard !path.isEmpty else { throw .notADraft(path: path, problem: "the path is empty") }
        let start: BoundedRead
        do { start = try POSIX.readStart(of: path, count: 32, limit: maximumFileSize, operation: operation) } catch { throw .file(error) }
        switch start {
        case .missing: return false
        case .notRegular(let kind): throw .notADraft(path: path, problem: "it is \(kind)")
        case .tooLarge(let size): throw .notADraft(path: path, problem: tooLarge(size))
        case .bytes(let bytes):
            guard RecordEnvelope.isOwn(bytes, kind: "draft") else {
                throw .notADraft(path: path, problem: bytes.isEmpty ? "it is empty" : "it is not a FormContext draft")
            }
            return true
        }
    }

    private func tooLarge(_ size: Int) -> String {
        "it holds \(size) bytes, more than the limit of \(maximumFileSize)"
    }
}
