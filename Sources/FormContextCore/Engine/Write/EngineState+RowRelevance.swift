/// Rows shown and hidden by their own condition (``RepeatGroup/rowVisible(when:)``): everything
/// under the row's key follows the condition as the members of a group of the rules; the group
/// counts the rows it shows, and submits them alone.
extension EngineState {
    /// Follows the visibility rule of the group of `prefix` deciding `hidden`: when `prefix` is the
    /// key of a row (`households.r1.members.r2`), the row's group counts it among its rows shown or not.
    ///
    /// - Complexity: O(*d*) for *d* dots in `prefix`, plus the summaries of the row count.
    mutating func rowVisibilityDidChange(prefix: String, hidden: Bool, into changes: inout ChangeSet) {
        guard let dot = prefix.lastIndex(of: "."), let id = RowID(prefix[prefix.index(after: dot)...]),
            let index = repeats.group(withKey: String(prefix[..<dot])), repeats.groups[index].rows[id] != nil,
            repeats.groups[index].hiddenRows.contains(id) != hidden
        else { return }
        repeats.update(index) { group in
            if hidden { group.hiddenRows.insert(id) } else { group.hiddenRows.remove(id) }
        }
        updateRowCount(ofGroup: index, into: &changes)
    }

    /// The values that take part in validation and submission: those of the visible, enabled fields,
    /// each group's order holding the rows it shows.
    ///
    /// - Complexity: O(*n*) for *n* fields, plus O(*r*) for the *r* rows of each group hiding a row.
    var activeContext: FormContext {
        var context = fields.activeContext
        for group in repeats.groups where group.isAttached && !group.hiddenRows.isEmpty {
            let key = group.definition.key
            guard context.storage[key] != nil else { continue }
            context.storage[key] = AnyHashable(RowOrder(group.order.filter { !group.hiddenRows.contains($0) }))
        }
        return context
    }
}
