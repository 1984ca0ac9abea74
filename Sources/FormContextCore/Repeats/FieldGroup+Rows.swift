extension FieldGroup {
    /// The same group as a group of one row: its scope under the row (`members.r3.vitals`), its
    /// conditions reading the row's fields by name, as the row's fields' rules do.
    ///
    /// - Parameter row: The row.
    /// - Returns: The group in that row.
    func inRow(_ row: RowScope) -> FieldGroup {
        FieldGroup(FormScope(row.prefix + scope.prefix)).withConditions(of: self, inRow: row)
    }

    /// This group with the conditions of `other`, each reading from inside `row`.
    func withConditions(of other: FieldGroup, inRow row: RowScope) -> FieldGroup {
        var copy = self
        copy.visible = other.visible.map { condition in { @Sendable values in condition(values.inRow(row)) } }
        copy.enabled = other.enabled.map { condition in { @Sendable values in condition(values.inRow(row)) } }
        copy.readOnly = other.readOnly.map { condition in { @Sendable values in condition(values.inRow(row)) } }
        return copy
    }
}
