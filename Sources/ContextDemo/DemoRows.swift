import FormContext

/// The rows of a form's repeat groups as the demo prints them: by position in their group's order
/// (`members[1].age`), as in the submission's JSON and its errors, rather than by row key
/// (`members.r2.age`).
struct DemoRows {
    /// Each group's rows, in order.
    let orders: [String: RowOrder]
    /// Each group's rows' positions.
    private let positions: [String: [RowID: Int]]

    /// The groups of `values`: the keys holding a `RowOrder`.
    init(_ values: FormContext) {
        var orders: [String: RowOrder] = [:]
        for (key, value) in values.values { if let order = value as? RowOrder { orders[key] = order } }
        self.orders = orders
        positions = orders.mapValues { order in Dictionary(zip(order, order.indices), uniquingKeysWith: { first, _ in first }) }
    }

    /// The group and the position of the row a key belongs to, and the key within the row; `nil`
    /// for a key outside every row.
    func place(of key: String) -> (group: String, position: Int, field: String)? {
        // The innermost group holding the key: `households.r1.members` rather than `households`.
        for (group, positions) in positions.sorted(by: { $0.key.count > $1.key.count }) where key.hasPrefix(group + ".r") {
            let rest = key.dropFirst(group.count + 1)
            guard let dot = rest.firstIndex(of: "."), let id = RowID(String(rest[..<dot])),
                let position = positions[id]
            else { continue }
            return (group, position, String(rest[rest.index(after: dot)...]))
        }
        return nil
    }

    /// `key` with its rows named by position at every level: `members[1].age` for `members.r2.age`,
    /// `households[0].members[1].age` for `households.r1.members.r2.age`.
    func positional(_ key: String) -> String {
        guard let place = place(of: key) else { return key }
        return "\(positional(place.group))[\(place.position)].\(place.field)"
    }

    /// Every field of `values` as a `key: value` line, sorted by key, a group's line giving its number
    /// of rows and followed by its rows' fields in row order; secret values masked unless revealed.
    ///
    /// - Complexity: O(*n* log *n*) for *n* keys.
    static func lines(of values: FormContext, revealingSecrets: Bool) -> [String] {
        let rows = DemoRows(values)
        guard !rows.orders.isEmpty else { return values.lines(revealingSecrets: revealingSecrets) }
        var fieldsOfRows: [String: [[String]]] = rows.orders.mapValues { Array(repeating: [], count: $0.count) }
        var outside: [String] = []
        for key in values.values.keys.sorted() {
            if let place = rows.place(of: key) {
                fieldsOfRows[place.group]?[place.position].append(key)
            } else {
                outside.append(key)
            }
        }
        func line(_ key: String, shownAs name: String) -> String {
            "\(name): \(values.displayValue(for: key, revealingSecrets: revealingSecrets))"
        }
        // A group's line, then its rows' fields, a group inside a row in its turn.
        func group(_ key: String) -> [String] {
            guard let order = rows.orders[key], let fields = fieldsOfRows[key] else { return [line(key, shownAs: rows.positional(key))] }
            let header = "\(rows.positional(key)): \(order.count) \(order.count == 1 ? "row" : "rows")"
            return [header] + fields.flatMap { $0.flatMap(group) }
        }
        return outside.flatMap(group)
    }
}
