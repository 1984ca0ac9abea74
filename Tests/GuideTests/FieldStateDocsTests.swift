import FormContext
import Testing

/// The examples of Docs/Validation.md's "Field state beside react-hook-form and final-form", verbatim,
/// with their printed output checked.
@Suite("Field state guide examples")
struct FieldStateDocsTests {
    @Test func onTouched() async throws {
        let printer = DocPrinter()
        let print = printer.print
        // --- Docs/Validation.md: onTouched
        let profile = try FormDefinition([FieldDefinition(FormKey<String>("email"), validators: [.required(), .email()])])
        let form = FormContextObject(definition: profile, options: ValidationOptions(mode: .onTouched))
        form.set("ada@", for: "email", origin: .user)
        print(form.fieldState(for: "email").errors.map(\.message))
        form.blur("email")
        print(form.fieldState(for: "email").errors.map(\.message))
        form.set("ada@example.com", for: "email", origin: .user)
        print(form.fieldState(for: "email").errors.map(\.message))
        // --- end
        #expect(printer.output == [
            "[]",
            #"["is not a valid email address"]"#,
            "[]",
        ])
    }
}
