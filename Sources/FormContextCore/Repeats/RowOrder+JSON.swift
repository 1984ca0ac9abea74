extension RowOrder {
    /// The order a JSON array of row ids holds (`["r1", "r3"]`), as drafts save it.
    ///
    /// - Throws: ``JSONMismatch`` unless `json` is an array of distinct row ids, none numbered above
    ///   ``RowID/largestNumber`` (the largest a form gives).
    /// - Complexity: O(*n*) for *n* rows.
    init(json: JSONValue) throws(JSONMismatch) {
        guard case .array(let items) = json else { throw JSONMismatch(expected: "RowOrder", found: json, isUnsupported: false) }
        var ids: [RowID] = []
        ids.reserveCapacity(items.count)
        var seen: Set<RowID> = []
        for item in items {
            guard case .string(let text) = item, let id = RowID(text), id.number <= RowID.largestNumber, seen.insert(id).inserted else {
                throw JSONMismatch(expected: "RowOrder", found: json, isUnsupported: false)
            }
            ids.append(id)
        }
        self.init(ids)
    }
}

extension RowID {
    /// The largest row number: a live form gives ids up to it and no further, and JSON and drafts
    /// are read with ids up to it, so every id a form holds reads back. Far below `Int.max`, so that
    /// counting past it never overflows.
    static let largestNumber = 1 << 52

    /// Whether a live form can give a row this id: numbered from 1 to ``largestNumber``.
    var isInRange: Bool { number >= 1 && number <= RowID.largestNumber }

    /// What validation and ``RepeatGroupError/invalidRow(group:id:)`` say of an id out of range.
    var outOfRangeMessage: String { "holds row \(self); row ids run from r1 to r\(RowID.largestNumber)" }
}

extension RepeatState.Group {
    /// How many more rows the group can make: one for each number from its next to
    /// ``RowID/largestNumber``.
    var rowIDsLeft: Int { Swift.max(0, RowID.largestNumber - nextNumber + 1) }
}
