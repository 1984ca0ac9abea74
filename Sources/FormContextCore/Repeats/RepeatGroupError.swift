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
    /// The group's key holds an order with row `id`, which no row can have: row ids run from `r1` to
    /// `r4503599627370496`. The rows stay as they were until the key holds an order the form can take.
    case invalidRow(group: String, id: RowID)
    /// The group has given row ids up to the largest, `r4503599627370496`, and has none left for a
    /// new row: ids are never given twice, and none above it would read back from JSON or a draft.
    case noRowIDLeft(group: String)
    /// A value given for the field `key` of a new row (its full key, `members.r3.age`) has type
    /// `found`, not the field's type `expected`.
    case typeMismatch(key: String, expected: String, found: String)

    /// A one-line message naming the group and what is wrong.
    public var description: String {
        switch self {
        case .unknownGroup(let key): "no repeat group '\(key)'"
        case .unknownRow(let group, let id): "repeat group '\(group)' has no row \(id)"
        case .tooManyRows(let group, let maximum): "repeat group '\(group)' already has its maximum of \(maximum) rows"
        case .notAnOrder(let group, let found): "repeat group '\(group)' holds \(found), not a RowOrder"
        case .invalidRow(let group, let id): "repeat group '\(group)' \(id.outOfRangeMessage)"
        case .noRowIDLeft(let group): "repeat group '\(group)' has no row id left: it has given ids up to r\(RowID.largestNumber), the largest"
        case .typeMismatch(let key, let expected, let found): "wrong type for row field '\(key)': expected \(expected), found \(found)"
        }
    }
}
