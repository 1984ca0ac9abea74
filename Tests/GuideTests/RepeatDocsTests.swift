import Foundation
import Testing

import FormContext

/// The examples of Docs/Repeats.md, compiled and run.
@Suite("Docs/Repeats.md examples")
struct RepeatDocsTests {
    @Test("defining a group, adding, moving and removing rows")
    func definingAndEditing() throws {
        // --- Docs/Repeats.md: Defining a group
        let name = FormKey<String>("name")
        let age = FormKey<Int>("age")
        let isAdult = FormKey<Bool>("isAdult")

        let members = RepeatGroup("members", minimum: 1, maximum: 12, fields: [
            FieldDefinition(name, validators: [.required()]),
            FieldDefinition(age, validators: [.range(0...130)]),
            FieldDefinition(FormKey<String>("relationship"), default: "other"),
            FieldDefinition(isAdult).calculated { row in row[age].map { $0 >= 18 } },
        ])
        .validator(.unique(name))
        .validator(.atLeastOne(isAdult, equals: true, message: "needs an adult"))
        .summary(FormKey<Int>("householdSize"), .count)
        .summary(FormKey<Int>("adults"), .count(where: isAdult, equals: true))

        let household = try FormDefinition([
            FieldDefinition(FormKey<String>("address"), validators: [.required()]),
            FieldDefinition(members),
        ])
        let form = FormContextObject(definition: household)
        let rows = form.rows(of: "members")   // [r1]: the minimum, holding the defaults
        // --- end
        #expect(rows == [RowID(1)])

        // --- Docs/Repeats.md: Working with rows
        let ada = try form.appendRow(to: "members", ["name": "Ada", "age": 36])   // r2
        let bo = try form.insertRows(into: "members", at: 0, [["name": "Bo", "age": 7]])[0]   // r3
        try form.moveRow(bo, in: "members", to: 2)
        try form.removeRows([RowID(1)], from: "members")
        let order = form.rows(of: "members")   // [r2, r3]

        let adaAge = age.scoped(in: ada.scope(in: "members"))   // members.r2.age
        form.set(37, for: adaAge.name)
        let boIsAdult = form[isAdult.scoped(in: bo.scope(in: "members"))]   // false
        let size = form[FormKey<Int>("householdSize")]   // 2
        // --- end
        #expect(order == [ada, bo])
        #expect(form["members.r2.age"] == AnyHashable(37))
        #expect(boIsAdult == false)
        #expect(size == 2)
        #expect(form[FormKey<Int>("adults")] == 1)
    }

    @Test("groups inside rows, to any depth")
    func groupsInsideRows() throws {
        // --- Docs/Repeats.md: Groups inside rows
        let date = FormKey<Date>("date")
        let visits = RepeatGroup("visits", fields: [FieldDefinition(date)])
        let people = RepeatGroup("members", minimum: 1, fields: [
            FieldDefinition(FormKey<String>("name")),
            FieldDefinition(visits),
        ])
        let survey = try FormDefinition([FieldDefinition(RepeatGroup("households", fields: [
            FieldDefinition(FormKey<String>("village")),
            FieldDefinition(people),
        ]))])
        let census = FormContextObject(definition: survey)
        let home = try census.appendRow(to: "households", ["village": "Ouro"])   // r1, with member r1
        let homeMembers = home.scope(in: "households").key("members")   // households.r1.members
        let yaw = try census.appendRow(to: homeMembers, ["name": "Yaw"])   // r2
        let yawVisits = yaw.scope(in: homeMembers).key("visits")   // households.r1.members.r2.visits
        try census.appendRow(to: yawVisits, ["date": Date(timeIntervalSince1970: 0)])
        let json = try FormSubmission(census.context, definition: survey).json(pretty: false)
        // {"households":[{"members":[{"visits":[]},{"name":"Yaw","visits":[{"date":"1970-01-01T00:00:00Z"}]}],"village":"Ouro"}]}
        // --- end
        #expect(homeMembers == "households.r1.members")
        #expect(yawVisits == "households.r1.members.r2.visits")
        #expect(census.rows(of: homeMembers) == [RowID(1), yaw])
        #expect(json == #"{"households":[{"members":[{"visits":[]},{"name":"Yaw","visits":[{"date":"1970-01-01T00:00:00Z"}]}],"village":"Ouro"}]}"#)
    }

