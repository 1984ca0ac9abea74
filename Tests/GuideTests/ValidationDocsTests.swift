import FormContext
import Synchronization
import Testing
import TestSupport

/// Collects what a documentation example prints.
final class DocPrinter: Sendable {
    private let lines = Locked<[String]>([])
    func print(_ items: Any...) { lines.withLock { $0.append(items.map { "\($0)" }.joined(separator: " ")) } }
    var output: [String] { lines.withLock { $0 } }
}

/// The examples of Docs/Validation.md and Docs/Submitting.md, verbatim, with their printed output checked.
@Suite("Validation and submitting guide examples")
struct ValidationDocsTests {
    static func signUpDefinition() throws -> FormDefinition {
        // --- Docs/Validation.md: Defining a form
        let signUp = try FormDefinition([
            FieldDefinition(FormKey<String>("username"), validators: [
                .required("Choose a user name"),
                .pattern("[a-z0-9_]{3,20}", message: "must be 3 to 20 lowercase letters, digits or _"),
            ]),
            FieldDefinition(FormKey<String>("email"), validators: [.required(), .email()]),
            FieldDefinition(FormKey<Int>("age"), validators: [.range(13...130)]),
            FieldDefinition(FormKey<String>("password"), isSecure: true, validators: [
                .required(),
                .minLength(8),
                .minLength(12).warning("12 characters or more are safer"),
            ]),
            FieldDefinition(FormKey<String>("confirm"), isSecure: true, validators: [
                .equals("password", message: "does not match the password"),
            ]),
        ], validators: [
            FormValidator("notUsername", message: "The password must not be the user name") { values in
                values["password"] == nil || values["password"] != values["username"]
            },
        ])
        // --- end
        return signUp
    }

    @Test func brokenPattern() {
        let printer = DocPrinter()
        let print = printer.print
        // --- Docs/Validation.md: broken pattern
        do {
            _ = try FormDefinition([FieldDefinition(FormKey<String>("code"), validators: [.pattern("[0-9")])])
        } catch {
            print(error)
        }
        // --- end
        #expect(printer.output == ["invalid pattern '[0-9' for field 'code'"])
    }

