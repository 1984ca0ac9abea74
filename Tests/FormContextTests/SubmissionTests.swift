import Foundation
import Synchronization
import Observation
import Testing
import TestSupport

@testable import FormContextCore

struct Offline: Error, CustomStringConvertible {
    var description: String { "the server is offline" }
}

/// A handler that blocks until released and records every submission it got.
final class BlockingHandler: Sendable {
    private struct State {
        var received: [FormSubmission] = []
        var gate: CheckedContinuation<Void, Never>?
        var isOpen = false
        var arrivals: [CheckedContinuation<Void, Never>] = []
    }

    private let state = Locked(State())

    var received: [FormSubmission] { state.withLock { $0.received } }

    func handle(_ submission: FormSubmission) async -> SubmitResponse {
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            let (isOpen, arrivals) = state.withLock { state in
                state.received.append(submission)
                defer { state.arrivals = [] }
                if state.isOpen { return (true, state.arrivals) }
                state.gate = continuation
                return (false, state.arrivals)
            }
            for arrival in arrivals { arrival.resume() }
            if isOpen { continuation.resume() }
        }
        return .accepted
    }

    /// Waits until the handler has been called.
    func waitForArrival() async {
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            let isThere = state.withLock { state in
                if !state.received.isEmpty { return true }
                state.arrivals.append(continuation)
                return false
            }
            if isThere { continuation.resume() }
        }
    }

    func release() {
        let gate = state.withLock { state in
            state.isOpen = true
            defer { state.gate = nil }
            return state.gate
        }
        gate?.resume()
    }
}

@Suite("Submitting")
struct SubmissionTests {
    static let definition = try! FormDefinition([
        FieldDefinition(FormKey<String>("name"), validators: [.required()]),
        FieldDefinition(FormKey<String>("email"), validators: [.required(), .email()]),
        FieldDefinition(FormKey<String>("password"), isSecure: true, validators: [.required(), .minLength(8)]),
        FieldDefinition(FormKey<Bool>("newsletter"), default: false),
    ])

    static func validForm() -> FormContextObject {
        FormContextObject(definition: definition, values: ["name": "Ada", "email": "ada@example.com", "password": "analytical"])
    }

    @Test func validFormReachesTheHandler() async {
        let form = Self.validForm()
        let received = Locked<[String]>([])
        let result = await form.submit { submission in
            received.withLock { $0.append(submission.json(pretty: false)) }
            return .accepted
        }
        #expect(result.isSuccess)
        #expect(result.description == "succeeded")
        #expect(received.withLock { $0 } == [#"{"email":"ada@example.com","name":"Ada","newsletter":false,"password":"analytical"}"#])
        #expect(result.submission?.keys == ["email", "name", "newsletter", "password"])
        #expect(result.submission?.number == 1)
        #expect(form.submitPhase == .succeeded)
        #expect(form.submitCount == 1)
        #expect(form.touchedKeys == ["name", "email", "password", "newsletter"])
    }

    @Test func invalidFormNeverReachesTheHandler() async {
        let form = FormContextObject(definition: Self.definition, values: ["email": "ada@"])
        let calls = Locked(0)
        let result = await form.submit { _ in
            calls.withLock { $0 += 1 }
            return .accepted
        }
        #expect(calls.withLock { $0 } == 0)
        #expect(result.report?.lines == ["name: is required", "email: is not a valid email address", "password: is required"])
        #expect(result.firstInvalidKey == "name")
        #expect(result.description == "invalid: name: is required; email: is not a valid email address; password: is required")
        #expect(form.submitPhase == .failed)
        #expect(form.touchedKeys == ["name", "email", "password", "newsletter"])
        #expect(form.errors(for: "email").map(\.rule) == ["email"])
    }