    @Test("rules in rows inside rows read every level out, and summaries add up level by level")
    func innerRulesAndSummaries() throws {
        // --- Docs/Repeats.md: Groups inside rows
        let day = FormKey<Int>("day")
        let city = FormKey<String>("city")
        let visitCount = FormKey<Int>("visitCount")
        let homeVisits = FormKey<Int>("homeVisits")
        let stops = RepeatGroup("visits", fields: [
            FieldDefinition(day),
            // The household's city, two levels out.
            FieldDefinition(FormKey<String>("where")).calculated { row in row.outer.outer[city] },
        ])
        .summary(visitCount, .count)   // households.r1.members.r2.visitCount: this member's visits
        let residents = RepeatGroup("members", fields: [FieldDefinition(FormKey<String>("name")), FieldDefinition(stops)])
            .summary(homeVisits, .sum(visitCount))   // households.r1.homeVisits: this household's visits
        let visitsSurvey = try FormDefinition([FieldDefinition(RepeatGroup("households", fields: [
            FieldDefinition(city),
            FieldDefinition(residents),
        ]).summary(FormKey<Int>("allVisits"), .sum(homeVisits)))])   // allVisits: every visit of every member
        // --- end
        let form = FormContextObject(definition: visitsSurvey)
        for town in ["Ouro", "Kano"] {
            let home = try form.appendRow(to: "households", ["city": town])
            let members = home.scope(in: "households").key("members")
            let member = try form.appendRow(to: members)
            let visits = member.scope(in: members).key("visits")
            let first = try form.appendRow(to: visits, ["day": 1])
            try form.appendRow(to: visits, ["day": 2])
            #expect(form[FormKey<String>("where").scoped(in: first.scope(in: visits))] == town)
            #expect(form[visitCount.scoped(in: member.scope(in: members))] == 2)
            #expect(form[homeVisits.scoped(in: home.scope(in: "households"))] == 2)
        }
        #expect(form[FormKey<Int>("allVisits")] == 4)
        try form.removeRows([RowID(1)], from: "households")
        #expect(form[FormKey<Int>("allVisits")] == 2)
    }

    @Test("groups of fields in a row")
    func fieldGroupsInRows() throws {
        // --- Docs/Repeats.md: Groups of fields in a row
        let memberAge = FormKey<Int>("age")
        let patients = RepeatGroup("members", fields: [
            FieldDefinition(memberAge),
            FieldDefinition(FormKey<Int>("vitals.height"), validators: [.required()]),
            FieldDefinition(FormKey<Int>("vitals.weight")),
        ], groups: [
            // members.r3.vitals.height and .weight, shown for children only
            FieldGroup("vitals").visible(when: { row in (row[memberAge] ?? 0) < 18 }),
        ])
        // --- end
        let form = FormContextObject(definition: try FormDefinition([FieldDefinition(patients)]))
        let child = try form.appendRow(to: "members", ["age": 4])
        let adult = try form.appendRow(to: "members", ["age": 44])
        #expect(form.fieldState(for: child.scope(in: "members").key("vitals.height")).isVisible)
        #expect(!form.fieldState(for: adult.scope(in: "members").key("vitals.weight")).isVisible)
        #expect(form.validate().errors.map(\.key) == ["members.r1.vitals.height"])
    }

    @Test("read-only rows")
    func readOnlyRows() throws {
        // --- Docs/Repeats.md: Read-only rows
        let signedOff = FormKey<Bool>("signedOff")
        let clinicVisits = RepeatGroup("visits", fields: [
            FieldDefinition(FormKey<Int>("day"), validators: [.range(1...31)]),
            FieldDefinition(signedOff),
        ])
            .rowReadOnly(when: { row in row[signedOff] == true })   // visits.r1 and all it holds
        let clinic = FormContextObject(definition: try FormDefinition([FieldDefinition(clinicVisits)]))
        let first = try clinic.appendRow(to: "visits", ["day": 3, "signedOff": true])
        let day = first.scope(in: "visits").key("day")   // visits.r1.day
        let locked = clinic.fieldState(for: day).isReadOnly              // true: not editable by the person filling in the form
        let submitted = clinic.activeValues[day]         // 3: still validated and submitted
        // --- end
        #expect(locked)
        #expect(submitted == AnyHashable(3))
        #expect(clinic.fieldState(for: first.scope(in: "visits").prefix).isReadOnly)
        #expect(!clinic.fieldState(for: "visits").isReadOnly)
        clinic.set(40, for: day)
        #expect(clinic.validate().errors.map(\.key) == [day])
    }

