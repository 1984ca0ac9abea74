/// The JSON object of a submission, arranged once when the submission is made: each value encoded,
/// and each repeat group gathered into its rows.
///
/// A key holding a ``RowOrder`` is a repeat group. Its rows' fields (`members.r3.name`) are not
/// members of their own: they are gathered under the group, one object per row in the order's order,
/// each keyed relative to the row (`name`). A row may hold a group in turn (`members.r3.visits`), the
/// same way. Secrecy is kept per value, so a secret field of a row is masked where the submission
/// masks secrets.
struct SubmittedJSON: Sendable {
    /// One value, or one group's rows.
    indirect enum Node: Sendable {
        case value(JSONValue, isSecret: Bool)
        case rows([Row])
    }

    /// One member of an object: a key (relative to its row, inside a group) and what it holds.
    struct Member: Sendable {
        let key: String
        let node: Node
    }

    /// One row of a group: its id and its fields, sorted by key.
    struct Row: Sendable {
        let id: RowID
        let members: [Member]
    }

    /// The name of the member that carries a row's id when ids are asked for.
    static let rowIDMember = "$row"

    /// The members of the top-level object, sorted by key.
    let members: [Member]

    /// Arranges `values`.
    ///
    /// - Parameters:
    ///   - values: The submitted values, with their secret keys.
    ///   - sortedKeys: The keys of `values`, sorted.
    ///   - declaredGroups: The repeat groups a definition declares; keys of their rows, and of the
    ///     rows of the groups inside those rows at every depth, are left out when the group is not
    ///     submitted (it is hidden or disabled) or the row is not in its order.
    /// - Throws: ``SubmissionError`` naming the first key, in key order, whose value JSON cannot hold;
    ///   a field of a row is named by the row's position, from 0: `members[2].ratio`.
    /// - Complexity: O(*n* log *n* + *n*·*d*) for *n* values whose keys hold *d* dots.
    init(_ values: FormContext, sortedKeys: [String], declaredGroups: [RepeatGroup]) throws(SubmissionError) {
        let entries = sortedKeys.compactMap { key in
            values.storage[key].map { Entry(key: key, value: $0, isSecret: values.secureKeys.contains(key)) }
        }
        members = try Self.arrange(entries, declaredGroups: Self.byKey(declaredGroups), path: "")
    }

    /// A value to arrange: its key relative to the object being built.
    struct Entry {
        let key: String
        let value: AnyHashable
        let isSecret: Bool
    }

    /// The members of one object from its entries (sorted by key), rows gathered under their groups.
    ///
    /// - Parameters:
    ///   - declaredGroups: The groups declared at this level, by key: the definition's at the top,
    ///     the groups inside the row's group in a row.
    ///   - path: How errors name the object: empty at the top, `members[2].` inside a row.
    private static func arrange(_ entries: [Entry], declaredGroups: [String: RepeatGroup], path: String) throws(SubmissionError) -> [Member] {
        let layout = RowLayout(entries.lazy.map { ($0.key, $0.value) })
        guard !layout.isEmpty || !declaredGroups.isEmpty else {
            return try entries.map { entry throws(SubmissionError) in
                Member(key: entry.key, node: .value(try JSONValue(converting: entry.value.base, key: path + entry.key), isSecret: entry.isSecret))
            }
        }
        // First where each value goes, then the encoding in key order (a group's rows at the group's
        // key), so the error is about the first key that fails.
        let declaredKeys = Set(declaredGroups.keys)
        var rowEntries: [String: [RowID: [Entry]]] = [:]
        var topLevel: [Entry] = []
        for entry in entries {
            // A group inside a row (`members.r3.visits`) belongs to the row, and is arranged with it.
            if let place = layout.row(holding: entry.key) {
                rowEntries[place.group, default: [:]][place.id, default: []].append(
                    Entry(key: place.field, value: entry.value, isSecret: entry.isSecret))
            } else if !RowLayout.looksLikeRowKey(entry.key, ofAnyOf: declaredKeys) {
                topLevel.append(entry)
            }
        }
        var members: [Member] = []
        members.reserveCapacity(topLevel.count)
        for entry in topLevel {
            guard let group = layout.orders[entry.key] else {
                let json = try JSONValue(converting: entry.value.base, key: path + entry.key)
                members.append(Member(key: entry.key, node: .value(json, isSecret: entry.isSecret)))
                continue
            }
            let byRow = rowEntries[entry.key] ?? [:]
            // A row's own groups are declared too: their rows' keys are left out the same way.
            let inner = Self.byKey(declaredGroups[entry.key]?.innerGroups ?? [])
            var rows: [Row] = []
            rows.reserveCapacity(group.order.count)
            for (index, id) in group.order.enumerated() {
                let fields = try arrange(byRow[id] ?? [], declaredGroups: inner, path: path + entry.key + "[\(index)].")
                rows.append(Row(id: id, members: fields))
            }
            members.append(Member(key: entry.key, node: .rows(rows)))
        }
        return members
    }

    /// `groups` by key; of two under one key, the first.
    private static func byKey(_ groups: [RepeatGroup]) -> [String: RepeatGroup] {
        Dictionary(groups.map { ($0.key, $0) }, uniquingKeysWith: { first, _ in first })
    }

    // MARK: Rendering

    /// The object as JSON.
    ///
    /// - Parameters:
    ///   - maskingSecrets: Whether secret values are written as the mask.
    ///   - includingRowIDs: Whether each row's object carries its id as `"$row": "r3"`.
    func rendered(maskingSecrets: Bool, includingRowIDs: Bool) -> JSONValue {
        Self.object(members, maskingSecrets: maskingSecrets, includingRowIDs: includingRowIDs)
    }

    /// One member's JSON.
    static func rendered(_ node: Node, maskingSecrets: Bool, includingRowIDs: Bool) -> JSONValue {
        switch node {
        case .value(let json, let isSecret):
            return maskingSecrets && isSecret ? .string(SecretDisplay.mask) : json
        case .rows(let rows):
            return .array(rows.map { row in
                var object = object(row.members, maskingSecrets: maskingSecrets, includingRowIDs: includingRowIDs)
                if includingRowIDs, case .object(var fields) = object {
                    fields[rowIDMember] = .string(row.id.description)
                    object = .object(fields)
                }
                return object
            })
        }
    }

    private static func object(_ members: [Member], maskingSecrets: Bool, includingRowIDs: Bool) -> JSONValue {
        var fields = JSONObject()
        for member in members {
            fields[member.key] = rendered(member.node, maskingSecrets: maskingSecrets, includingRowIDs: includingRowIDs)
        }
        return .object(fields)
    }
}
