/// A group of fields repeated once per row (household members, medications, line items): ODK's
/// `begin_repeat`, react-hook-form's field array.
///
/// Each row has a ``RowID`` that stays the same while the row exists and is never reused, and its
/// fields live under the group's key and the row's id: the field `name` of row `r3` of the group
/// `members` is `members.r3.name`. The group's own key holds the ``RowOrder``. Put the group in a
/// definition with ``FieldDefinition/init(_:)``:
///
/// ```swift
/// let members = RepeatGroup("members", minimum: 1, maximum: 12, fields: [
///     FieldDefinition(FormKey<String>("name"), validators: [.required()]),
///     FieldDefinition(FormKey<Int>("age"), validators: [.range(0...130)]),
/// ])
/// .validator(.unique(FormKey<String>("name")))
/// .summary(FormKey<Int>("totalAge"), .sum(FormKey<Int>("age")))
/// let household = try FormDefinition([FieldDefinition(members)])
/// ```
///
/// The fields' validators and rules run in every row, reading their own row's fields by name
/// (`values[FormKey<Int>("age")]` reads this row's age); ``FormValues/outer`` reads outside the
/// group, ``FormValues/previousRow`` and ``FormValues/nextRow`` the neighbouring rows.
///
/// A group among a row's fields repeats inside every row, to any depth: the members of household
/// `r1` are the group `households.r1.members`, which every row operation takes as its key, and
/// ``FormValues/outer`` from one of their rows reads the household's row.
public struct RepeatGroup: Sendable {
    /// The group's key: the key of its ``RowOrder`` and the prefix of its rows' fields.
    public let key: String
    /// The fields of one row, keyed relative to the row.
    public let fields: [FieldDefinition]
    /// The groups of fields of one row, shown and enabled together, their scopes relative to the row.
    let fieldGroups: [FieldGroup]
    /// The fewest rows the group may have; a new form starts with this many.
    let minimumCount: Int
    /// The most rows the group may have, if there is a limit.
    let maximumCount: Int?
    /// The prefix of the scope the group was defined in (with its trailing dot), empty at the root:
    /// what ``FormValues/outer`` reads under.
    let outerPrefix: String
    /// How many rows the group has, when a rule decides it (ODK's `repeat_count`).
    var countRule: (@Sendable (FormValues) -> Int?)?
    /// Values computed over every row, kept under keys outside the group.
    var summaries: [RowSummary] = []
    /// Checks of the rows as a whole, reported under the group's key.
    var validators: [RowsValidator] = []
    /// The position of each field in ``fields``.
    let positions: [String: Int]
    /// For the group of one row of another group (``instanced(in:)``), that row: what
    /// ``FormValues/outer`` reads from inside a row of this group.
    var enclosingRow: RowScope?
    /// When a row is shown and when it is enabled, read from inside the row: the conditions of the
    /// group of everything under the row's key.
    var rowConditions = FieldGroup(FormScope.root)

    /// Creates a repeat group.
    ///
    /// - Parameters:
    ///   - key: The group's key, such as `members`.
    ///   - minimum: The fewest rows; 0 by default. A new form starts with this many rows, each
    ///     holding the fields' defaults.
    ///   - maximum: The most rows; no limit by default.
    ///   - fields: The fields of one row, keyed relative to the row, with their validators and rules.
    ///   - groups: Groups of a row's fields shown and enabled together, as a definition's
    ///     ``FormDefinition/groups`` are: `FieldGroup("vitals")` holds the row's fields under
    ///     `vitals.`, and its conditions read the row's fields by name. None by default.
    public init(_ key: String, minimum: Int = 0, maximum: Int? = nil, fields: [FieldDefinition], groups: [FieldGroup] = []) {
        self.key = key
        self.fields = fields
        fieldGroups = groups
        minimumCount = Swift.max(minimum, 0)
        maximumCount = maximum
        outerPrefix = ""
        var positions: [String: Int] = [:]
        for (position, field) in fields.enumerated() where positions[field.key] == nil { positions[field.key] = position }
        self.positions = positions
    }

