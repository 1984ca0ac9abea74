/// When a field is shown, enabled, required and read-only, and how its value is computed: closures over the
/// form's values, kept with the field in its definition.
struct FieldConditions: Sendable {
    var visible: (@Sendable (FormValues) -> Bool)?
    var enabled: (@Sendable (FormValues) -> Bool)?
    var required: (@Sendable (FormValues) -> Bool)?
    var readOnly: (@Sendable (FormValues) -> Bool)?
    /// The message of the error a required-when rule gives a blank field.
    var requiredMessage = "is required"
    /// Computes the field's value, boxed through the store's door by the closure itself, where the
    /// value's type is known.
    var calculation: (@Sendable (FormValues) -> StoredValue)?
    /// The type the calculation returns, to check against the field's.
    var calculationType: (id: ObjectIdentifier, name: String)?

    /// Whether the field has any rule.
    var isEmpty: Bool { visible == nil && enabled == nil && required == nil && readOnly == nil && calculation == nil }

    /// The same conditions read from inside `scope`.
    func scoped(in scope: FormScope) -> FieldConditions {
        guard !scope.prefix.isEmpty else { return self }
        return reading { $0.scoped(in: scope) }
    }

    /// The same conditions, each reading the values through `view` (a scope's, a row's).
    func reading(_ view: @escaping @Sendable (FormValues) -> FormValues) -> FieldConditions {
        var viewed = self
        viewed.visible = visible.map { condition in { @Sendable values in condition(view(values)) } }
        viewed.enabled = enabled.map { condition in { @Sendable values in condition(view(values)) } }
        viewed.required = required.map { condition in { @Sendable values in condition(view(values)) } }
        viewed.readOnly = readOnly.map { condition in { @Sendable values in condition(view(values)) } }
        viewed.calculation = calculation.map { calculation in { @Sendable values in calculation(view(values)) } }
        return viewed
    }

    /// `condition`, reading from inside `scope`.
    static func scope(
        _ condition: (@Sendable (FormValues) -> Bool)?, in scope: FormScope
    ) -> (@Sendable (FormValues) -> Bool)? {
        guard let condition else { return nil }
        return { @Sendable values in condition(values.scoped(in: scope)) }
    }
}

extension FieldDefinition {
    /// The same field, shown only while `condition` holds (ODK's `relevant`, SurveyJS's `visibleIf`).
    ///
    /// The condition reads every value of the form, hidden fields' included (a rule that decides
    /// visibility reads values, not visibility). While it does not hold the field is hidden: its value
    /// is kept (unless the definition clears hidden values) but left out of validation, of
    /// calculations and of the submission.
    ///
    /// ```swift
    /// FieldDefinition(FormKey<Int>("children")).visible(when: { $0[FormKey<Bool>("hasChildren")] == true })
    /// ```
    ///
    /// - Parameter condition: Whether the field is shown; the form re-evaluates it when a value it
    ///   read changes.
    /// - Returns: The field with the condition.
    public func visible(when condition: @escaping @Sendable (FormValues) -> Bool) -> FieldDefinition {
        var copy = self
        copy.conditions.visible = condition
        return copy
    }

    /// The same field, enabled only while `condition` holds.
    ///
    /// A disabled field keeps its value, and calculations still read it, but it is left out of
    /// validation and of the submission. ODK's `readonly`, whose value is validated and submitted,
    /// is ``readOnly(when:)``.
    ///
    /// - Parameter condition: Whether the field can be edited.
    /// - Returns: The field with the condition.
    public func enabled(when condition: @escaping @Sendable (FormValues) -> Bool) -> FieldDefinition {
        var copy = self
        copy.conditions.enabled = condition
        return copy
    }

    /// The same field, read-only while `condition` holds (ODK's `readonly`): the person filling in
    /// the form cannot change it, and the form keeps it as it is otherwise.
    ///
    /// Unlike a disabled field, a read-only field stays in validation (its required rule and its
    /// validators apply, as JavaRosa checks a read-only question) and in the submission. Only edits
    /// by the person filling in the form are refused: a ``FieldControl`` and a screen's cells leave
    /// the value alone and say why (``FormControlError/readOnly(key:)``). The program still writes it
    /// (``FormContextObject/set(_:for:origin:)``, transactions, resets, drafts), and so does its
    /// calculation. A read-only ``FieldGroup``, row (``RepeatGroup/rowReadOnly(when:)``) or repeat
    /// group makes everything under it read-only, at every depth.
    ///
    /// ```swift
    /// FieldDefinition(FormKey<String>("visitDate")).readOnly(when: { $0[FormKey<Bool>("signed")] == true })
    /// FieldDefinition(FormKey<String>("deviceID")).readOnly()
    /// ```
    ///
    /// - Parameter condition: Whether the field is read-only; always by default. The form
    ///   re-evaluates it when a value it read changes.
    /// - Returns: The field with the condition.
    public func readOnly(when condition: @escaping @Sendable (FormValues) -> Bool = { _ in true }) -> FieldDefinition {
        var copy = self
        copy.conditions.readOnly = condition
        return copy
    }

    /// The same field, required only while `condition` holds (ODK's `required` with an expression).
    ///
    /// While it holds, a missing or blank value is an error, rule `required`, before the field's
    /// other validators.
    ///
    /// - Parameters:
    ///   - condition: Whether a value is required.
    ///   - message: The message of the error; `is required` by default.
    /// - Returns: The field with the condition.
    public func required(when condition: @escaping @Sendable (FormValues) -> Bool, message: String = "is required") -> FieldDefinition {
        var copy = self
        copy.conditions.required = condition
        copy.conditions.requiredMessage = message
        return copy
    }

    /// The same field, its value computed from other fields (ODK's `calculate`).
    ///
    /// The calculation reads the visible fields (a hidden field reads as absent, as ODK leaves a
    /// non-relevant value blank; a disabled one keeps its value) and its result is written into the
    /// field with origin ``FormChangeOrigin/calculation`` whenever a value it read changes; `nil`
    /// removes the value. The field is read-only: a value written into it by anything else (the
    /// program, a reset, a restore) is replaced by the calculation's in the same mutation. It must
    /// return the field's own type: a definition whose calculation returns another type does not build.
    ///
    /// ```swift
    /// FieldDefinition(FormKey<Int>("total")).calculated { values in
    ///     (values[FormKey<Int>("adults")] ?? 0) + (values[FormKey<Int>("children")] ?? 0)
    /// }
    /// ```
    ///
    /// - Parameter calculation: Computes the value.
    /// - Returns: The field with the calculation.
    @_specialize(exported: true, where Value == Int)
    @_specialize(exported: true, where Value == String)
    @_specialize(exported: true, where Value == Bool)
    @_specialize(exported: true, where Value == Double)
    public func calculated<Value: Hashable & Sendable>(_ calculation: @escaping @Sendable (FormValues) -> Value?) -> FieldDefinition {
        // Specialized above for the commonest types: a caller's closure of one of them arrives as
        // written (a closure passed as a generic one is wrapped in two reabstraction thunks, which
        // each run would call through), and its result is boxed by code compiled for its type.
        var copy = self
        copy.conditions.calculation = { values in calculation(values).map { StoredValue.boxing($0) } ?? .absent }
        copy.conditions.calculationType = (ObjectIdentifier(Value.self), typeName(of: Value.self))
        return copy
    }

    /// Whether the field has a visibility, enabled, required or read-only condition, or a calculation.
    var hasRules: Bool { !conditions.isEmpty }
}
