import FormContext

/// How a member of a household is related to the person answering.
enum Relationship: String, CaseIterable, Hashable, Sendable, CustomStringConvertible {
    case `self`, partner, child, parent, other

    var description: String { rawValue }
}

/// The keys of the household-members form, and its definition.
enum Members {
    static let address = FormKey<String>("address")
    static let householdSize = FormKey<Int>("householdSize")
    static let adults = FormKey<Int>("adults")
    /// The repeat group's key: its rows are the members.
    static let group = "members"

    /// A row's fields, keyed relative to the row (`members.r2.name`).
    static let name = FormKey<String>("name")
    static let age = FormKey<Int>("age")
    static let relationship = FormKey<Relationship>("relationship")
    static let inSchool = FormKey<Bool>("inSchool")
    static let isAdult = FormKey<Bool>("isAdult")

    /// The fields of the form: an address, then one row per member of the household (at least one,
    /// at most 12), each with a name (no two alike), an age, a relationship and, under 18 only,
    /// whether they are in school; at least one member must be an adult. The household's size and
    /// its adults are counted from the rows.
    static func definition() throws -> FormDefinition {
        let members = RepeatGroup(group, minimum: 1, maximum: 12, fields: [
            FieldDefinition(name, validators: [.required(), .maxLength(60)]),
            FieldDefinition(age, validators: [.required(), .range(0...130)]),
            FieldDefinition(relationship, default: .other),
            FieldDefinition(inSchool, default: true).visible(when: { row in row[age].map { $0 < 18 } ?? false }),
            FieldDefinition(isAdult).calculated { row in row[age].map { $0 >= 18 } },
        ])
        .validator(.unique(name, message: "names the same member twice"))
        .validator(.atLeastOne(isAdult, equals: true, message: "needs at least one adult (18 or over)"))
        .summary(householdSize, .count)
        .summary(adults, .count(where: isAdult, equals: true))
        return try FormDefinition([
            FieldDefinition(address, default: "12 Analytical Row", validators: [.required(), .maxLength(80)]),
            FieldDefinition(members),
        ], identifier: "members")
    }

    /// The household the form starts with: one member, the person answering.
    static let initialValues: FormContext = {
        var values: FormContext = [:]
        values.set(RowOrder([RowID(1)]), for: group)
        values.set("Ada Lovelace", for: "\(group).r1.\(name.name)")
        values.set(36, for: "\(group).r1.\(age.name)")
        values.set(Relationship.`self`, for: "\(group).r1.\(relationship.name)")
        return values
    }()
}
