@testable import FormContextCore
import Testing

/// Blank text (white space only) counts as empty for every validator but `required`, so a person
/// who typed only spaces sees one message: the field is required.
@Suite("Blank text")
struct BlankTextValidationTests {
    static let blanks = [" ", "   ", "\t", " \n ", "\u{00A0}\u{2003}", "\r\n"]

    @Test("blank text fails only required, in a definition", arguments: blanks)
    func definition(blank: String) throws {
        let definition = try FormDefinition([
            FieldDefinition(FormKey<String>("name"), validators: [
                .required(), .minLength(3), .maxLength(1), .pattern("[a-z]+"), .email(), .url(), .oneOf(["a"]),
                .equals("other"), .custom(message: "never passes") { _, _ in false },
            ]),
            FieldDefinition(FormKey<String>("other")),
        ])
        let report = definition.validate(["name": blank, "other": "x"])
        #expect(report.lines == ["name: is required"])
    }

    @Test("blank text passes every validator but required on its own", arguments: blanks)
    func validators(blank: String) {
        #expect(!Validator<String>.required().passes(blank))
        for validator: Validator<String> in [
            .minLength(3), .maxLength(1), .pattern("[a-z]+"), .email(), .url(), .oneOf(["a"]), .equals("other"),
            .custom(message: "never passes") { _, _ in false },
        ] {
            #expect(validator.passes(blank, in: ["other": "x"]), "\(validator.rule) failed on blank text")
        }
    }

    @Test("a live form shows one message for a field holding blank text")
    func liveForm() async throws {
        let definition = try FormDefinition([
            FieldDefinition(FormKey<String>("name"), validators: [.required(), .pattern("[a-z]+")]),
        ])
        let form = FormContextObject(definition: definition, values: ["name": "   "])
        let result = await form.submit { _ in .accepted }
        #expect(result.report?.lines == ["name: is required"])
        #expect(form.fieldState(for: "name").errors.map(\.message) == ["is required"])
    }

    @Test("without required, blank text is simply empty and passes")
    func notRequired() throws {
        let definition = try FormDefinition([FieldDefinition(FormKey<String>("nickname"), validators: [.minLength(4)])])
        #expect(definition.validate(["nickname": "  "]).isValid)
        #expect(!definition.validate(["nickname": " a "]).isValid)
    }
}
