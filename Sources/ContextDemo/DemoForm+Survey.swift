import FormContext

extension DemoForm {
    /// Households and their members, rows inside rows: `--add households village=…` adds a
    /// household, `--add households[0].members name=…,age=…` a member to the first household.
    static let survey = DemoForm(
        name: "survey", summary: "households and their members, rows inside rows: --add households[0].members name=Kofi,age=4",
        calculatedKeys: [Survey.people.name],
        rowControls: [
            Survey.households: RowControls(fields: ["village"]) { prefix in
                [FieldControl<String>(key: prefix + Survey.village.name, title: "Village")]
            },
            Survey.households + "." + Survey.members: RowControls(fields: ["age", "name"]) { prefix in
                [
                    FieldControl<String>(key: prefix + Survey.name.name, title: "Name"),
                    FieldControl<Int>(key: prefix + Survey.age.name, title: "Age"),
                ]
            },
        ],
        screen: surveyScreen
    ) { _ in
        (FormContextObject(definition: try Survey.definition(), values: Survey.initialValues), [])
    }

    /// A household's members, on a screen of their own opened from the household's row.
    static let surveyMembersScreen = Screen("Members") {
        RepeatSection("Members", group: Survey.members, footer: { values in
            values[Survey.village].map { "Members of the household in \($0)." }
        }) {
            TextCell("Name", key: Survey.name)
            NumberCell("Age", key: Survey.age)
        }
        .addButton("Add member")
        .removeButton("Remove member")
    }

    /// The survey's screen: a section per household, whose Members cell opens its members' screen.
    static let surveyScreen = Screen("Survey") {
        RepeatSection("Households", group: Survey.households, footer: { values in
            values[Survey.people].map { "\($0) people in all." }
        }) {
            TextCell("Village", key: Survey.village)
            DetailCell("Members", value: { $0[Survey.memberCount].map(String.init) }, screen: surveyMembersScreen)
        }
        .addButton("Add household")
        .removeButton("Remove household")
    }
}
