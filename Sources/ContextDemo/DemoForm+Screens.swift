import FormContext
import Foundation

extension DemoForm {
    /// The contact form's screen: the two names, in the rows themselves.
    static let contactScreen = Screen("Contact") {
        FormSection("Name") {
            TextCell("First name", key: FormKey("firstname"))
            TextCell("Last name", key: FormKey("lastname"))
        }
    }

    /// The profile form's screen: one cell of each kind the form's fields call for.
    static let profileScreen = Screen("Profile") {
        FormSection("Account", footer: { $0[FormKey<Bool>("newsletter")] == true ? "You will get the newsletter." : nil }) {
            TextCell("Name", key: FormKey("name"))
            TextCell("Password", key: FormKey("password"), secure: true)
            ToggleCell("Newsletter", key: FormKey("newsletter"))
            ChoiceCell("Plan", key: FormKey<Plan>("plan"), options: Plan.allCases.map { CellOption("\($0)", value: $0) })
        }
        FormSection("Details") {
            NumberCell("Age", key: FormKey<Int>("age"))
            NumberCell("Balance", key: FormKey<Decimal>("balance"))
            DateCell("Birthday", key: FormKey<Date>("birthday"))
        }
    }
}

extension DemoForm {
    /// The household survey's screen: a cell per question, hidden while the form's rules hide its
    /// field, and the calculated fields as values.
    static let householdScreen = Screen("Household") {
        FormSection("Respondent") {
            TextCell("Respondent", key: Household.respondent)
            DateCell("Birth date", key: Household.birthDate)
            ValueCell("Age") { $0[Household.age].map(String.init) }
        }
        FormSection("Household", footer: { values in values[Household.householdSize].map { "\($0) in the household." } }) {
            NumberCell("Adults", key: Household.adults)
            ToggleCell("Has children", key: Household.hasChildren)
            NumberCell("Number of children", key: Household.children)
        }
        FormSection("Home") {
            ToggleCell("Rents the home", key: Household.rents)
            TextCell("Landlord", key: Household.landlord)
        }
        FormSection("Pets") {
            ToggleCell("Has pets", key: Household.hasPets)
            NumberCell("Number of pets", key: Household.petCount)
            TextCell("Kind of pets", key: Household.petKind)
        }
    }
}
