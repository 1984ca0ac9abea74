import FormContext

/// The keys of the survey form, whose households each hold their members: rows inside rows.
enum Survey {
    /// The households' group; each household's members are the group `households.<id>.members`.
    static let households = "households"
    /// The members' group, keyed relative to a household's row.
    static let members = "members"
    static let people = FormKey<Int>("people")

    /// A household's fields, keyed relative to its row (`households.r1.village`).
    static let village = FormKey<String>("village")
    static let memberCount = FormKey<Int>("memberCount")
    /// A member's fields, keyed relative to the member's row (`households.r1.members.r2.name`).
    static let name = FormKey<String>("name")
    static let age = FormKey<Int>("age")

    /// One row per household (at least one, at most 20), each with its village and its members (at
    /// most 12, no two of a household alike), each member with a name and an age.
    /// Each household counts its members, and the survey counts the people of every household.
    static func definition() throws -> FormDefinition {
        let members = RepeatGroup(Self.members, maximum: 12, fields: [
            FieldDefinition(name, validators: [.required(), .maxLength(60)]),
            FieldDefinition(age, validators: [.required(), .range(0...130)]),
        ])
        .validator(.unique(name, message: "names the same member twice"))
        .summary(memberCount, .count)
        let households = RepeatGroup(Self.households, minimum: 1, maximum: 20, fields: [
            FieldDefinition(village, validators: [.required(), .maxLength(60)]),
            FieldDefinition(members),
        ])
        .summary(people, .sum(memberCount))
        return try FormDefinition([FieldDefinition(households)], identifier: "survey")
    }

    /// The survey the form starts with: one household, in Ouro, of one member.
    static let initialValues: FormContext = {
        var values: FormContext = [:]
        values.set(RowOrder([RowID(1)]), for: households)
        values.set("Ouro", for: "\(households).r1.\(village.name)")
        values.set(RowOrder([RowID(1)]), for: "\(households).r1.\(members)")
        values.set("Ama Owusu", for: "\(households).r1.\(members).r1.\(name.name)")
        values.set(34, for: "\(households).r1.\(members).r1.\(age.name)")
        return values
    }()
}
