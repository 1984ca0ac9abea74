/// What changed on a ``LiveScreen`` from one version to the next, as a table view's batch update
/// takes it.
///
/// Deletions are positions *before* the update, insertions positions *after* it, as
/// `UITableView.performBatchUpdates(_:)` reads them: delete ``deletedSections`` and ``deletedRows``,
/// insert ``insertedSections`` and ``insertedRows``, in one batch. Rows inside a deleted or inserted
/// section are not listed: the section carries them. Then, after the batch, update in place the
/// footers of ``updatedFooters`` and the rows of ``updatedRows`` (new positions; sections and rows
/// that were there before and still are).
///
/// Every list is in ascending order. Applying the deletions and then the insertions to the visible
/// sections of version ``version`` − 1 gives those of ``version``.
public struct ScreenDiff: Hashable, Sendable, CustomStringConvertible {
    /// The version the diff leads to; the one before is `version - 1`.
    public let version: Int
    /// Sections hidden, by their position among the visible sections before.
    public internal(set) var deletedSections: [Int] = []
    /// Sections shown, by their position among the visible sections after.
    public internal(set) var insertedSections: [Int] = []
    /// Rows hidden in sections that stay, by their positions before.
    public internal(set) var deletedRows: [RowPath] = []
    /// Rows shown in sections that stay, by their positions after.
    public internal(set) var insertedRows: [RowPath] = []
    /// Sections that stay whose footer changed, by their positions after.
    public internal(set) var updatedFooters: [Int] = []
    /// Rows that stay whose value changed, or whose field became read-only or editable
    /// (``VisibleRow/isReadOnly``), by their positions after.
    public internal(set) var updatedRows: [RowPath] = []

    /// An empty diff leading to `version`.
    init(version: Int) {
        self.version = version
    }

    /// Puts every list in ascending order.
    mutating func sortLists() {
        deletedSections.sort()
        insertedSections.sort()
        deletedRows.sort()
        insertedRows.sort()
        updatedFooters.sort()
        updatedRows.sort()
    }

    /// Whether nothing changed.
    var isEmpty: Bool {
        deletedSections.isEmpty && insertedSections.isEmpty && deletedRows.isEmpty && insertedRows.isEmpty
            && updatedFooters.isEmpty && updatedRows.isEmpty
    }

    /// Whether sections or rows were deleted or inserted (a batch update is needed), rather than only
    /// updated in place.
    var changesStructure: Bool {
        !deletedSections.isEmpty || !insertedSections.isEmpty || !deletedRows.isEmpty || !insertedRows.isEmpty
    }

    /// The non-empty parts, such as `version 3: delete sections [1, 2]; update footers [0]`.
    public var description: String {
        var parts: [String] = []
        if !deletedSections.isEmpty { parts.append("delete sections \(deletedSections)") }
        if !insertedSections.isEmpty { parts.append("insert sections \(insertedSections)") }
        if !deletedRows.isEmpty { parts.append("delete rows \(deletedRows)") }
        if !insertedRows.isEmpty { parts.append("insert rows \(insertedRows)") }
        if !updatedFooters.isEmpty { parts.append("update footers \(updatedFooters)") }
        if !updatedRows.isEmpty { parts.append("update rows \(updatedRows)") }
        return "version \(version): " + (parts.isEmpty ? "no change" : parts.joined(separator: "; "))
    }
}
