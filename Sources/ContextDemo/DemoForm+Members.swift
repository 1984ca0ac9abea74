import FormContext

extension DemoForm {
    /// A household's members as a repeat group: `--add members name=…,age=…` adds a row, and the
    /// output lists the rows in order.
    static let members = DemoForm(
        name: "members", summary: "a household's members as rows: --add members name=Ada,age=36",
        calculatedKeys: [Members.householdSize.name, Members.adults.name],
        rowControls: [
            Members.group: RowControls(fields: ["age", "inSchool", "name", "relationship"]) { prefix in
                [
                    FieldControl<String>(key: prefix + Members.name.name, title: "Name"),
                    FieldControl<Int>(key: prefix + Members.age.name, title: "Age"),
                    FieldControl<Relationship>(key: prefix + Members.relationship.name, title: "Relationship"),
                    FieldControl<Bool>(key: prefix + Members.inSchool.name, title: "In school"),
                ]
            },
        ],
        screen: membersScreen
    ) { _ in
        let form = FormContextObject(definition: try Members.definition(), values: Members.initialValues)
        let controls: [any DemoTextInput] = [FieldControl<String>(key: Members.address.name, title: "Address")]
        for control in controls { try control.connect(to: form) }
        return (form, controls)
    }

    /// The household-members form's screen: the address and the counts of the rows, then a section
    /// per member with buttons to add and remove members.
    static let membersScreen = Screen("Household members") {
        FormSection("Home", footer: { values in
            guard let size = values[Members.householdSize] else { return nil }
            return "\(size) in the household, \(values[Members.adults] ?? 0) of them adults."
        }) {
            TextCell("Address", key: Members.address)
        }
        RepeatSection("Members", group: Members.group) {
            TextCell("Name", key: Members.name)
            NumberCell("Age", key: Members.age)
            ChoiceCell("Relationship", key: Members.relationship)
            ToggleCell("In school", key: Members.inSchool)
        }
        .addButton("Add member")
        .removeButton("Remove member")
    }
}
