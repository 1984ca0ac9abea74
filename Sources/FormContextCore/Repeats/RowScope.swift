/// Where a reader inside a row of a repeat group reads from: the group, the row, the scope the
/// group was defined in, and, for a group inside a row of another, that row.
struct RowScope: Hashable, Sendable {
    /// The group's full key.
    let group: String
    /// The row.
    let id: RowID
    /// The prefix (with its trailing dot) of the scope the group was defined in; empty at the root.
    let outerPrefix: String
    /// The prefix of the row's fields, with its trailing dot: `members.r3.`.
    let prefix: String
    /// The row the group lies in, for a group inside a row of another: none, or that one row.
    private let enclosing: [RowScope]

    init(group: String, id: RowID, outerPrefix: String, parent: RowScope? = nil) {
        self.group = group
        self.id = id
        self.outerPrefix = outerPrefix
        prefix = group + "." + id.description + "."
        enclosing = parent.map { [$0] } ?? []
    }

    /// The row `id` of `group`: the group's key, the scope it was defined in and the row it lies in.
    init(in group: RepeatGroup, id: RowID) {
        self.init(group: group.key, id: id, outerPrefix: group.outerPrefix, parent: group.enclosingRow)
    }

    /// The row the group lies in, for a group inside a row of another group.
    var parent: RowScope? { enclosing.first }

    /// The same position in the row `other`.
    func moved(to other: RowID) -> RowScope {
        RowScope(group: group, id: other, outerPrefix: outerPrefix, parent: parent)
    }
}

/// The keys a live form records for reads that are not of a field's value: a row's neighbours and
/// a group's statistics. They begin with a control character no field key is expected to hold, and
/// are shown readably in explanations.
enum RowSignalKey {
    static let marker: Character = "\u{1}"

    /// The key of the row before (`previous`) or after `id` in `group`.
    static func neighbour(of id: RowID, in group: String, previous: Bool) -> String {
        "\u{1}" + group + "." + id.description + (previous ? "\u{1}previous" : "\u{1}next")
    }

    /// The key of the statistic at `index` of `group`.
    static func statistic(_ index: Int, of group: String) -> String {
        "\u{1}" + group + "\u{1}statistic\u{1}" + String(index)
    }

    /// `key` as a person reads it: `members.r3 (previous row)`, `members (rows)`; other keys as they are.
    static func readable(_ key: String) -> String {
        guard key.first == marker else { return key }
        let parts = key.dropFirst().split(separator: marker, omittingEmptySubsequences: false)
        guard parts.count >= 2 else { return key }
        switch parts[1] {
        case "previous": return parts[0] + " (previous row)"
        case "next": return parts[0] + " (next row)"
        default: return parts[0] + " (rows)"
        }
    }
}
