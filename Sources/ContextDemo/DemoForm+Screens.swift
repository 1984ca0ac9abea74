import FormContext
import Foundation

extension DemoForm {
    /// The contact form's screen: the two names, in the rows themselves.
    static let contactScreen = Screen("Contact") {
        FormSection("Name") {
            TextCell("First name", key: "firstname")
            TextCell("Last name", key: "lastname")
        }
    }

    /// The profile form's screen: one cell of each kind the form's fields call for.
    static let profileScreen = Screen("Profile") {
        FormSection("Account", footer: { $0[FormKey<Bool>("newsletter")] == true ? "You will get the newsletter." : nil }) {
            TextCell("Name", key: "name")
            TextCell("Password", key: "password", secure: true)
            ToggleCell("Newsletter", key: "newsletter")
            ChoiceCell("Plan", key: FormKey<Plan>("plan"))
        }
        FormSection("Details") {
            NumberCell("Age", key: FormKey<Int>("age"))
            NumberCell("Balance", key: FormKey<Decimal>("balance"))
            DateCell("Birthday", key: FormKey<Date>("birthday"))
        }
    }
}
