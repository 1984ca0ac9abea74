import Foundation
import Testing

@testable import FormContextCore

/// Submits whose form changes, or whose task is cancelled, while they wait for asynchronous checks.
@Suite("Submitting while the form changes")
struct SubmitRaceTests {
    /// A form whose user name is checked asynchronously (through `gates`) and whose email is required.
    static func userForm(gates: Gates, options: ValidationOptions) -> FormContextObject {
        let definition = try! FormDefinition([
            FieldDefinition(FormKey<String>("username"), validators: [.required(), .minLength(2)], asyncValidators: [
                AsyncValidator("available") { name in
                    await gates.pass(name)
                    return name == "taken" ? "is already taken" : nil
                },
            ]),
            FieldDefinition(FormKey<String>("email"), validators: [.required()]),
        ])
        return FormContextObject(definition: definition, values: ["username": "ada", "email": "a@b.c"], options: options)
    }

    @Test("values edited while a submit waits are validated before the handler sees them", arguments: ValidationMode.allCases)
    func editsDuringTheWaitAreValidated(revalidateMode: ValidationMode) async {
        let gates = Gates()
        let form = Self.userForm(gates: gates, options: ValidationOptions(mode: .onSubmit, revalidateMode: revalidateMode))
        let handler = BlockingHandler()
        handler.release()
        let submit = Task { await form.submit { await handler.handle($0) } }
        await gates.waitForStarts(1)
        form.set("", for: "email", origin: .user)
        form.set("taken", for: "username", origin: .user)
        gates.release("ada")
        gates.release("taken")
        let result = await submit.value
        #expect(handler.received.isEmpty)
        #expect(result.report?.lines == ["username: is already taken", "email: is required"])
        #expect(form.submitPhase == .failed)
    }

    @Test("a reset while a submit waits is validated before the handler sees it")
    func resetDuringTheWait() async {
        let gates = Gates()
        let definition = try! FormDefinition([
            FieldDefinition(FormKey<String>("username"), validators: [.required()], asyncValidators: [
                AsyncValidator("available") { name in
                    await gates.pass(name)
                    return nil
                },
            ]),
        ])
        let form = FormContextObject(definition: definition)
        form.set("ada", for: "username", origin: .user)
        let handler = BlockingHandler()
        handler.release()
        let submit = Task { await form.submit { await handler.handle($0) } }
        await gates.waitForStarts(1)
        form.reset()
        gates.release("ada")
        let result = await submit.value
        #expect(handler.received.isEmpty)
        #expect(result.report?.lines == ["username: is required"])
    }

    @Test("a field shown while a submit waits is validated before the handler sees it")
    func fieldShownDuringTheWait() async {
        let gates = Gates()
        let form = Self.userForm(gates: gates, options: ValidationOptions())
        form.set("", for: "email", origin: .user)
        form.setVisible(false, for: "email")
        let handler = BlockingHandler()
        handler.release()
        let submit = Task { await form.submit { await handler.handle($0) } }
        await gates.waitForStarts(1)
        form.setVisible(true, for: "email")
        gates.release("ada")
        let result = await submit.value
        #expect(handler.received.isEmpty)
        #expect(result.report?.lines == ["email: is required"])
    }

    @Test("cancelling a submit that waits for a check ends it at once, without calling the handler")
    func cancelledSubmitEnds() async throws {
        let gates = Gates()
        let form = Self.userForm(gates: gates, options: ValidationOptions())
        let handler = BlockingHandler()
        handler.release()
        let submit = Task { await form.submit { await handler.handle($0) } }
        await gates.waitForStarts(1)
        submit.cancel()
        let first = await submit.value
        guard case .failed(let error) = first else {
            Issue.record("expected a failed submit, got \(first)")
            return
        }
        #expect(error is CancellationError)
        #expect(form.submitPhase == .failed)
        #expect(handler.received.isEmpty)

        gates.release("ada")
        let second = await form.submit { await handler.handle($0) }
        #expect(second.isSuccess)
        #expect(handler.received.count == 1)
    }

    @Test("errors set on a hidden or disabled field, or returned for one by a server, land on the form naming the key")
    func errorsOnInactiveFields() async {
        let form = FormContextObject(["a": "x", "b": "y", "c": "z"])
        form.setVisible(false, for: "a")
        form.setEnabled(false, for: "b")
        form.setErrors(["bad"], for: "a")
        form.setErrors(["bad"], for: "b")
        #expect(!form.isValid)
        #expect(form.errorCount == 2)
        #expect(form.invalidKeys.isEmpty)
        #expect(form.formErrors.map(\.description) == ["a: bad", "b: bad"])
        let result = await form.submit { _ in .rejected(["a": ["taken"], "c": ["too late"]]) }
        #expect(result.report?.lines == ["c: too late", "a: taken"])
        #expect(result.description == "rejected: c: too late; a: taken")
        #expect(form.invalidKeys == ["c"])
        #expect(form.formErrors.map(\.description) == ["a: taken"])
    }
}
