import Foundation
import FormContext

extension DemoForm {
    /// A household survey with skip logic and calculations: fields shown, enabled and required by
    /// rules, a group, and two calculated fields that `--set` cannot write.
    static let household = DemoForm(
        name: "household", summary: "a survey with skip logic: shown, required and calculated fields",
        calculatedKeys: [Household.age.name, Household.householdSize.name], screen: householdScreen
    ) { setup in
        let form = FormContextObject(definition: try Household.definition(today: setup.today))
        let controls: [any DemoTextInput] = [
            FieldControl<String>(key: Household.respondent.name, title: "Respondent"),
            FieldControl<Date>(key: Household.birthDate.name, title: "Birth date"),
            FieldControl<Int>(key: Household.adults.name, title: "Adults"),
            FieldControl<Bool>(key: Household.hasChildren.name, title: "Has children"),
            FieldControl<Int>(key: Household.children.name, title: "Number of children"),
            FieldControl<Bool>(key: Household.rents.name, title: "Rents the home"),
            FieldControl<String>(key: Household.landlord.name, title: "Landlord"),
            FieldControl<Bool>(key: Household.hasPets.name, title: "Has pets"),
            FieldControl<Int>(key: Household.petCount.name, title: "Number of pets"),
            FieldControl<String>(key: Household.petKind.name, title: "Kind of pets"),
        ]
        for control in controls { try control.connect(to: form) }
        return (form, controls)
    }
}
