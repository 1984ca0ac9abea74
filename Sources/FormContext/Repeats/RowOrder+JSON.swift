extension RowOrder {
    /// The order a JSON array of row ids holds (`["r1", "r3"]`), as drafts save it.
    ///
    /// - Throws: ``JSONMismatch`` unless `json` is an array of distinct row ids, none numbered above
    ///   ``RowID/largestReadNumber``.
    /// - Complexity: O(*n*) for *n* rows.
    init(json: JSONValue) throws(JSONMismatch) {
        guard case .array(let items) = json else { throw JSONMismatch(expected: "RowOrder", found: json, isUnsupported: false) }
        var ids: [RowID] = []
        ids.reserveCapacity(items.count)
        var seen: Set<RowID> = []
        for item in items {
            guard case .string(let text) = item, let id = RowID(text), id.number <= RowID.largestReadNumber, seen.insert(id).inserted else {
                throw JSONMismatch(expected: "RowOrder", found: json, isUnsupported: false)
            }
            ids.append(id)
        }
        self.init(ids)
    }
}

extension RowID {
    /// The largest row number read from JSON or a draft: far enough below `Int.max` that a form can
    /// go on numbering new rows after it.
    static let largestReadNumber = 1 << 52

    /// Whether a live form can give a row this id: numbered from 1 to ``largestReadNumber``.
    var isInRange: Bool { number >= 1 && number <= RowID.largestReadNumber }

    /// What validation and ``RepeatGroupError/invalidRow(group:id:)`` say of an id out of range.
    var outOfRangeMessage: String { "holds row \(self); row ids run from r1 to r\(RowID.largestReadNumber)" }
}
