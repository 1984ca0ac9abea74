/// The fields of a form and how to validate them, as a `Sendable` value.
///
/// The same definition validates a live ``FormContextObject`` (give it
/// to ``FormContextObject/init(definition:values:options:)``)
/// and a plain ``FormContext``, so a server checks a submitted dictionary with the code the client used:
///
/// ```swift
/// let signUp = try FormDefinition([
///     FieldDefinition(FormKey<String>("email"), validators: [.required(), .email()]),
///     FieldDefinition(FormKey<String>("password"), isSecure: true, validators: [.required(), .minLength(8)]),
///     FieldDefinition(FormKey<String>("confirm"), isSecure: true, validators: [.equals("password")]),
/// ])
/// let report = signUp.validate(["email": "ada@example", "password": "secret"])
/// // email: is not a valid email address
/// // password: must be at least 8 characters
/// ```
public struct FormDefinition: Sendable {
    /// The fields, in the order they were given: the order of error reports and focus.
    public let fields: [FieldDefinition]
    /// The form-level validators, in the order they run.
    public let validators: [FormValidator]
    /// The groups of fields shown and enabled together.
    public let groups: [FieldGroup]
    /// What a form does with the value of a field that becomes hidden.
    public let hiddenValues: HiddenValues
    /// A name for the form that stays the same across versions, such as `signup`; drafts and
    /// finalized records carry it so a file is never read into another form. `form` by default.
    public let identifier: String
    /// The version of the form's fields, from 1; raise it when fields change type or go away, so a
    /// draft saved with an older version restores what still fits and reports the rest.
    public let version: Int

    let positions: [String: Int]
    /// The rules of the fields and groups, in definition order, groups last.
    let rules: [CompiledRule]
    /// Each field's key and check, without the rest of its definition, for the validate-all loop.
    let checks: [(key: String, check: @Sendable (AnyHashable?, FormValues, inout ValidationReport) -> Void)]

    /// Creates a definition.
    ///
    /// - Parameters:
    ///   - fields: The fields, in display order, with their validators and rules.
    ///   - validators: Form-level validators.
    ///   - groups: Groups of fields shown and enabled together; none by default.
    ///   - hiddenValues: Whether a field that becomes hidden keeps its value (the default) or loses it.
    ///   - identifier: A name for the form that stays the same across versions; `form` by default.
    ///   - version: The version of the form's fields; 1 by default.
    /// - Throws: ``FormDefinitionError`` if two fields share a key, two groups a scope, a pattern does
    ///   not compile, a validator reads a field the definition does not have, or a calculation returns
    ///   another type than its field's.
    /// - Complexity: O(*n*) for *n* fields, their validators and rules.
    public init(
        _ fields: [FieldDefinition], validators: [FormValidator] = [], groups: [FieldGroup] = [],
        hiddenValues: HiddenValues = .kept, identifier: String = "form", version: Int = 1
    ) throws(FormDefinitionError) {
        // The fields are read in place, never copied whole: a copy retains every closure and string a
        // field holds, and in a definition of many fields those writes miss the cache.
        var positions: [String: Int] = [:]
        positions.reserveCapacity(fields.count)
        for position in fields.indices {
            guard positions.updateValue(position, forKey: fields[position].key) == nil else { throw .duplicateKey(fields[position].key) }
            if let pattern = fields[position].invalidPattern { throw .invalidPattern(key: fields[position].key, pattern: pattern) }
        }
        var repeatGroups: [RepeatGroup] = []
        for position in fields.indices {
            for dependency in fields[position].dependencies where positions[dependency] == nil {
                throw .unknownDependency(key: fields[position].key, dependency: dependency)
            }
            guard let extras = fields[position].extras else { continue }
            if let calculated = extras.conditions.calculationType, let declared = fields[position].valueType, calculated.id != declared {
                throw .calculationType(key: fields[position].key, expected: fields[position].valueTypeName, found: calculated.name)
            }
            if let group = extras.repeatGroup { repeatGroups.append(group) }
        }
        var scopes: Set<String> = []
        for group in groups where !scopes.insert(group.scope.prefix).inserted {
            throw .duplicateGroup(group.scope.prefix)
        }
        try Self.checkRepeatGroups(repeatGroups)
        self.init(
            fields: fields, validators: validators, groups: groups, hiddenValues: hiddenValues, positions: positions,
            identifier: identifier, version: version)
    }

    /// The keys of the fields, in order.
    ///
    /// - Complexity: O(*n*).
    var keys: [String] { fields.map(\.key) }

    /// The field with key `key`, or `nil` if there is none.
    ///
    /// A key of a repeat group's row (`members.r3.name`) gives the group's field as a field of that
    /// row: keyed `members.r3.name`, its validators reading the row's fields; the same at any depth
    /// (`households.r1.members.r3.name`).
    func field(_ key: String) -> FieldDefinition? {
        if let position = positions[key] { return fields[position] }
        guard let (group, id, name) = rowField(key), let field = group.field(name) else { return nil }
        return field.inRow(RowScope(in: group, id: id))
    }

    /// The repeat groups, in definition order.
    public var repeatGroups: [RepeatGroup] { fields.compactMap(\.repeatGroup) }

    /// The group, row and field name a key of a row names (`members.r3.name`), in the innermost
    /// group holding it: for `households.r1.members.r3.name`, the members of household `r1` (the
    /// group as it lies in that row, see ``RepeatGroup/instanced(in:)``), row `r3`, field `name`.
    ///
    /// - Complexity: O(*g*·*k*) for *g* groups at each level and a key of length *k*.
    func rowField(_ key: String) -> (group: RepeatGroup, id: RowID, name: String)? {
        Self.rowField(key, among: repeatGroups)
    }

    private static func rowField(_ key: String, among groups: [RepeatGroup]) -> (group: RepeatGroup, id: RowID, name: String)? {
        for group in groups {
            guard key.hasPrefix(group.key + ".") else { continue }
            let rest = key.dropFirst(group.key.count + 1)
            guard let dot = rest.firstIndex(of: "."), let id = RowID(rest[..<dot]) else { continue }
            let name = String(rest[rest.index(after: dot)...])
            guard !name.isEmpty else { continue }
            let inner = group.innerGroups
            if !inner.isEmpty, group.field(name) == nil {
                let row = RowScope(in: group, id: id)
                if let place = rowField(key, among: inner.map { $0.instanced(in: row) }) { return place }
            }
            return (group, id, name)
        }
        return nil
    }

    /// The position of the field `key` in ``fields``, or `nil`.
    func position(of key: String) -> Int? {
        positions[key]
    }

    /// The default values of the fields that have one, with the secret fields marked secret.
    ///
    /// - Complexity: O(*n*).
    public var defaults: FormContext {
        var context = FormContext()
        for field in fields {
            context.set(field.defaultValue, for: field.key)
            if field.isSecure { context.setSecure(for: field.key) }
        }
        return context
    }

    /// The keys of the secret fields.
    ///
    /// - Complexity: O(*n*).
    var secureKeys: Set<String> {
        Set(fields.lazy.filter(\.isSecure).map(\.key))
    }
}
