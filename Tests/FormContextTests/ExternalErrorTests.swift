@testable import FormContextCore
import Testing

/// Errors set by hand (`setErrors(_:for:)`, a server's answer) follow one rule whether or not the
/// form has a definition: they stay until the field's value changes or the form is submitted or
/// reset.
@Suite("Errors set by hand")
struct ExternalErrorTests {
    /// A form with or without a definition, watched or not.
    enum Setup: String, CaseIterable, Sendable, CustomTestStringConvertible {
        case plain, plainObserved, defined, definedObserved

        var testDescription: String { rawValue }

        func makeForm() throws -> (FormContextObject, [FormSubscription]) {
            let values: FormContext = ["name": "Ada", "city": "London"]
            let form: FormContextObject
            switch self {
            case .plain, .plainObserved:
                form = FormContextObject(values)
            case .defined, .definedObserved:
                let definition = try FormDefinition([
                    FieldDefinition(FormKey<String>("name")), FieldDefinition(FormKey<String>("city")),
                ])
                form = FormContextObject(definition: definition, values: values)
            }
            let watched = self == .plainObserved || self == .definedObserved
            return (form, watched ? [form.observe("name") { _ in }] : [])
        }
    }

    /// A way to change the value of `name`.
    enum Edit: String, CaseIterable, Sendable, CustomTestStringConvertible {
        case set, setContext, transaction, reset

        var testDescription: String { rawValue }

        func apply(to form: FormContextObject) {
            switch self {
            case .set: form.set("Grace", for: "name", origin: .user)
            case .setContext: form.setAll(["name": "Grace"] as FormContext)
            case .transaction: form.transaction { $0.set("Grace", for: "name") }
            case .reset:
                form.set("Grace", for: "name", origin: .user)
                form.setErrors(["is taken"], for: "name")
                form.reset()
            }
        }
    }

    @Test("a change of the field's value drops them", arguments: Setup.allCases, Edit.allCases)
    func valueChangeDrops(setup: Setup, edit: Edit) throws {
        let (form, subscriptions) = try setup.makeForm()
        form.setErrors(["is taken"], for: "name")
        form.setErrors(["is not served"], for: "city")
        #expect(form.errors(for: "name").map(\.message) == ["is taken"])
        #expect(!form.isValid)
        edit.apply(to: form)
        #expect(form.errors(for: "name") == [])
        #expect(form.fieldState(for: "name").errors == [])
        // Another field's errors stay: only its own value change drops a field's.
        #expect(form.errors(for: "city").map(\.message) == (edit == .reset ? [] : ["is not served"]))
        withExtendedLifetime(subscriptions) {}
    }

    @Test("writing the value the field already holds keeps them", arguments: Setup.allCases)
    func sameValueKeeps(setup: Setup) throws {
        let (form, subscriptions) = try setup.makeForm()
        form.setErrors(["is taken"], for: "name")
        form.set("Ada", for: "name", origin: .user)
        form.setAll(["name": "Ada"] as FormContext)
        #expect(form.errors(for: "name").map(\.message) == ["is taken"])
        #expect(form.errorCount == 1)
        withExtendedLifetime(subscriptions) {}
    }

    @Test("validating the form keeps them; submitting drops them", arguments: Setup.allCases)
    func validateKeepsSubmitDrops(setup: Setup) async throws {
        let (form, subscriptions) = try setup.makeForm()
        form.setErrors(["is taken"], for: "name")
        form.validate()
        #expect(form.errors(for: "name").map(\.message) == ["is taken"])
        #expect(!form.isValid)
        await form.submit { _ in .accepted }
        #expect(form.errors(for: "name") == [])
        #expect(form.isValid)
        withExtendedLifetime(subscriptions) {}
    }

    @Test("errors set after the change in the same batch stay", arguments: Setup.allCases)
    func setAfterChangeStays(setup: Setup) throws {
        let (form, subscriptions) = try setup.makeForm()
        form.transaction { batch in
            batch.set("Grace", for: "name")
        }
        form.setErrors(["is taken"], for: "name")
        #expect(form.errors(for: "name").map(\.message) == ["is taken"])
        withExtendedLifetime(subscriptions) {}
    }
}
