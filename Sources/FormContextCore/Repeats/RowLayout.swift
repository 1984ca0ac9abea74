/// Where the rows of repeat groups lie among the keys of a set of values: every key that holds a
/// ``RowOrder`` is a group, and a key `group.rN.field` whose `rN` is in that order is a field of one
/// of its rows.
///
/// This reads the values alone, so it serves wherever values travel without their definition
/// (a submission built from a context).
struct RowLayout {
    /// A group: its order, and its rows as a set.
    struct Group {
        let order: RowOrder
        let ids: Set<RowID>
    }

    /// Where a key of a row lies: the group's key, the row and the field's key relative to the row.
    struct Place {
        let group: String
        let id: RowID
        let field: String
    }

    /// The groups, by key.
    let orders: [String: Group]

    /// Finds the groups among `values`.
    ///
    /// - Complexity: O(*n*) for *n* values, plus O(*r*) for the *r* rows of the groups found.
    init(_ values: some Sequence<(String, AnyHashable)>) {
        var orders: [String: Group] = [:]
        for (key, value) in values {
            if let order = value.base as? RowOrder { orders[key] = Group(order: order, ids: Set(order)) }
        }
        self.orders = orders
    }

    /// Whether there is no group.
    var isEmpty: Bool { orders.isEmpty }

    /// The row `key` belongs to, in the outermost group that holds it; `nil` for a key of no row.
    ///
    /// - Complexity: O(*d*·*k*) for a key of length *k* holding *d* dots.
    func row(holding key: String) -> Place? {
        guard !orders.isEmpty else { return nil }
        return Self.place(of: key) { prefix, id in orders[prefix]?.ids.contains(id) == true }
    }

    /// Whether `key` is shaped as a key of a row of one of `groups` (`members.r3.name` for
    /// `members`), whatever rows the group has.
    static func looksLikeRowKey(_ key: String, ofAnyOf groups: Set<String>) -> Bool {
        guard !groups.isEmpty else { return false }
        return place(of: key) { prefix, _ in groups.contains(prefix) } != nil
    }

    /// The first split of `key` as `prefix.rN.field` (field not empty) that `accepts`.
    private static func place(of key: String, accepts: (String, RowID) -> Bool) -> Place? {
        let utf8 = key.utf8
        var index = utf8.startIndex
        while let dot = utf8[index...].firstIndex(of: UInt8(ascii: ".")) {
            let afterDot = utf8.index(after: dot)
            if let nextDot = utf8[afterDot...].firstIndex(of: UInt8(ascii: ".")), utf8.index(after: nextDot) < utf8.endIndex,
                let id = RowID(String(decoding: utf8[afterDot..<nextDot], as: UTF8.self))
            {
                // Sliced by bytes, not by `Character`: a `.` followed by a combining mark still separates.
                let prefix = String(decoding: utf8[..<dot], as: UTF8.self)
                if accepts(prefix, id) {
                    return Place(group: prefix, id: id, field: String(decoding: utf8[utf8.index(after: nextDot)...], as: UTF8.self))
                }
            }
            index = afterDot
        }
        return nil
    }
}
