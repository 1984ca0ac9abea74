import Synchronization
import Testing
import TestSupport

@testable import FormContextCore

struct LookupError: Error, CustomStringConvertible {
    var description: String { "directory unavailable" }
}

@Suite("Asynchronous validation")
struct ValidationAsyncTests {
    static func usernameForm(gates: Gates, mode: ValidationMode = .onChange, debounce: Duration = .zero, clock: TestClock? = nil) -> FormContextObject {
        let definition = try! FormDefinition([
            FieldDefinition(FormKey<String>("username"), validators: [.required(), .minLength(2)], asyncValidators: [
                AsyncValidator("available", debounce: debounce) { name in
                    await gates.pass(name)
                    return name == "taken" ? "is already taken" : nil
                }
            ]),
            FieldDefinition(FormKey<String>("note")),
        ])
        var options = ValidationOptions(mode: mode)
        if let clock { options.sleep = clock.sleep }
        return FormContextObject(definition: definition, options: options)
    }

    @Test func validatingStateWhileACheckRuns() async {
        let gates = Gates()
        let form = Self.usernameForm(gates: gates)
        let counter = ObservationCounter()
        counter.track { _ = form.isValidating }
        form.set("taken", for: "username")
        #expect(form.fieldState(for: "username").isValidating)
        #expect(form.isValidating)
        #expect(form.isValid, "no error until the check answers")
        #expect(counter.value == 1)
        gates.release("taken")
        await form.waitForValidation()
        #expect(!form.isValidating)
        #expect(!form.fieldState(for: "username").isValidating)
        #expect(form.errors(for: "username") == [ValidationIssue(key: "username", rule: "available", message: "is already taken")])
        #expect(!form.isValid)
        #expect(form.errorCount == 1)
    }

    @Test func latestWinsWhenResultsArriveOutOfOrder() async {
        let gates = Gates()
        let form = Self.usernameForm(gates: gates)
        form.set("taken", for: "username")
        await gates.waitForStarts(1)
        form.set("free", for: "username")
        await gates.waitForStarts(2)
        #expect(gates.started == ["taken", "free"])

        gates.release("free")
        #expect(await form.waitForCurrentRuns())
        #expect(form.errors(for: "username") == [])
        #expect(!form.isValidating)

        gates.release("taken")
        await form.waitForValidation()
        #expect(gates.finished == ["free", "taken"])
        #expect(form.errors(for: "username") == [], "the stale answer for 'taken' never lands")
        #expect(form.isValid)
    }

    @Test func anOlderAnswerArrivingFirstIsDroppedAndTheNewerOneLands() async {
        let gates = Gates()
        let form = Self.usernameForm(gates: gates)
        let stateCounter = ObservationCounter()
        form.set("free", for: "username")
        await gates.waitForStarts(1)
        form.set("taken", for: "username")
        await gates.waitForStarts(2)
        stateCounter.track { _ = form.fieldState(for: "username") }

        gates.release("free")
        await gates.waitForFinish("free")
        #expect(form.fieldState(for: "username").isValidating, "still waiting for the answer about 'taken'")
        #expect(form.errors(for: "username") == [])

        gates.release("taken")
        await form.waitForValidation()
        #expect(form.errors(for: "username").map(\.message) == ["is already taken"])
        #expect(!form.fieldState(for: "username").isValidating)
        #expect(stateCounter.value == 1)
    }

    @Test func supersededRunIsCancelled() async {
        let gates = Gates()
        let form = Self.usernameForm(gates: gates)
        form.set("taken", for: "username")
        await gates.waitForStarts(1)
        #expect(gates.cancelled == [])
        form.set("free", for: "username")
        #expect(gates.cancelled == ["taken"])
        gates.release("taken")
        gates.release("free")
        await form.waitForValidation()
        #expect(form.errors(for: "username") == [])
    }

    @Test func hidingAFieldCancelsItsCheck() async {
        let gates = Gates()
        let form = Self.usernameForm(gates: gates)
        form.set("taken", for: "username")
        await gates.waitForStarts(1)
        form.setVisible(false, for: "username")
        #expect(gates.cancelled == ["taken"])
        #expect(!form.isValidating)
        gates.release("taken")
        await form.waitForValidation()
        #expect(form.errors(for: "username") == [])
    }

    @Test func debounceRunsOnlyTheLastValue() async {
        let gates = Gates()
        gates.release("a")
        gates.release("ab")
        gates.release("abc")
        let clock = TestClock()
        let form = Self.usernameForm(gates: gates, debounce: .milliseconds(300), clock: clock)
        form.set("a", for: "username")
        form.set("ab", for: "username")
        form.set("abc", for: "username")
        await clock.waitForCalls(2)
        clock.advance(by: .milliseconds(299))
        #expect(gates.started == [])
        #expect(form.isValidating)
        clock.advance(by: .milliseconds(1))
        await form.waitForValidation()
        #expect(gates.started == ["abc"], "'a' fails minLength(2), 'ab' was superseded while waiting")
        #expect(!form.isValidating)
    }

    @Test func checksOnlyValuesThatPassTheSynchronousValidators() async {
        let gates = Gates()
        let form = Self.usernameForm(gates: gates)
        form.set("x", for: "username")
        #expect(!form.isValidating)
        #expect(form.errors(for: "username").map(\.rule) == ["minLength(2)"])
        form.set("", for: "username")
        #expect(!form.isValidating)
        #expect(gates.started == [])
    }

    @Test func aCheckedValueIsNotCheckedAgain() async {
        let gates = Gates()
        gates.release("free")
        let form = Self.usernameForm(gates: gates)
        form.set("free", for: "username")
        await form.waitForValidation()
        form.blur("username")
        form.validate()
        await form.waitForValidation()
        #expect(gates.started == ["free"])
    }

    @Test func aThrowingCheckIsAnError() async throws {
        let definition = try FormDefinition([
            FieldDefinition(FormKey<String>("username"), asyncValidators: [AsyncValidator("available") { _ in throw LookupError() }])
        ])
        let form = FormContextObject(definition: definition, options: ValidationOptions(mode: .onChange))
        form.set("ada", for: "username")
        await form.waitForValidation()
        #expect(form.errors(for: "username").map(\.description) == ["username: could not be checked: directory unavailable"])
    }

    @Test func submitWaitsForPendingChecks() async {
        let gates = Gates()
        let form = Self.usernameForm(gates: gates, mode: .onSubmit)
        form.set("taken", for: "username")
        #expect(!form.isValidating)
        let handled = Locked(0)
        let submit = Task { await form.submit { _ in handled.withLock { $0 += 1 }; return .accepted } }
        await gates.waitForStarts(1)
        #expect(form.submitPhase == .validating)
        gates.release("taken")
        let result = await submit.value
        #expect(result.report?.lines == ["username: is already taken"])
        #expect(result.firstInvalidKey == "username")
        #expect(handled.withLock { $0 } == 0)
        #expect(form.submitPhase == .failed)
    }
}