    @Test func firstInvalidKeyFollowsDefinitionOrderNotKeyOrder() async throws {
        let definition = try FormDefinition([
            FieldDefinition(FormKey<String>("zip"), validators: [.required()]),
            FieldDefinition(FormKey<String>("address"), validators: [.required()]),
        ])
        let result = await FormContextObject(definition: definition).submit { _ in .accepted }
        #expect(result.firstInvalidKey == "zip")
    }

    @Test func secondSubmitWhileOneRunsIsRefused() async {
        let form = Self.validForm()
        let handler = BlockingHandler()
        let first = Task { await form.submit { await handler.handle($0) } }
        await handler.waitForArrival()
        #expect(form.submitPhase == .submitting)
        let second = await form.submit { await handler.handle($0) }
        guard case .alreadySubmitting = second else {
            Issue.record("expected alreadySubmitting, got \(second)")
            return
        }
        #expect(second.description == "already submitting")
        handler.release()
        let result = await first.value
        #expect(result.isSuccess)
        #expect(handler.received.count == 1)
        #expect(form.submitCount == 1)
    }

    @Test func throwingHandlerLeavesTheFormAsItWasAndRetrySucceeds() async {
        let form = Self.validForm()
        let attempts = Locked(0)
        let handler: FormContextObject.SubmitHandler = { _ in
            let attempt = attempts.withLock { count in
                count += 1
                return count
            }
            if attempt == 1 { throw Offline() }
            return .accepted
        }
        let before = form.context
        let failed = await form.submit(handler)
        #expect(failed.description == "failed: the server is offline")
        #expect(form.submitPhase == .failed)
        #expect(form.context == before)
        #expect(form.isValid)
        #expect(form.isDirtySinceLastSubmit == false, "nothing edited, and no submit has succeeded yet")
        let retried = await form.submit(handler)
        #expect(retried.isSuccess)
        #expect(form.submitPhase == .succeeded)
        #expect(form.submitCount == 2)
        #expect(retried.submission?.number == 2)
    }

    @Test func serverErrorsLandOnTheirFields() async {
        let form = Self.validForm()
        let result = await form.submit { _ in
            .rejected(["email": ["is already registered"], "name": []], formErrors: ["Try again later"])
        }
        #expect(result.description == "rejected: email: is already registered; Try again later")
        #expect(result.firstInvalidKey == "email")
        #expect(form.errors(for: "email") == [ValidationIssue(key: "email", rule: "server", message: "is already registered")])
        #expect(form.errors(for: "name") == [])
        #expect(form.formErrors.map(\.message) == ["Try again later"])
        #expect(!form.isValid)
        #expect(form.submitPhase == .failed)

        form.set("grace@example.com", for: "email", origin: .user)
        #expect(form.errors(for: "email") == [], "a new value clears the server's error")
        let retried = await form.submit { _ in .accepted }
        #expect(retried.isSuccess)
        #expect(form.isValid)
    }

    @Test func resubmittingUnchangedValuesAsksTheServerAgain() async {
        let form = Self.validForm()
        await form.submit { _ in .rejected(["name": ["is reserved"]]) }
        #expect(!form.isValid)
        let retried = await form.submit { _ in .accepted }
        #expect(retried.isSuccess)
        #expect(form.errors(for: "name") == [])
    }

    @Test func hiddenAndDisabledFieldsAreLeftOut() async {
        let form = Self.validForm()
        form.set("kept", for: "extra")
        form.setVisible(false, for: "newsletter")
        form.setEnabled(false, for: "extra")
        form.set(nil, for: "name")
        form.setVisible(false, for: "name")
        let result = await form.submit { _ in .accepted }
        #expect(result.submission?.keys == ["email", "password"])
        #expect(result.submission?.json(pretty: false) == #"{"email":"ada@example.com","password":"analytical"}"#)
        #expect(form["extra"] == AnyHashable("kept"), "values of left-out fields are kept")
    }

