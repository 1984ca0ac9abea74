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
            TextControl(key: Household.respondent.name, title: "Respondent"),
            DateControl(key: Household.birthDate.name, title: "Birth date"),
            NumberControl<Int>(key: Household.adults.name, title: "Adults"),
            ToggleControl(key: Household.hasChildren.name, title: "Has children"),
            NumberControl<Int>(key: Household.children.name, title: "Number of children"),
            ToggleControl(key: Household.rents.name, title: "Rents the home"),
            TextControl(key: Household.landlord.name, title: "Landlord"),
            ToggleControl(key: Household.hasPets.name, title: "Has pets"),
            NumberControl<Int>(key: Household.petCount.name, title: "Number of pets"),
            TextControl(key: Household.petKind.name, title: "Kind of pets"),
        ]
        for control in controls { try control.connect(to: form) }
        return (form, controls)
    }
}
