import FormContext
import Foundation

/// The keys of the household survey.
enum Household {
    static let respondent = FormKey<String>("respondent")
    static let birthDate = FormKey<Date>("birthDate")
    static let age = FormKey<Int>("age")
    static let adults = FormKey<Int>("adults")
    static let hasChildren = FormKey<Bool>("hasChildren")
    static let children = FormKey<Int>("children")
    static let householdSize = FormKey<Int>("householdSize")
    static let rents = FormKey<Bool>("rents")
    static let landlord = FormKey<String>("landlord")
    static let hasPets = FormKey<Bool>("hasPets")
    static let petCount = FormKey<Int>("pets.count")
    static let petKind = FormKey<String>("pets.kind")

    /// The survey's fields and rules, `today` being the day ages are counted to: "number of children"
    /// shows only when "has children" is on; the age is calculated from the birth date; the
    /// landlord is required only from a tenant; the household's size is calculated from the adults
    /// and the children (none while the number of children is hidden); the pets' questions show
    /// together, as a group, and their kind can be given only once their number is.
    static func definition(today: Date) throws -> FormDefinition {
        try FormDefinition(
            [
                FieldDefinition(respondent, default: "Ada Lovelace", validators: [.required(), .maxLength(60)]),
                FieldDefinition(birthDate, default: Date(timeIntervalSince1970: 642_902_400), validators: [
                    .custom("notAfterToday", message: "must not be after today") { date, _ in date <= today },
                ]),
                FieldDefinition(age).calculated { values in values[birthDate].flatMap { age(bornOn: $0, on: today) } },
                FieldDefinition(adults, default: 1, validators: [.range(1...20)]),
                FieldDefinition(hasChildren, default: false),
                FieldDefinition(children, validators: [.range(1...20)])
                    .visible(when: { $0[hasChildren] == true })
                    .required(when: { $0[hasChildren] == true }),
                FieldDefinition(householdSize).calculated { ($0[adults] ?? 0) + ($0[children] ?? 0) },
                FieldDefinition(rents, default: false),
                FieldDefinition(landlord, validators: [.maxLength(60)])
                    .required(when: { $0[rents] == true }, message: "is required from a tenant"),
                FieldDefinition(hasPets, default: false),
                FieldDefinition(petCount, validators: [.range(1...50)]),
                FieldDefinition(petKind).enabled(when: { ($0[petCount] ?? 0) > 0 }),
            ],
            groups: [FieldGroup("pets").visible(when: { $0[hasPets] == true })],
            identifier: "household")
    }

    /// Full years from `birth` to `today`, counted in UTC; `nil` for a birth after today.
    static func age(bornOn birth: Date, on today: Date) -> Int? {
        guard birth <= today else { return nil }
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(secondsFromGMT: 0) ?? calendar.timeZone
        return calendar.dateComponents([.year], from: birth, to: today).year
    }
}
