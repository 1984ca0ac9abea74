import Foundation
import Testing

@testable import FormContextCore
@testable import FormContextDurability

/// A household with a secret field in each row, for the JSON tests.
enum Guests {
    static let name = FormKey<String>("name")
    static let age = FormKey<Int>("age")
    static let pin = FormKey<String>("pin")

    static func definition(minimum: Int = 0) throws -> FormDefinition {
        try FormDefinition([
            FieldDefinition(FormKey<String>("host")),
            FieldDefinition(
                RepeatGroup("guests", minimum: minimum, fields: [
                    FieldDefinition(name, validators: [.required()]),
                    FieldDefinition(age),
                    FieldDefinition(pin, isSecure: true),
                ])
                .summary(FormKey<Int>("guestCount"), .count)),
        ])
    }

    /// A form with the rows `rows` (name, age, pin), made through the live form's row operations.
    static func form(_ rows: [(String, Int?, String?)]) throws -> FormContextObject {
        let form = FormContextObject(definition: try definition())
        form.set("Grace", for: "host")
        for (name, age, pin) in rows {
            var values: FormContext = ["name": name]
            values.set(age, for: "age")
            values.set(pin, for: "pin")
            try form.appendRow(to: "guests", values)
        }
        return form
    }
}

@Suite("Repeat groups in JSON")
struct RepeatGroupJSONTests {
    @Test("a group is an array of row objects in row order; no row key and no order appear")
    func submissionHoldsRows() async throws {
        let form = try Guests.form([("Ada", 36, nil), ("Bob", nil, "1234"), ("Cy", 7, nil)])
        try form.moveRow(RowID(3), in: "guests", to: 0)
        try form.removeRows([RowID(2)], from: "guests")
        let submission = try FormSubmission(form.activeValues)
        #expect(submission.json(pretty: false)
            == #"{"guestCount":2,"guests":[{"age":7,"name":"Cy"},{"age":36,"name":"Ada"}],"host":"Grace"}"#)
        #expect(submission.json(pretty: false, includingRowIDs: true)
            == #"{"guestCount":2,"guests":[{"$row":"r3","age":7,"name":"Cy"},{"$row":"r1","age":36,"name":"Ada"}],"host":"Grace"}"#)
        #expect(submission.jsonValues == (try JSONValue(parsing: submission.json())))
        // The row keys stay readable in the submission itself.
        #expect(submission[Guests.name.scoped(in: FormScope("guests.r3"))] == "Cy")
    }

    @Test("the submit pipeline hands the handler rows as arrays")
    func submitPipeline() async throws {
        let form = try Guests.form([("Ada", 36, nil)])
        let sent = SendableBox<String?>(nil)
        let result = await form.submit { submission in
            sent.mutate { $0 = submission.json(pretty: false) }
            return .accepted
        }
        #expect(result.isSuccess)
        #expect(sent.value == #"{"guestCount":1,"guests":[{"age":36,"name":"Ada"}],"host":"Grace"}"#)
    }

    @Test("a submit leaves out the rows of a group the program hid, never sending their keys flat")
    func submitHiddenGroup() async throws {
        let form = try Guests.form([("Ada", 36, nil)])
        form.setVisible(false, for: "guests")
        let sent = SendableBox<String?>(nil)
        let result = await form.submit { submission in
            sent.mutate { $0 = submission.json(pretty: false) }
            return .accepted
        }
        #expect(result.isSuccess)
        #expect(sent.value == #"{"guestCount":1,"host":"Grace"}"#)
    }

    @Test("the rows of a group the program hid are not validated, as the rows of a group a rule hides are not")
    func hiddenGroupRowsNotValidated() async throws {
        let form = try Guests.form([("", 36, nil)])
        form.setVisible(false, for: "guests")
        #expect(!form.fieldState(for: "guests.r1.name").isVisible)
        #expect(await form.submit { _ in .accepted }.isSuccess)
        form.setVisible(true, for: "guests")
        #expect(form.fieldState(for: "guests.r1.name").isVisible)
        #expect(await !form.submit { _ in .accepted }.isSuccess)
    }