    private init(copying group: RepeatGroup, key: String, outerPrefix: String) {
        self.key = key
        fields = group.fields
        fieldGroups = group.fieldGroups
        minimumCount = group.minimumCount
        maximumCount = group.maximumCount
        self.outerPrefix = outerPrefix
        countRule = group.countRule
        summaries = group.summaries
        validators = group.validators
        positions = group.positions
        enclosingRow = group.enclosingRow
        rowConditions = group.rowConditions
    }

    /// The field of a row with key `name`, keyed relative to the row.
    func field(_ name: String) -> FieldDefinition? {
        positions[name].map { fields[$0] }
    }

    /// The repeat groups inside a row, keyed relative to the row.
    var innerGroups: [RepeatGroup] { fields.compactMap(\.repeatGroup) }

    /// Whether a field of a row is secret, at any depth.
    var holdsSecrets: Bool {
        fields.contains(where: \.isSecure) || innerGroups.contains(where: \.holdsSecrets)
    }

    /// Whether a row holds a value named `name` that statistics and summaries can read: a field of
    /// the row, or a summary a group inside the row keeps in it (the members of one household, for
    /// a total over every household).
    func holdsValue(_ name: String) -> Bool {
        positions[name] != nil || innerGroups.contains { $0.summaryKeys.contains(name) }
    }

    /// The same group as it lies in one row of the group around it: its key and its summaries' keys
    /// under the row (`households.r3.members`), its rows' outside reads in that row, its count rule
    /// reading from that row.
    func instanced(in row: RowScope) -> RepeatGroup {
        var copy = RepeatGroup(copying: self, key: row.prefix + key, outerPrefix: row.prefix)
        copy.enclosingRow = row
        copy.countRule = countRule.map { rule in { @Sendable values in rule(values.inRow(row)) } }
        copy.summaries = summaries.map { RowSummary(key: row.prefix + $0.key, statistic: $0.statistic, presentation: $0.presentation) }
        return copy
    }

    /// The keys of the summaries, outside the group.
    var summaryKeys: [String] { summaries.map(\.key) }

    /// The same group, its number of rows decided by `rule` (ODK's `repeat_count`): whenever the
    /// rule's result changes, rows are added at the end (with the fields' defaults) or removed from
    /// the end until the group has that many, within its minimum and maximum.
    ///
    /// - Parameter rule: The number of rows; `nil` leaves the rows as they are. It reads the form's
    ///   values and runs again when one it read changes.
    /// - Returns: The group with the rule.
    public func count(_ rule: @escaping @Sendable (FormValues) -> Int?) -> RepeatGroup {
        var copy = self
        copy.countRule = rule
        return copy
    }

    /// The same group, keeping `aggregate` over its rows under `key`, outside the group.
    ///
    /// The form keeps the value current as rows are added, removed, moved and edited, at a cost that
    /// does not grow with the number of rows; a field hidden in a row counts as absent. Rules and
    /// validators read it like any value, and a ``FieldDefinition`` for `key` gives it validators.
    ///
    /// For a group inside the rows of another, `key` is relative to the outer row: each outer row
    /// keeps the value over its own inner rows (`households.r1.memberCount`), and a summary of the
    /// outer group may aggregate it in turn, for a figure over every inner row of every outer row.
    ///
    /// - Parameters:
    ///   - key: Where the value is kept, outside the group.
    ///   - aggregate: What to compute: ``RowAggregate/count``, ``RowAggregate/sum(_:)->RowAggregate<Int>``, …
    /// - Returns: The group with the summary.
    public func summary<Value>(_ key: FormKey<Value>, _ aggregate: RowAggregate<Value>) -> RepeatGroup {
        var copy = self
        copy.summaries.append(RowSummary(key: key.name, statistic: aggregate.statistic, presentation: aggregate.presentation))
        return copy
    }

    /// The same group, checking its rows with `validator`; the issue is reported under the group's key.
    ///
    /// - Parameter validator: The check: ``RowsValidator/unique(_:message:)``,
    ///   ``RowsValidator/atLeastOne(_:equals:message:)`` or ``RowsValidator/custom(_:message:severity:_:)``.
    /// - Returns: The group with the check.
    public func validator(_ validator: RowsValidator) -> RepeatGroup {
        var copy = self
        copy.validators.append(validator)
        return copy
    }

