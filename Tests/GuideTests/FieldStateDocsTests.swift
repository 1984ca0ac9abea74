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

    @Test func stateQueries() async throws {
        let printer = DocPrinter()
        let print = printer.print
        // --- Docs/Validation.md: Shown, editable, required
        let survey = try FormDefinition([
            FieldDefinition(FormKey<Bool>("livesAlone")),
            FieldDefinition(FormKey<Int>("household.size"), validators: [.required()]),
            FieldDefinition(FormKey<String>("household.head")).required(when: { ($0[FormKey<Int>("household.size")] ?? 0) > 1 }),
        ], groups: [FieldGroup("household").visible(when: { $0[FormKey<Bool>("livesAlone")] != true })])
        let live = FormContextObject(definition: survey)
        print(live.fieldState(for: "household").isVisible, live.fieldState(for: "household.size").isRequired, live.fieldState(for: "household.head").isRequired)
        live.set(3, for: "household.size")
        live.set(true, for: "livesAlone")
        print(live.fieldState(for: "household").isVisible, live.fieldState(for: "household.size").isVisible, live.fieldState(for: "household.head").isRequired)
        // --- end
        #expect(printer.output == [
            "true true false",
            "false false true",
        ])
    }

    @Test func resetOptions() async throws {
        let printer = DocPrinter()
        let print = printer.print
        // --- Docs/Validation.md: Resetting
        let account = try FormDefinition([
            FieldDefinition(FormKey<String>("name"), default: "Ada", validators: [.required()]),
            FieldDefinition(FormKey<String>("email"), validators: [.required(), .email()]),
        ])
        let form = FormContextObject(definition: account, options: ValidationOptions(mode: .onChange))
        form.set("", for: "name", origin: .user)
        form.blur("name")
        form.set("grace@", for: "email", origin: .user)
        form.reset("name", keeping: [.touched])
        print(form.fieldState(for: "name"))
        print(form.fieldState(for: "email").errors.map(\.message))
        await form.submit { _ in .accepted }
        form.reset(keeping: [.submitCount])
        print(form.submitCount, form.submitPhase, form.isTouched, form.errorCount)
        // --- end
        #expect(printer.output == [
            #"name: "Ada" (touched)"#,
            #"["is not a valid email address"]"#,
            "1 idle false 0",
        ])
    }

    @Test func formErrors() async throws {
        let printer = DocPrinter()
        let print = printer.print
        // --- Docs/Validation.md: Errors on the form
        let form = FormContextObject(["name": "Ada"])
        form.setFormErrors(["The server is busy: try again in a minute"])
        print(form.formErrors.map(\.description), form.isValid)
        form.set("Grace", for: "name", origin: .user)
        print(form.formErrors.count)
        await form.submit { _ in .accepted }
        print(form.formErrors.count)
        // --- end
        #expect(printer.output == [
            #"["The server is busy: try again in a minute"] false"#,
            "1",
            "0",
        ])
    }

    @Test func dirtySinceLastSubmit() async throws {
        let printer = DocPrinter()
        let print = printer.print
        // --- Docs/Validation.md: Dirty since the last submit
        let settings = FormContextObject(["name": "Ada", "city": "London"])
        settings.set("Paris", for: "city", origin: .user)
        await settings.submit { _ in .accepted }
        settings.set("Grace", for: "name", origin: .user)
        print(settings.fieldState(for: "name").isDirtySinceLastSubmit, settings.fieldState(for: "city").isDirtySinceLastSubmit)
        print(settings.fieldState(for: "city").isDirty, settings.isDirtySinceLastSubmit)
        // --- end
        #expect(printer.output == [
            "true false",
            "true true",
        ])
    }
}