    @Test func phasesInOrderAndObservable() async {
        let form = Self.validForm()
        let phases = Locked<[SubmitPhase]>([])
        let handler = BlockingHandler()
        #expect(form.submitPhase == .idle)
        let counter = ObservationCounter()
        counter.track { phases.withLock { $0.append(form.submitPhase) } }
        let task = Task { await form.submit { await handler.handle($0) } }
        await handler.waitForArrival()
        #expect(counter.value == 1)
        #expect(form.submitPhase == .submitting)
        handler.release()
        _ = await task.value
        #expect(form.submitPhase == .succeeded)
        #expect(phases.withLock { $0 } == [.idle])
        #expect(SubmitPhase.allCases.map(\.isInProgress) == [false, true, true, false, false])
    }

    /// Records every submit phase of `form` that an observer watching again after each change sees.
    ///
    /// `onChange` runs after the form's lock is released, so it may read the form and watch again.
    static func recordPhases(of form: FormContextObject) -> Locked<[SubmitPhase]> {
        let seen = Locked<[SubmitPhase]>([])
        watchPhases(of: form, into: seen)
        return seen
    }

    /// Watches `form`'s submit phase, appends each new one to `seen` and watches again. The form's
    /// registrar keeps the last observation after the test, so the observation holds the form weakly:
    /// a strong hold would keep the form, and the form the observation, for ever.
    static func watchPhases(of form: FormContextObject, into seen: Locked<[SubmitPhase]>) {
        withObservationTracking {
            _ = form.submitPhase
        } onChange: { [weak form] in
            guard let form else { return }
            seen.withLock { $0.append(form.submitPhase) }
            watchPhases(of: form, into: seen)
        }
    }

    @Test("an observer that keeps watching sees every phase, in order")
    func everyPhaseInOrder() async {
        let form = Self.validForm()
        let seen = Self.recordPhases(of: form)
        let inHandler = Locked<[SubmitPhase]>([])
        let result = await form.submit { _ in
            inHandler.withLock { $0.append(form.submitPhase) }
            return .accepted
        }
        #expect(result.isSuccess)
        #expect(inHandler.withLock { $0 } == [.submitting])
        #expect(seen.withLock { $0 } == [.validating, .submitting, .succeeded])

        let invalid = FormContextObject(definition: Self.definition, values: ["name": ""])
        let seenInvalid = Self.recordPhases(of: invalid)
        #expect(!(await invalid.submit { _ in .accepted }).isSuccess)
        #expect(seenInvalid.withLock { $0 } == [.validating, .failed])
    }

    @Test func dirtySinceLastSubmit() async {
        let form = Self.validForm()
        #expect(!form.isDirtySinceLastSubmit)
        let counter = ObservationCounter()
        counter.track { _ = form.isDirtySinceLastSubmit }
        form.set("Grace", for: "name")
        #expect(counter.value == 1, "before the first submit it follows isDirty")
        #expect(form.isDirtySinceLastSubmit)
        await form.submit { _ in .accepted }
        #expect(!form.isDirtySinceLastSubmit)
        #expect(form.isDirty, "still differs from the initial values")
        form.set("Ada", for: "name")
        #expect(form.isDirtySinceLastSubmit)
        form.set("Grace", for: "name")
        #expect(!form.isDirtySinceLastSubmit)
    }

    @Test func formWithoutDefinitionSubmitsEverything() async {
        let form = FormContextObject(["b": 2, "a": "x"])
        let result = await form.submit { _ in .accepted }
        #expect(result.submission?.json(pretty: false) == #"{"a":"x","b":2}"#)
    }

    @Test func unencodableValueFailsNamingItsKey() async {
        let form = FormContextObject(["tags": Set(["a"]), "name": "Ada"])
        let result = await form.submit { _ in .accepted }
        #expect(result.description == "failed: cannot encode the value of 'tags' as JSON: Set<String> is not supported")
        #expect(form.submitPhase == .failed)
    }

    @Test func submitFromADetachedTask() async {
        let form = Self.validForm()
        let result = await Task.detached { await form.submit { _ in .accepted } }.value
        #expect(result.isSuccess)
    }
}
