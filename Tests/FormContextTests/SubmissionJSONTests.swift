import Foundation
import Testing

@testable import FormContextCore

enum Preview: String, Hashable, Sendable, CaseIterable {
    case always, whenUnlocked, never
}

enum Level: Int, Hashable, Sendable {
    case low = 1, high = 3
}

/// A value with a type JSON does not know.
struct Point: Hashable, Sendable {
    var x = 0, y = 0
}

struct JSONCase: CustomTestStringConvertible, Sendable {
    let name: String
    let value: any Hashable & Sendable
    let json: String
    var testDescription: String { name }

    init(_ name: String, _ value: any Hashable & Sendable, _ json: String) {
        self.name = name
        self.value = value
        self.json = json
    }
}

@Suite("Submission JSON")
struct SubmissionJSONTests {
    @Test(arguments: [
        JSONCase("String", "Ada", #""Ada""#),
        JSONCase("escaped String", "a\"b\\c\nd\te\u{01}/é🙂", #""a\"b\\c\nd\te\u0001/é🙂""#),
        JSONCase("empty String", "", #""""#),
        JSONCase("Bool", true, "true"),
        JSONCase("Int", -42, "-42"),
        JSONCase("Int64 max", Int64.max, "9223372036854775807"),
        JSONCase("UInt8", UInt8(255), "255"),
        JSONCase("Double", 3.25, "3.25"),
        JSONCase("Double whole", 2.0, "2.0"),
        JSONCase("Double tiny", 1e-7, "1e-07"),
        JSONCase("Float", Float(0.1), "0.1"),
        JSONCase("Decimal", Decimal(string: "1234.5678")!, "1234.5678"),
        JSONCase("Date", Date(timeIntervalSince1970: 1_714_564_800), #""2024-05-01T12:00:00Z""#),
        JSONCase("UUID", UUID(uuidString: "E621E1F8-C36C-495A-93FC-0C247A3E6E5F")!, #""E621E1F8-C36C-495A-93FC-0C247A3E6E5F""#),
        JSONCase("URL", URL(string: "https://example.com/a?b=1")!, #""https://example.com/a?b=1""#),
        JSONCase("String enum", Preview.whenUnlocked, #""whenUnlocked""#),
        JSONCase("Int enum", Level.high, "3"),
        JSONCase("array of String", ["a", "b"], #"["a","b"]"#),
        JSONCase("array of enums", [Preview.never, .always], #"["never","always"]"#),
        JSONCase("nested array", [[1, 2], [3]], "[[1,2],[3]]"),
        JSONCase("empty array", [Int](), "[]"),
    ])
    func encodesEachType(_ input: JSONCase) throws {
        let submission = try FormSubmission(["value": input.value])
        #expect(submission.json(pretty: false) == #"{"value":"# + input.json + "}")
    }

    @Test func prettyOutputIsSortedAndIndented() throws {
        let submission = try FormSubmission([
            "networkName": "my network", "isEnabled": true, "tags": ["a", "b"], "empty": [String](), "password": "hello",
        ], secureKeys: ["password"])
        #expect(submission.json() == """
            {
              "empty": [],
              "isEnabled": true,
              "networkName": "my network",
              "password": "hello",
              "tags": [
                "a",
                "b"
              ]
            }
            """)
        #expect(submission.jsonData(pretty: false) == Data(#"{"empty":[],"isEnabled":true,"networkName":"my network","password":"hello","tags":["a","b"]}"#.utf8))
        #expect(try FormSubmission(FormContext()).json() == "{}")
    }

    @Test func jsonIsReadableByJSONSerialization() throws {
        let submission = try FormSubmission(["name": "Zoë \"Z\"", "count": 3, "ratio": 0.5, "list": [1, 2]])
        let object = try #require(try JSONSerialization.jsonObject(with: submission.jsonData()) as? [String: Any])
        #expect(object["name"] as? String == "Zoë \"Z\"")
        #expect(object["count"] as? Int == 3)
        #expect(object["list"] as? [Int] == [1, 2])
    }

    @Test func unsupportedTypesAreErrorsNamingTheKey() {
        #expect(throws: SubmissionError.unencodableValue(key: "origin", type: "Point")) {
            try FormSubmission(["name": "Ada", "origin": Point()])
        }
        #expect(SubmissionError.unencodableValue(key: "origin", type: "Point").description
            == "cannot encode the value of 'origin' as JSON: Point is not supported")
        #expect(throws: SubmissionError.unencodableValue(key: "bytes", type: "Data")) {
            try FormSubmission(["bytes": Data([1, 2])])
        }
        #expect(throws: SubmissionError.unencodableValue(key: "points", type: "Point")) {
            try FormSubmission(["points": [Point()]])
        }
        #expect(throws: SubmissionError.nonFiniteNumber(key: "ratio", value: "nan")) {
            try FormSubmission(["ratio": Double.nan])
        }
        #expect(throws: SubmissionError.nonFiniteNumber(key: "ratio", value: "inf")) {
            try FormSubmission(["ratio": Double.infinity])
        }
        #expect(SubmissionError.nonFiniteNumber(key: "ratio", value: "nan").description
            == "cannot encode the value of 'ratio' as JSON: nan is not a finite number")
        #expect(SubmissionError.nonFiniteNumber(key: "ratio", value: "nan").key == "ratio")
    }

    @Test func typedAccess() throws {
        let submission = try FormSubmission(["age": 36, "name": "Ada"])
        #expect(submission[FormKey<Int>("age")] == 36)
        #expect(submission["name"] == AnyHashable("Ada"))
        #expect(submission.values.count == 2)
    }
}

@Suite("Submission redaction")
struct SubmissionRedactionTests {
    @Test func secretsAreMaskedInEveryDescription() throws {
        let submission = try FormSubmission(["name": "Ada", "password": "hunter2"], secureKeys: ["password"])
        #expect(submission.description == #"FormSubmission(name: "Ada", password: ••••••)"#)
        #expect(submission.debugDescription == #"FormSubmission #0 ["name": "Ada", "password": ••••••]"#)
        #expect(String(describing: submission) == submission.description)
        #expect(String(reflecting: submission) == submission.debugDescription)
        #expect("\(submission)".contains("hunter2") == false)
        #expect(submission.values.lines() == ["name: Ada", "password: ••••••"])
        #expect(submission.values.lines(revealingSecrets: true) == ["name: Ada", "password: hunter2"])
        #expect(submission.json(pretty: false) == #"{"name":"Ada","password":"hunter2"}"#, "the handler gets the real value")
    }

    @Test func secretFieldsOfADefinitionStayMaskedThroughSubmit() async throws {
        let definition = try FormDefinition([
            FieldDefinition(FormKey<String>("password"), default: "hello", isSecure: true, validators: [.required()])
        ])
        let form = FormContextObject(definition: definition)
        let result = await form.submit { _ in .accepted }
        let submission = try #require(result.submission)
        #expect(submission.description == "FormSubmission(password: ••••••)")
        #expect(form.context.description == #"["password": ••••••]"#)
        #expect(submission.json(pretty: false) == #"{"password":"hello"}"#)
    }

    @Test func debugDumpsMaskSecrets() throws {
        let submission = try FormSubmission(["name": "Ada", "password": "hunter2"], secureKeys: ["password"])
        var dumped = ""
        dump(submission, to: &dumped)
        #expect(!dumped.contains("hunter2"))
        #expect(dumped.contains("••••••"))
        #expect(dumped.contains("\"Ada\""))

        var context: FormContext = ["password": "hunter2"]
        context.setSecure(for: "password")
        var dumpedContext = ""
        dump(context, to: &dumpedContext)
        #expect(!dumpedContext.contains("hunter2"))
        #expect(String(reflecting: context) == #"FormContext(["password": ••••••])"#)
    }

    @Test func fieldStateDescriptionMasksSecrets() async throws {
        let definition = try FormDefinition([
            FieldDefinition(FormKey<String>("password"), isSecure: true, validators: [.minLength(8)])
        ])
        let form = FormContextObject(definition: definition, options: ValidationOptions(mode: .onChange))
        form.set("hunter2", for: "password", origin: .user)
        form.blur("password")
        let state = form.fieldState(for: "password")
        #expect(state.description == "password: •••••• (dirty, touched, errors: [must be at least 8 characters])")
        var dumped = ""
        dump(state, to: &dumped)
        #expect(!dumped.contains("hunter2"))
        #expect(FieldState(key: "name", value: "Ada").description == #"name: "Ada""#)
        #expect(FieldState(key: "name", isVisible: false, isEnabled: false).description == "name: nil (hidden, disabled)")
    }

    @Test func changeDumpsMaskSecrets() {
        let form = FormContextObject()
        form.setSecure(for: "password")
        let change = form.set("hunter2", for: "password", origin: .user)!
        var dumped = ""
        dump(change, to: &dumped)
        #expect(!dumped.contains("hunter2"))
        #expect(dumped.contains("••••••"))
        #expect(change.description == "password: nil -> •••••• (user)")

        let plain = form.set("Ada", for: "name")!
        var dumpedPlain = ""
        dump(plain, to: &dumpedPlain)
        #expect(dumpedPlain.contains(#""Ada""#))
    }

    @Test func aSecretControlsParseErrorHidesTheText() throws {
        let form = FormContextObject()
        let pin = FieldControl(key: "pin", value: 1234, format: .integer, isSecure: true)
        try pin.connect(to: form)
        pin.text = "12a4"
        #expect(pin.parseError?.description == "unreadable text for key 'pin': expected Int, found \"••••••\"")
        #expect(form[FormKey<Int>("pin")] == 1234)
    }
}
