/// Why an operation on the rows of a repeat group was refused. Nothing changed.
public enum RepeatGroupError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The form's definition has no repeat group with key `key`.
    case unknownGroup(String)
    /// The group has no row `id`.
    case unknownRow(group: String, id: RowID)
    /// The group already has its maximum number of rows.
    case tooManyRows(group: String, maximum: Int)
    /// The group's key holds a value that is not a ``RowOrder`` (its type is named).
    case notAnOrder(group: String, found: String)

    /// A one-line message naming the group and what is wrong.
    public var description: String {
        switch self {
        case .unknownGroup(let key): "no repeat group '\(key)'"
        case .unknownRow(let group, let id): "repeat group '\(group)' has no row \(id)"
        case .tooManyRows(let group, let maximum): "repeat group '\(group)' already has its maximum of \(maximum) rows"
        case .notAnOrder(let group, let found): "repeat group '\(group)' holds \(found), not a RowOrder"
        }
    }
}