    @Test("pretty JSON indents rows like any nested value")
    func prettyRows() throws {
        let form = try Guests.form([("Ada", 36, nil)])
        #expect(try FormSubmission(form.activeValues).json() == """
            {
              "guestCount": 1,
              "guests": [
                {
                  "age": 36,
                  "name": "Ada"
                }
              ],
              "host": "Grace"
            }
            """)
        let empty = try Guests.form([])
        #expect(try FormSubmission(empty.activeValues).json(pretty: false) == #"{"guestCount":0,"guests":[],"host":"Grace"}"#)
    }

    @Test("a secret field of a row is masked where secrets are masked, and sent as it is")
    func secretRowFields() throws {
        let form = try Guests.form([("Bob", nil, "1234")])
        let submission = try FormSubmission(form.activeValues)
        #expect(submission.json(pretty: false, maskingSecrets: true) == #"{"guestCount":1,"guests":[{"name":"Bob","pin":"••••••"}],"host":"Grace"}"#)
        #expect(submission.json(pretty: false) == #"{"guestCount":1,"guests":[{"name":"Bob","pin":"1234"}],"host":"Grace"}"#)
        #expect(!submission.description.contains("1234"))
        #expect(!String(reflecting: submission).contains("1234"))
        #expect(submission.description.contains(#"guests.r1.pin: ••••••"#))
    }

    @Test("a finalized record read back keeps rows as JSON and masks a group holding a secret field")
    func finalizedRecord() throws {
        let form = try Guests.form([("Bob", nil, "1234")])
        let record = FinalizedSubmission(submission: try FormSubmission(form.activeValues))
        let back = try FinalizedSubmission(payload: record.payload())
        #expect(back.submission.json() == record.submission.json())
        #expect(back.submission.values.secureKeys == ["guests"])
        #expect(!back.description.contains("1234"))
        #expect(back.submission.json(pretty: false, maskingSecrets: true) == #"{"guestCount":1,"guests":"••••••","host":"Grace"}"#)
    }

    @Test("a hidden field of a row is left out of its row's object")
    func hiddenRowField() throws {
        let form = try Guests.form([("Ada", 36, nil), ("Bob", 40, nil)])
        form.setVisible(false, for: "guests.r2.age")
        #expect(try FormSubmission(form.activeValues).json(pretty: false)
            == #"{"guestCount":2,"guests":[{"age":36,"name":"Ada"},{"name":"Bob"}],"host":"Grace"}"#)
    }

    @Test("with its definition, a submission leaves out the rows of a group that is not submitted")
    func rowsOfHiddenGroup() throws {
        let form = try Guests.form([("Ada", 36, nil)])
        form.setVisible(false, for: "guests")
        let values = form.activeValues
        #expect(values["guests"] == nil)
        #expect(try FormSubmission(values, definition: form.definition).json(pretty: false) == #"{"guestCount":1,"host":"Grace"}"#)
        // A row key that names no row of the group's order is left out too.
        var stray: FormContext = [
            "guests": RowOrder([RowID(1)]), "guests.r1.name": "Ada", "guests.r9.name": "Ghost", "guests.r9.trips": RowOrder([RowID(1)]),
            "guests.r9.trips.r1.place": "Nowhere",
        ]
        stray.set("x", for: "guests.notARow")
        #expect(try FormSubmission(stray, definition: try Guests.definition()).json(pretty: false)
            == #"{"guests":[{"name":"Ada"}],"guests.notARow":"x"}"#)
    }

    @Test("a group inside a row is an array inside the row's object")
    func nestedGroups() throws {
        let context: FormContext = [
            "members": RowOrder([RowID(2), RowID(1)]),
            "members.r1.name": "Ada",
            "members.r1.visits": RowOrder([RowID(1)]),
            "members.r1.visits.r1.place": "Paris",
            "members.r2.name": "Bob",
            "members.r2.visits": RowOrder(),
        ]
        let submission = try FormSubmission(context)
        #expect(submission.json(pretty: false)
            == #"{"members":[{"name":"Bob","visits":[]},{"name":"Ada","visits":[{"place":"Paris"}]}]}"#)
        #expect(submission.json(pretty: false, includingRowIDs: true)
            == #"{"members":[{"$row":"r2","name":"Bob","visits":[]},{"$row":"r1","name":"Ada","visits":[{"$row":"r1","place":"Paris"}]}]}"#)
    }

    @Test("a value of a row that JSON cannot hold is named by its row's position")
    func unencodableRowValue() throws {
        let context: FormContext = [
            "a": 1, "rows": RowOrder([RowID(4), RowID(2)]), "rows.r2.ratio": Double.nan, "rows.r4.ratio": 1.5, "z": Double.infinity,
        ]
        let error = try #require(throws: SubmissionError.self) { try FormSubmission(context) }
        #expect(error.description == "cannot encode the value of 'rows[1].ratio' as JSON: nan is not a finite number")
        #expect(error.key == "rows[1].ratio")
    }

    // MARK: Reading JSON back

    @Test("reading a group back gives a row order of fresh ids in row order, and the rows' keys")
    func decodesRows() throws {
        let definition = try Guests.definition()
        let values = try FormSubmission(json: #"{"guests":[{"name":"Cy","age":7},{"name":"Ada","pin":"1234"}],"host":"Grace"}"#, definition: definition).values
        #expect(values["guests"] == AnyHashable(RowOrder([RowID(1), RowID(2)])))
        #expect(values[Guests.name.scoped(in: FormScope("guests.r1"))] == "Cy")
        #expect(values[Guests.age.scoped(in: FormScope("guests.r1"))] == 7)
        #expect(values[Guests.name.scoped(in: FormScope("guests.r2"))] == "Ada")
        #expect(values.secureKeys == ["guests.r2.pin"])
        #expect(values.sortedKeys == ["guests", "guests.r1.age", "guests.r1.name", "guests.r2.name", "guests.r2.pin", "host"])
        // `null` is an absent group; an empty array a group of no rows.
        #expect(try FormSubmission(json: #"{"guests":null}"#, definition: definition).values.isEmpty)
        #expect(try FormSubmission(json: #"{"guests":[]}"#, definition: definition).values["guests"] == AnyHashable(RowOrder()))
    }

    @Test("ids the JSON carries are kept; a row without one gets the smallest number no row carries")
    func decodesCarriedIDs() throws {
        let definition = try Guests.definition()
        let values = try FormSubmission(json: #"{"guests":[{"$row":"r3","name":"Cy"},{"name":"Ada"},{"$row":"r1","name":"Bob"},{"name":"Di"}]}"#, definition: definition).values
        #expect(values["guests"] == AnyHashable(RowOrder([RowID(3), RowID(2), RowID(1), RowID(4)])))
        #expect(values[Guests.name.scoped(in: FormScope("guests.r2"))] == "Ada")
        #expect(values[Guests.name.scoped(in: FormScope("guests.r4"))] == "Di")
    }

    struct BadRows: CustomTestStringConvertible, Sendable {
        let json: String
        let message: String
        var testDescription: String { message }
    }

    @Test("every error names the row by its position from 0", arguments: [
        BadRows(json: #"{"guests":[{"name":"A"},{"name":"B"},{"age":"x"}]}"#,
                message: #"cannot read 'guests[2].age': expected Int, found "x""#),
        BadRows(json: #"{"guests":[{"name":"A","pin":17}]}"#, message: "cannot read 'guests[0].pin': expected String, found a number"),
        BadRows(json: #"{"guests":{"name":"A"}}"#, message: "cannot read 'guests': expected an array of rows, found an object"),
        BadRows(json: #"{"guests":[{"name":"A"},"B"]}"#, message: "cannot read 'guests[1]': expected an object of the row's fields, found a string"),
        BadRows(json: #"{"guests":[{"name":"A","nick":"a"}]}"#, message: "cannot read 'guests[0].nick': the form has no such field (found a string)"),
        BadRows(json: #"{"guests":[{"$row":"row 1"}]}"#, message: #"cannot read 'guests[0].$row': expected a row id from r1 to r4503599627370496, found "row 1""#),
        BadRows(json: #"{"guests":[{"$row":3}]}"#, message: "cannot read 'guests[0].$row': expected a row id from r1 to r4503599627370496, found 3"),
        BadRows(json: #"{"guests":[{"$row":"r9223372036854775807"}]}"#,
                message: #"cannot read 'guests[0].$row': expected a row id from r1 to r4503599627370496, found "r9223372036854775807""#),
        BadRows(json: #"{"guests":[{"$row":"r2"},{"$row":"r2"}]}"#,
                message: #"cannot read 'guests[1].$row': expected a row id no earlier row carries, found "r2""#),
        BadRows(json: #"{"guests.r1.name":"A"}"#, message: "cannot read 'guests.r1.name': the form has no such field (found a string)"),
        BadRows(json: #"{"guestCount":"two"}"#, message: #"cannot read 'guestCount': expected Int, found "two""#),
    ])
    func rowErrors(_ bad: BadRows) throws {
        let error = try #require(throws: FormDecodingError.self) { try FormSubmission(json: bad.json, definition: try Guests.definition()) }
        #expect(error.description == bad.message)
    }

    @Test("the JSON of a group with secret fields is never shown, only its kind")
    func secretGroupsHideJSON() throws {
        let definition = try Guests.definition()
        let notAnArray = try #require(throws: FormDecodingError.self) { try FormSubmission(json: #"{"guests":"hunter2"}"#, definition: definition).values }
        #expect(notAnArray.description == "cannot read 'guests': expected an array of rows, found a string")
        let broken = try #require(throws: FormDecodingError.self) { try FormSubmission(json: #"{"guests":[{"pin":"hunter2"#, definition: definition).values }
        #expect(!broken.description.contains("hunter2"))
    }

    @Test("keys inside a row that the group has no field for follow the unknown-key policy")
    func unknownRowKeys() throws {
        let definition = try Guests.definition()
        let json = #"{"guests":[{"name":"A","nick":"a"}]}"#
        let ignored = try FormSubmission(json: json, definition: definition, unknownKeys: .ignore).values
        #expect(ignored.sortedKeys == ["guests", "guests.r1.name"])
        let kept = try FormSubmission(json: json, definition: definition, unknownKeys: .keepAsJSON).values
        #expect(kept["guests.r1.nick"] == AnyHashable(JSONValue.string("a")))
        #expect(try FormSubmission(kept).json(pretty: false) == #"{"guests":[{"name":"A","nick":"a"}]}"#)
    }

    @Test("a submission read back with its definition writes the same JSON, row ids included")
    func submissionRoundTrip() throws {
        let form = try Guests.form([("Ada", 36, "1234"), ("Bob", nil, nil), ("Cy", 7, nil)])
        try form.removeRows([RowID(1)], from: "guests")
        try form.moveRow(RowID(3), in: "guests", to: 0)
        let submission = try FormSubmission(form.activeValues)
        for includingRowIDs in [false, true] {
            let json = submission.json(includingRowIDs: includingRowIDs)
            let back = try FormSubmission(json: json, definition: try Guests.definition())
            #expect(back.json(includingRowIDs: includingRowIDs) == json)
            let noDefinition = try FormSubmission(json: json, definition: nil)
            #expect(noDefinition.json(includingRowIDs: includingRowIDs) == json)
        }
        let withIDs = try FormSubmission(json: submission.json(includingRowIDs: true), definition: try Guests.definition())
        #expect(withIDs.values == submission.values)
    }
}
