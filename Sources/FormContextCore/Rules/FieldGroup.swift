/// A group of fields: every field whose key lies under a scope (`household.` for `household.size`),
/// shown and enabled together, as ODK's groups and SurveyJS's panels are.
///
/// A hidden group hides every field under it, a disabled group disables every field under it, and a
/// read-only group makes every field under it read-only, whatever the fields' own rules say; groups
/// nest (a field under `a.b.` belongs to `a` and `a.b`).
///
/// ```swift
/// let household = FieldGroup("household").visible(when: { $0[FormKey<Bool>("livesAlone")] != true })
/// let definition = try FormDefinition(fields, groups: [household])
/// ```
public struct FieldGroup: Sendable {
    /// The scope whose fields the group holds.
    let scope: FormScope
    var visible: (@Sendable (FormValues) -> Bool)?
    var enabled: (@Sendable (FormValues) -> Bool)?
    var readOnly: (@Sendable (FormValues) -> Bool)?

    /// The group of the fields under `scope`.
    ///
    /// - Parameter scope: The scope; its fields' keys start with its prefix and a dot.
    init(_ scope: FormScope) {
        self.scope = scope
    }

    /// The group of the fields under the prefix `prefix`.
    ///
    /// - Parameter prefix: The prefix, without the dot.
    public init(_ prefix: String) {
        self.init(FormScope(prefix))
    }

    /// The same group, shown only while `condition` holds; it reads every value, as a field's
    /// visibility rule does.
    ///
    /// - Parameter condition: Whether the group's fields are shown.
    /// - Returns: The group with the condition.
    public func visible(when condition: @escaping @Sendable (FormValues) -> Bool) -> FieldGroup {
        var copy = self
        copy.visible = condition
        return copy
    }

    /// The same group, enabled only while `condition` holds.
    ///
    /// - Parameter condition: Whether the group's fields can be edited.
    /// - Returns: The group with the condition.
    public func enabled(when condition: @escaping @Sendable (FormValues) -> Bool) -> FieldGroup {
        var copy = self
        copy.enabled = condition
        return copy
    }

    /// The same group, read-only while `condition` holds (ODK's `readonly` on a group): every field
    /// under it is read-only, as ``FieldDefinition/readOnly(when:)`` makes one field, and stays in
    /// validation and submission.
    ///
    /// - Parameter condition: Whether the group's fields are read-only; always by default.
    /// - Returns: The group with the condition.
    public func readOnly(when condition: @escaping @Sendable (FormValues) -> Bool = { _ in true }) -> FieldGroup {
        var copy = self
        copy.readOnly = condition
        return copy
    }

    /// Whether the group has a condition.
    var hasConditions: Bool { visible != nil || enabled != nil || readOnly != nil }

    /// The same group inside `outer`: its scope, and the keys its rules read, move under it.
    ///
    /// - Parameter outer: The enclosing scope.
    /// - Returns: The scoped group.
    func scoped(in outer: FormScope) -> FieldGroup {
        guard !outer.prefix.isEmpty else { return self }
        var copy = FieldGroup(outer.appending(scope.prefix))
        copy.visible = FieldConditions.scope(visible, in: outer)
        copy.enabled = FieldConditions.scope(enabled, in: outer)
        copy.readOnly = FieldConditions.scope(readOnly, in: outer)
        return copy
    }
}

/// What a form does with the value of a field that becomes hidden.
public enum HiddenValues: String, Hashable, Sendable, CaseIterable {
    /// Keeps it: the field has its value back when it is shown again (ODK, Enketo). The default.
    case kept
    /// Clears it (SurveyJS's `clearInvisibleValues: "onHidden"`): the value is removed, with origin
    /// ``FormChangeOrigin/calculation``, when the rules hide the field (its own visibility rule or a
    /// group's; hiding it with ``FormContextObject/setVisible(_:for:)`` keeps it). A calculated field
    /// holds no value while the rules hide it, and takes its calculation's value again when shown.
    ///
    /// A visibility rule then decides its fields' values too: the rules that read them run after it,
    /// and two visibility rules that read each other's fields form a cycle.
    case cleared
}
