import Foundation
import Testing

@testable import FormContextCore

@Suite("Form definitions")
struct DefinitionTests {
    static func signUp() throws -> FormDefinition {
        try FormDefinition(
            [
                FieldDefinition(FormKey<String>("username"), validators: [.required(), .pattern("[a-z0-9_]+"), .maxLength(20)]),
                FieldDefinition(FormKey<String>("email"), validators: [.required("Enter an email address"), .email()]),
                FieldDefinition(FormKey<Int>("age"), validators: [.range(13...130)]),
                FieldDefinition(FormKey<String>("password"), isSecure: true, validators: [.required(), .minLength(8), .minLength(12).warning()]),
                FieldDefinition(FormKey<String>("confirm"), isSecure: true, validators: [.required(), .equals("password")]),
            ],
            validators: [
                FormValidator("notUsername", message: "The password must not be the user name") { values in
                    values["password"] == nil || values["password"] != values["username"]
                }
            ])
    }

    @Test func invalidPatternFailsTheDefinitionNamingIt() {
        #expect(throws: FormDefinitionError.invalidPattern(key: "code", pattern: "[a-")) {
            try FormDefinition([FieldDefinition(FormKey<String>("code"), validators: [.required(), .pattern("[a-")])])
        }
        let error = FormDefinitionError.invalidPattern(key: "code", pattern: "[a-")
        #expect(error.description == "invalid pattern '[a-' for field 'code'")
    }

    @Test(arguments: ["(", "[", "*a", "a{2,1}", "(?<name", "\\"])
    func everyBrokenPatternIsRejected(_ pattern: String) {
        #expect(throws: FormDefinitionError.invalidPattern(key: "f", pattern: pattern)) {
            try FormDefinition([FieldDefinition(FormKey<String>("f"), validators: [.pattern(pattern)])])
        }
    }

    @Test func duplicateKeysAndUnknownDependenciesAreErrors() {
        #expect(throws: FormDefinitionError.duplicateKey("name")) {
            try FormDefinition([FieldDefinition(FormKey<String>("name")), FieldDefinition(FormKey<Int>("name"))])
        }
        #expect(FormDefinitionError.duplicateKey("name").description == "field 'name' is defined more than once")
        #expect(throws: FormDefinitionError.unknownDependency(key: "confirm", dependency: "pasword")) {
            try FormDefinition([
                FieldDefinition(FormKey<String>("password")),
                FieldDefinition(FormKey<String>("confirm"), validators: [.equals("pasword")]),
            ])
        }
        #expect(
            FormDefinitionError.unknownDependency(key: "confirm", dependency: "pasword").description
                == "field 'confirm' refers to unknown field 'pasword'")
    }

    @Test func definitionDescribesItsFields() throws {
        let definition = try Self.signUp()
        #expect(definition.keys == ["username", "email", "age", "password", "confirm"])
        #expect(definition.secureKeys == ["password", "confirm"])
        #expect(definition.field("username")?.rules == ["required", "pattern([a-z0-9_]+)", "maxLength(20)"])
        #expect(definition.field("age")?.valueTypeName == "Int")
        #expect(definition.field("confirm")?.dependencies == ["password"])
        #expect(definition.position(of: "age") == 2)
        #expect(definition.field("missing") == nil)
    }

    @Test func defaultsCarryValuesAndSecrecy() throws {
        let definition = try FormDefinition([
            FieldDefinition(FormKey<Bool>("isEnabled"), default: true),
            FieldDefinition(FormKey<String>("password"), default: "hello", isSecure: true),
            FieldDefinition(FormKey<String>("note")),
        ])
        let defaults = definition.defaults
        #expect(defaults == ["isEnabled": true, "password": "hello"])
        #expect(defaults.secureKeys == ["password"])
        #expect(defaults.description == #"["isEnabled": true, "password": ••••••]"#)
    }

    @Test func serverValidatesAPlainDictionary() throws {
        let definition = try Self.signUp()
        let submitted: FormContext = [
            "username": "Ada Lovelace", "email": "ada@example", "age": 12, "password": "short", "confirm": "shorter",
            "unknown": "ignored",
        ]
        let report = definition.validate(submitted)
        #expect(report.lines == [
            "username: has an invalid format",
            "email: is not a valid email address",
            "age: must be between 13 and 130",
            "password: must be at least 8 characters",
            "confirm: must match password",
        ])
        #expect(report.warnings.map(\.description) == ["password: must be at least 12 characters"])
        #expect(report.firstInvalidKey == "username")
        #expect(report.errors(for: "password").map(\.rule) == ["minLength(8)"])
        #expect(!report.isValid)
    }

    @Test func validDictionaryPassesWithWarningsOnly() throws {
        let report = try Self.signUp().validate([
            "username": "ada", "email": "ada@example.com", "password": "analytical", "confirm": "analytical",
        ])
        #expect(report.isValid)
        #expect(report.errors.isEmpty)
        #expect(report.warnings.map(\.description) == ["password: must be at least 12 characters"])
        #expect(report.description == "valid")
    }

    @Test func missingRequiredFieldsUseTheirMessages() throws {
        let report = try Self.signUp().validate([:])
        #expect(report.lines == ["username: is required", "email: Enter an email address", "password: is required", "confirm: is required"])
        #expect(report.errors.allSatisfy { $0.rule == "required" })
    }

    @Test func wrongTypeIsAnErrorNamingKeyAndTypes() throws {
        let report = try Self.signUp().validate(["username": 42, "email": "ada@example.com", "age": "forty", "password": "analytical", "confirm": "analytical"])
        #expect(report.errors == [
            ValidationIssue(key: "username", rule: "type", message: "expected String, found Int"),
            ValidationIssue(key: "age", rule: "type", message: "expected Int, found String"),
        ])
        #expect(report.lines == ["username: expected String, found Int", "age: expected Int, found String"])
    }

    @Test func formValidatorIssuesComeLast() throws {
        let report = try Self.signUp().validate([
            "username": "analytical", "email": "x", "password": "analytical", "confirm": "analytical",
        ])
        #expect(report.lines == ["email: is not a valid email address", "The password must not be the user name"])
        #expect(report.formErrors == [ValidationIssue(key: nil, rule: "notUsername", message: "The password must not be the user name")])
    }

    @Test func inactiveKeysAreLeftOut() throws {
        let report = try Self.signUp().validate(["username": "ada", "email": "ada@example.com"], inactiveKeys: ["password", "confirm"])
        #expect(report.isValid)
    }

    @Test func oneFieldAtATime() throws {
        let definition = try Self.signUp()
        #expect(definition.validate("confirm", in: ["password": "a", "confirm": "b"]).lines == ["confirm: must match password"])
        #expect(definition.validate("nothing", in: [:]).isValid)
    }

    @Test func validateAllScalesToTenThousandFields() throws {
        let fields = (0..<10_000).map { index in
            FieldDefinition(FormKey<String>("field\(index)"), validators: [.required(), .maxLength(8)])
        }
        let definition = try FormDefinition(fields)
        var context = FormContext()
        for index in 0..<10_000 where index % 1000 != 0 { context.set("v\(index)", for: "field\(index)") }
        let report = definition.validate(context)
        #expect(report.errors.count == 10)
        #expect(report.firstInvalidKey == "field0")
        #expect(report.errors.last?.key == "field9000")
    }

    @Test func definitionIsSendable() async throws {
        let definition = try Self.signUp()
        let report = await Task.detached { definition.validate(["username": "ada"]) }.value
        #expect(report.lines == ["email: Enter an email address", "password: is required", "confirm: is required"])
    }
}
