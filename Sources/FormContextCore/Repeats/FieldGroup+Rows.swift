extension FieldGroup {
    /// The same group as a group of one row: its scope under the row (`members.r3.vitals`), its
    /// conditions reading the row's fields by name, as the row's fields' rules do.
    ///
    /// - Parameter row: The row.
    /// - Returns: The group in that row.
    func inRow(_ row: RowScope) -> FieldGroup {
        var copy = FieldGroup(FormScope(row.prefix + scope.prefix))
        copy.visible = visible.map { condition in { @Sendable values in condition(values.inRow(row)) } }
        copy.enabled = enabled.map { condition in { @Sendable values in condition(values.inRow(row)) } }
        return copy
    }
}
