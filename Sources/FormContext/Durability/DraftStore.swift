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
/// A file that is not a readable draft of this form (foreign, truncated, damaged, from a newer version,
/// or of another form) is renamed aside, `<name>.unreadable-<time>`, never deleted, and ``load()``
/// throws ``DraftError/unreadable(path:problem:movedTo:)``.
public final class DraftStore: Sendable {
    /// The draft file.
    public let path: String
    /// The form's definition: its identity is recorded, and values read back as its fields' types.
    public let definition: FormDefinition?
    /// Whether secret values go into the file.
    public let secrets: DraftSecretPolicy

    private let environment: DurabilityEnvironment
    /// Serializes writes, so the file ends with the state saved last.
    private let writes = Mutex(0)

    /// Creates a store for the draft file `path`; nothing is read or written yet.
    ///
    /// - Parameters:
    ///   - path: The draft file; its folder must exist.
    ///   - definition: The form's definition, if it has one.
    ///   - secrets: Whether secret values are written; left out by default.
    ///   - environment: The clock that dates drafts.
    public init(
        path: String, definition: FormDefinition? = nil, secrets: DraftSecretPolicy = .omit,
        environment: DurabilityEnvironment = .live
    ) {
        self.path = path
        self.definition = definition
        self.secrets = secrets
        self.environment = environment
    }

    /// The number of drafts this store has written.
    public var saveCount: Int { writes.withLock { $0 } }

    /// Saves the form's whole editing state now.
    ///
    /// - Parameter form: The form.
    /// - Returns: The draft that was written.
    /// - Throws: ``DraftError``; the file on disk is then as it was.
    /// - Complexity: O(*n*) for *n* fields, plus two flushes to disk.
    @discardableResult
    public func save(_ form: FormContextObject) throws(DraftError) -> FormDraft {
        var draft = form.draftSnapshot(identity: ("form", 1))
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
    /// - Throws: ``DraftError``; the file on disk is then as it was.
    public func save(_ draft: FormDraft) throws(DraftError) {
        let bytes = RecordEnvelope.wrap(try draft.payload(secrets: secrets), kind: "draft")
        try writes.withLock { (count: inout Int) throws(DraftError) in
            do throws(FileOperationError) {
                try AtomicFile.write(bytes, to: path, operation: "save the draft")
            } catch {
                throw DraftError.file(error)
            }
            count += 1
        }
    }

    /// Reads the draft, or `nil` if there is none.
    ///
    /// Values are read as the definition's field types. Fields the definition no longer has (when the
    /// draft's version differs) and values that no longer fit are listed in ``FormDraft/skippedKeys``.
    /// Temporary files left by writers of this draft that died are removed.
    ///
    /// - Returns: The draft, or `nil` when the file does not exist.
    /// - Throws: ``DraftError/unreadable(path:problem:movedTo:)`` (the file moved aside) or ``DraftError/file(_:)``.
    public func load() throws(DraftError) -> FormDraft? {
        DurableFolder.removeStaleTemporaries(of: path)
        let bytes: [UInt8]?
        do { bytes = try POSIX.readFile(path, operation: "read the draft") } catch { throw .file(error) }
        guard let bytes else { return nil }
        do {
            let payload = try RecordEnvelope.unwrap(bytes, kind: "draft")
            return try FormDraft(payload: payload, definition: definition)
        } catch {
            throw .unreadable(path: path, problem: error.description, movedTo: try? DurableFolder.moveAside(path, now: environment.now()))
        }
    }

    /// Removes the draft file, for example once the form has been finalized.
    ///
    /// - Throws: ``DraftError/file(_:)``.
    public func discard() throws(DraftError) {
        do {
            try POSIX.remove(path, operation: "discard the draft")
            try POSIX.syncFolder(AtomicFile.parentFolder(of: path), operation: "discard the draft")
        } catch {
            throw .file(error)
        }
    }
}
