extension Screen {
    /// The same screen for a nested model, inside `scope`: every key a cell binds, every key a
    /// condition, footer or value reads, and the screens its detail cells open move under the scope's
    /// prefix — the seed's `bind(form:to:)`, on the package's scopes.
    ///
    /// A screen written for a `Hotspot` (keys `isEnabled`, `password`) becomes the screen of a
    /// `Settings` form that keeps the hotspot under `hotspot.`:
    ///
    /// ```swift
    /// let settings = Screen("Settings") {
    ///     DetailCell("Personal Hotspot", value: { $0[FormKey<Bool>("hotspot.isEnabled")] == true ? "On" : "Off" }) {
    ///         hotspotScreen.scoped(in: FormScope("hotspot"))
    ///     }
    /// }
    /// ```
    ///
    /// Conditions and values read through a view of the scope (they read `isEnabled`, the form holds
    /// `hotspot.isEnabled`): nothing is copied, and nested screens are still built only when opened.
    ///
    /// - Parameter scope: The scope; the root scope returns the screen unchanged.
    /// - Returns: The scoped screen.
    /// - Complexity: O(*n*) for *n* sections and cells.
    public func scoped(in scope: FormScope) -> Screen {
        guard !scope.prefix.isEmpty else { return self }
        return Screen(title, sections: sections.map { $0.scoped(in: scope) }, popsOnCommit: popsOnCommit)
    }
}

extension FormSection {
    /// The same section inside `scope`; see ``Screen/scoped(in:)``.
    ///
    /// - Parameter scope: The scope; the root scope returns the section unchanged.
    /// - Returns: The scoped section.
    /// - Complexity: O(*n*) for *n* cells.
    func scoped(in scope: FormScope) -> FormSection {
        guard !scope.prefix.isEmpty else { return self }
        var scoped = FormSection(title, cells: cells.map { $0.scoped(in: scope) })
        if let footer { scoped.footer = { values in footer(values.scoped(in: scope)) } }
        scoped.repeating = repeating?.scoped(in: scope)
        scoped.condition = FieldConditions.scope(condition, in: scope)
        return scoped
    }
}

extension Cell {
    /// The same cell inside `scope`; see ``Screen/scoped(in:)``.
    ///
    /// - Parameter scope: The scope; the root scope returns the cell unchanged.
    /// - Returns: The scoped cell.
    func scoped(in scope: FormScope) -> Cell {
        guard !scope.prefix.isEmpty else { return self }
        let display = self.display
        var scoped = Cell(
            kind: kind, title: title, key: key.map(scope.key), isSecure: isSecure, options: options,
            role: role?.scoped(in: scope), textFormat: textFormat, destination: destination.map { destination in
                { @Sendable in destination().scoped(in: scope) }
            },
            display: { values in display(values.scoped(in: scope)) })
        scoped.condition = FieldConditions.scope(condition, in: scope)
        return scoped
    }
}

extension ButtonRole {
    /// The same role inside `scope`: an action is given the scope it is bound under.
    func scoped(in scope: FormScope) -> ButtonRole {
        switch self {
        case .submit:
            return .submit
        case .action(let action):
            return .action { form, outer in await action(form, outer.appending(scope.prefix)) }
        case .addRow(let group):
            return .addRow(group: scope.key(group))
        case .removeRow(let group, let row):
            return .removeRow(group: scope.key(group), row: row)
        }
    }
}