    @Test("rows shown and editable by a condition")
    func rowConditions() throws {
        // --- Docs/Repeats.md: Rows shown and editable by a condition
        let visitDay = FormKey<Int>("day")
        let moved = FormKey<Bool>("movedAway")
        let seen = RepeatGroup("visits", fields: [FieldDefinition(visitDay, validators: [.range(1...31)])])
            // A visit after the household's last day is not asked about.
            .rowVisible(when: { row in (row[visitDay] ?? 0) <= (row.outer.outer[FormKey<Int>("lastDay")] ?? 31) })
            .summary(FormKey<Int>("visitCount"), .count)
        let residentRows = RepeatGroup("members", fields: [
            FieldDefinition(FormKey<String>("name"), validators: [.required()]),
            FieldDefinition(moved),
            FieldDefinition(seen),
        ])
            .rowVisible(when: { row in row[moved] != true })   // members.r2 and all it holds
            .summary(FormKey<Int>("residents"), .count)
        let homes = try FormDefinition([FieldDefinition(RepeatGroup("households", fields: [
            FieldDefinition(FormKey<Int>("lastDay")),
            FieldDefinition(residentRows),
        ]))])
        let round = FormContextObject(definition: homes)
        let house = try round.appendRow(to: "households")
        let people = house.scope(in: "households").key("members")   // households.r1.members
        let kofi = try round.appendRow(to: people, ["name": "Kofi"])
        try round.appendRow(to: people, ["name": "Ama"])
        round.set(true, for: kofi.scope(in: people).key("movedAway"))
        let shown = round.fieldState(for: kofi.scope(in: people).prefix).isVisible   // false: households.r1.members.r1
        let residents = round[FormKey<Int>("residents").scoped(in: house.scope(in: "households"))]   // 1
        // --- end
        #expect(!shown)
        #expect(residents == 1)
        let visits = kofi.scope(in: people).key("visits")
        try round.appendRow(to: visits, ["day": 40])
        #expect(!round.fieldState(for: visits + ".r1.day").isVisible)
        round.set(false, for: kofi.scope(in: people).key("movedAway"))
        round.set(20, for: house.scope(in: "households").key("lastDay"))
        #expect(round.validate().errors.isEmpty)
        round.set(50, for: house.scope(in: "households").key("lastDay"))
        #expect(round.validate().errors.compactMap(\.key) == [visits + ".r1.day"])
        #expect(round[FormKey<Int>("visitCount").scoped(in: kofi.scope(in: people))] == 1)
        let json = try FormSubmission(round.activeValues, definition: homes).json(pretty: false)
        #expect(json == #"{"households":[{"lastDay":50,"members":[{"movedAway":false,"name":"Kofi","visitCount":1,"visits":[{"day":40}]},{"name":"Ama","visitCount":0,"visits":[]}],"residents":2}]}"#)
    }

    @Test("rules reading the row, the previous row and outside the group")
    func rowRules() throws {
        // --- Docs/Repeats.md: Rules in a row
        let visit = FormKey<Date>("visit")
        let daysSincePrevious = FormKey<Int>("daysSincePrevious")
        let outOfArea = FormKey<Bool>("outOfArea")
        let area = FormKey<String>("area")
        let visits = RepeatGroup("visits", fields: [
            FieldDefinition(visit),
            FieldDefinition(area),
            // The previous row's date: runs again when this row's previous row changes, only then.
            FieldDefinition(daysSincePrevious).calculated { (row: FormValues) -> Int? in
                guard let date = row[visit], let before = row.previousRow?[visit] else { return nil }
                return Int(date.timeIntervalSince(before) / 86_400)
            },
            // A field outside the group, read through `outer`.
            FieldDefinition(outOfArea).calculated { row in
                row[area].map { $0 != row.outer[FormKey<String>("homeArea")] }
            },
        ])
        // --- end
        let form = FormContextObject(definition: try FormDefinition([FieldDefinition(FormKey<String>("homeArea")), FieldDefinition(visits)]))
        form.set("north", for: FormKey<String>("homeArea").name)
        let first = try form.appendRow(to: "visits", ["visit": Date(timeIntervalSince1970: 0), "area": "north"])
        let second = try form.appendRow(to: "visits", ["visit": Date(timeIntervalSince1970: 86_400 * 3), "area": "south"])
        #expect(form[daysSincePrevious.scoped(in: second.scope(in: "visits"))] == 3)
        #expect(form[daysSincePrevious.scoped(in: first.scope(in: "visits"))] == nil)
        #expect(form[outOfArea.scoped(in: second.scope(in: "visits"))] == true)
        try form.moveRow(second, in: "visits", to: 0)
        #expect(form[daysSincePrevious.scoped(in: first.scope(in: "visits"))] == -3)
    }

    @Test("the number of rows from a rule; the same checks on a server")
    func countAndServer() throws {
        // --- Docs/Repeats.md: The number of rows from a rule
        let childCount = FormKey<Int>("childCount")
        let children = RepeatGroup("children", maximum: 20, fields: [FieldDefinition(FormKey<String>("name"))])
            .count { values in values[childCount] }
        // --- end
        let definition = try FormDefinition([FieldDefinition(childCount), FieldDefinition(children)])
        let form = FormContextObject(definition: definition)
        form.set(2, for: childCount.name)
        #expect(form.rows(of: "children").count == 2)

        // --- Docs/Repeats.md: On the server
        var submitted: FormContext = [:]
        submitted.set(RowOrder([RowID(1), RowID(2)]), for: "members")
        submitted.set("Ada", for: "members.r1.name")
        submitted.set("Ada", for: "members.r2.name")
        submitted.set(200, for: "members.r2.age")
        let report = try FormDefinition([FieldDefinition(
            RepeatGroup("members", fields: [FieldDefinition(FormKey<String>("name")), FieldDefinition(FormKey<Int>("age"), validators: [.range(0...130)])])
                .validator(.unique(FormKey<String>("name"))))]).validate(submitted)
        // members: has the same name in more than one row
        // members.r2.age: must be between 0 and 130
        // --- end
        #expect(report.errors.map(\.key) == ["members", "members.r2.age"])
        #expect(report.errors.first?.message == "has the same name in more than one row")
    }
}