    /// The same group, each row shown only while `condition` holds for it (ODK's `relevant` on a
    /// repeat, asked of every row).
    ///
    /// A hidden row hides everything under its key, whatever their own rules say: its fields, its
    /// groups of fields, the groups inside it and their rows, at every depth. Their values are kept,
    /// or cleared when the definition clears hidden values (``HiddenValues/cleared``), as a hidden
    /// field's are. A hidden row stays in the group's order, and is left out of validation, of the
    /// summaries (``RowAggregate/count`` counts the rows shown) and of the submission, whose array
    /// holds the rows shown.
    ///
    /// ```swift
    /// RepeatGroup("members", fields: fields).rowVisible(when: { row in row[FormKey<Bool>("present")] != false })
    /// ```
    ///
    /// - Parameter condition: Whether a row is shown. It reads the row's fields by name, its
    ///   neighbours, its position (``FormValues/rowPosition``) and ``FormValues/outer``, as a rule of
    ///   the row's fields does, and runs again for a row when something it read for that row changes.
    /// - Returns: The group with the condition.
    public func rowVisible(when condition: @escaping @Sendable (FormValues) -> Bool) -> RepeatGroup {
        var copy = self
        copy.rowConditions.visible = condition
        return copy
    }

    /// The same group, each row enabled only while `condition` holds for it (for ODK's `readonly` on
    /// a repeat, see ``rowReadOnly(when:)``).
    ///
    /// A disabled row disables everything under its key, at every depth, as a disabled
    /// ``FieldGroup`` does: the values are kept, and left out of validation and of the submission.
    ///
    /// - Parameter condition: Whether a row can be edited, read from inside the row as
    ///   ``rowVisible(when:)``'s condition is.
    /// - Returns: The group with the condition.
    public func rowEnabled(when condition: @escaping @Sendable (FormValues) -> Bool) -> RepeatGroup {
        var copy = self
        copy.rowConditions.enabled = condition
        return copy
    }

    /// The same group, each row read-only while `condition` holds for it (ODK's `readonly` on a
    /// repeat, asked of every row).
    ///
    /// A read-only row makes everything under its key read-only, at every depth, as a read-only
    /// ``FieldGroup`` does: the person filling in the form cannot edit its fields, which stay in
    /// validation and in the submission; the program and calculations still write them.
    ///
    /// ```swift
    /// RepeatGroup("visits", fields: fields).rowReadOnly(when: { row in row[FormKey<Bool>("signed")] == true })
    /// ```
    ///
    /// - Parameter condition: Whether a row is read-only, read from inside the row as
    ///   ``rowVisible(when:)``'s condition is; always by default.
    /// - Returns: The group with the condition.
    public func rowReadOnly(when condition: @escaping @Sendable (FormValues) -> Bool = { _ in true }) -> RepeatGroup {
        var copy = self
        copy.rowConditions.readOnly = condition
        return copy
    }

    /// Whether the rows have rules, at any depth: their own conditions, their fields' rules, their
    /// groups' of fields, or a group inside them with rules or a count rule.
    var hasRules: Bool {
        hasRowConditions || fields.contains(where: \.hasRules)
            || fieldGroups.contains(where: \.hasConditions)
            || innerGroups.contains { $0.countRule != nil || $0.hasRules }
    }

    /// Whether the rows have a visibility, enabled or read-only condition of their own.
    var hasRowConditions: Bool { rowConditions.hasConditions }

    /// The group of everything under row `row`'s key, with the rows' conditions read from inside the
    /// row, or `nil` when the rows have none.
    func rowGroup(of row: RowScope) -> FieldGroup? {
        guard hasRowConditions else { return nil }
        return FieldGroup(FormScope(String(row.prefix.dropLast()))).withConditions(of: rowConditions, inRow: row)
    }

    /// The same group inside `scope`: its key under the scope's prefix, its rows' outside reads too.
    func scoped(in scope: FormScope) -> RepeatGroup {
        guard !scope.prefix.isEmpty else { return self }
        var copy = RepeatGroup(copying: self, key: scope.key(key), outerPrefix: scope.prefix + "." + outerPrefix)
        copy.countRule = countRule.map { rule in { @Sendable values in rule(values.scoped(in: scope)) } }
        copy.summaries = summaries.map { RowSummary(key: scope.key($0.key), statistic: $0.statistic, presentation: $0.presentation) }
        return copy
    }
}
