/// The rows of a repeat group as a rule or validator reads them: each row a ``FormValues`` that
/// reads the row's fields by name.
///
/// ```swift
/// let oldest = values.rows(of: "members").compactMap { $0[FormKey<Int>("age")] }.max()
/// ```
public struct RepeatRows: RandomAccessCollection {
    /// The group's full key.
    let key: String
    /// The rows' ids, in order.
    let order: RowOrder
    /// The values outside the group.
    let outer: FormValues

    public var startIndex: Int { 0 }
    public var endIndex: Int { order.count }

    /// The values of the row at `position`.
    public subscript(position: Int) -> FormValues {
        row(order[position])
    }

    /// The values of the row `id`.
    ///
    /// - Parameter id: A row of the group.
    /// - Returns: A reader of the row's fields by name.
    public func row(_ id: RowID) -> FormValues {
        let parent = enclosingRow
        return outer.inRow(RowScope(group: key, id: id, outerPrefix: parent?.prefix ?? outer.prefix, parent: parent))
    }

    /// The row the group lies in, worked out from the group's key, however the rows were reached:
    /// the reader's own row for a group of that row (`members`, read in household `r1`), the rows
    /// the key names for a key that reaches into rows (`households.r1.members`, read from the form),
    /// each with the row it lies in; `nil` for a group of the form.
    ///
    /// - Complexity: O(*k*) for a key of length *k*.
    var enclosingRow: RowScope? {
        var parent = outer.row.flatMap { $0.prefix == outer.prefix ? $0 : nil }
        var scopePrefix = outer.prefix
        // Split byte for byte at `.`, as keys are matched.
        let parts = key.utf8.dropFirst(outer.prefix.utf8.count).split(separator: UInt8(ascii: "."), omittingEmptySubsequences: false)
            .map { Substring($0) }
        var groupStart = 0
        // `group.rN.rest`: row rN of `group`, with a name after it.
        for position in parts.indices where position > groupStart && position < parts.count - 1 {
            guard let id = RowID(parts[position]) else { continue }
            let group = scopePrefix + parts[groupStart..<position].joined(separator: ".")
            let row = RowScope(group: group, id: id, outerPrefix: scopePrefix, parent: parent)
            parent = row
            scopePrefix = row.prefix
            groupStart = position + 1
        }
        return parent
    }
}
