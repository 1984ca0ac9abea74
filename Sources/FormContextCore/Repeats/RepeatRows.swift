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
        outer.inRow(RowScope(group: key, id: id, outerPrefix: outer.prefix, parent: outer.row.flatMap { $0.prefix == outer.prefix ? $0 : nil }))
    }
}