    @Test func serverSide() throws {
        let printer = DocPrinter()
        let print = printer.print
        let signUp = try Self.signUpDefinition()
        // --- Docs/Validation.md: Validating a dictionary
        let report = signUp.validate([
            "username": "Ada!", "email": "ada@example", "age": "36", "password": "analytic", "confirm": "analytics",
        ])
        for error in report.errors { print(error) }
        print(report.warnings.map(\.description))
        print("first invalid:", report.firstInvalidKey ?? "none")
        // --- end
        #expect(printer.output == [
            "username: must be 3 to 20 lowercase letters, digits or _",
            "email: is not a valid email address",
            "age: expected Int, found String",
            "confirm: does not match the password",
            #"["password: 12 characters or more are safer"]"#,
            "first invalid: username",
        ])
    }

    @Test func nestedModels() throws {
        let printer = DocPrinter()
        let print = printer.print
        // --- Docs/Validation.md: Nested models
        let hotspot = try FormDefinition([
            FieldDefinition(FormKey<String>("password"), validators: [.required()]),
            FieldDefinition(FormKey<String>("confirm"), validators: [.equals("password")]),
        ])
        let settings = hotspot.scoped(in: FormScope("hotspot"))
        print(settings.fields.map(\.key))
        print(settings.validate(["hotspot.password": "a", "hotspot.confirm": "b", "password": "b"]).errors.map(\.description))
        let whole = try FormDefinition([FieldDefinition(FormKey<String>("owner"), validators: [.required()])])
            .merging(settings)
        print(whole.validate(["hotspot.password": "a", "hotspot.confirm": "a"]).errors.map(\.description))
        // --- end
        #expect(printer.output == [
            #"["hotspot.password", "hotspot.confirm"]"#,
            #"["hotspot.confirm: must match password"]"#,
            #"["owner: is required"]"#,
        ])
    }

    @Test func liveForm() throws {
        let printer = DocPrinter()
        let print = printer.print
        let signUp = try Self.signUpDefinition()
        // --- Docs/Validation.md: A live form
        let form = FormContextObject(definition: signUp, options: ValidationOptions(mode: .onBlur, revalidateMode: .onChange))
        form.set("ab", for: "username", origin: .user)
        print(form.fieldState(for: "username").errors)
        form.blur("username")
        print(form.fieldState(for: "username").errors.map(\.message))
        print(form.isValid, form.errorCount)
        // --- end
        #expect(printer.output == ["[]", #"["must be 3 to 20 lowercase letters, digits or _"]"#, "false 1"])
    }

    @Test func asynchronousValidator() async throws {
        let printer = DocPrinter()
        let print = printer.print
        // --- Docs/Validation.md: Asynchronous validators
        let taken: Set<String> = ["ada", "grace"]
        let accounts = try FormDefinition([
            FieldDefinition(FormKey<String>("username"), validators: [.required()], asyncValidators: [
                AsyncValidator("available", debounce: .milliseconds(300)) { name in
                    taken.contains(name) ? "is already taken" : nil
                },
            ]),
        ])
        let live = FormContextObject(definition: accounts, options: ValidationOptions(mode: .onChange))
        live.set("ada", for: "username", origin: .user)
        print(live.fieldState(for: "username").isValidating)
        await live.waitForValidation()
        print(live.fieldState(for: "username").errors.map(\.description))
        // --- end
        #expect(printer.output == ["true", #"["username: is already taken"]"#])
    }

    @Test func submittingFromOutsideAndWithAButton() async throws {
        let printer = DocPrinter()
        let print = printer.print
        // --- Docs/Submitting.md: From outside the form
        let definition = try FormDefinition([
            FieldDefinition(FormKey<String>("networkName"), default: "my network", validators: [.required(), .maxLength(32)]),
            FieldDefinition(FormKey<String>("password"), default: "hello", isSecure: true, validators: [
                .required(),
                .minLength(8, message: "must be at least 8 characters for WPA2"),
            ]),
            FieldDefinition(FormKey<Bool>("isEnabled"), default: true),
        ])
        let form = FormContextObject(definition: definition)
        let first = await form.submit { submission in
            print(submission)
            return .accepted
        }
        print(first)
        print(first.firstInvalidKey ?? "none")

        form.set("correct horse", for: "password", origin: .user)
        let second = await form.submit { submission in
            print(submission)
            print(submission.json())
            return .accepted
        }
        print(second, form.submitPhase, form.submitCount, form.isDirtySinceLastSubmit)
        // --- end
        #expect(printer.output == [
            "invalid: password: must be at least 8 characters for WPA2",
            "password",
            #"FormSubmission(isEnabled: true, networkName: "my network", password: ••••••)"#,
            """
            {
              "isEnabled": true,
              "networkName": "my network",
              "password": "correct horse"
            }
            """,
            "succeeded succeeded 2 false",
        ])

        let buttonPrinter = DocPrinter()
        do {
            let print = buttonPrinter.print
            // --- Docs/Submitting.md: A submit button, and errors from the server
            let rejected = await form.submit { _ in
                .rejected(["networkName": ["is in use nearby"]])
            }
            print(rejected)
            print(form.fieldState(for: "networkName").errors.map(\.description))
            print(!form.submitPhase.isInProgress, form.submitPhase)   // a button's enabled state and label

            struct NetworkDown: Error {}
            let failed = await form.submit { _ in throw NetworkDown() }
            print(failed)

            form.set("my other network", for: "networkName", origin: .user)
            print(form.isValid)
            // --- end
        }
        #expect(buttonPrinter.output == [
            "rejected: networkName: is in use nearby",
            #"["networkName: is in use nearby"]"#,
            "true failed",
            "failed: NetworkDown()",
            "true",
        ])
    }
}
