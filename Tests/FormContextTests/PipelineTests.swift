import Foundation
import Testing
import TestSupport

@testable import FormContextCore

/// Counts calls from any thread.
final class RunCounter: Sendable {
    private let count = Locked(0)
    var value: Int { count.withLock { $0 } }

    /// Records one call.
    @Sendable func tick() {
        count.withLock { $0 += 1 }
    }
}

@Suite("The mutation pipeline")
struct PipelineTests {
    // MARK: User code outside the lock

    @Test("a custom validator that reads the live form gets the form's value and never traps")
    func customValidatorReadsTheLiveForm() throws {
        let box = Locked<FormContextObject?>(nil)
        // The validator holds the box, which will hold the form, which holds the validator: let go at the end.
        defer { box.withLock { $0 = nil } }
        let definition = try FormDefinition([
            FieldDefinition(FormKey<String>("password")),
            FieldDefinition(FormKey<String>("confirm"), validators: [
                .custom("matches", message: "must match the password") { value, _ in
                    // Reads the live form itself, not the reader it was given.
                    let form = box.withLock { $0 }
                    return form?[FormKey<String>("password")] == value
                }
            ]),
        ])
        let form = FormContextObject(definition: definition, options: ValidationOptions(mode: .onChange))
        box.withLock { $0 = form }
        form.set("secret", for: "password")
        form.set("secret", for: "confirm")
        #expect(form.errors(for: "confirm").isEmpty)
        form.set("other", for: "confirm")
        #expect(form.errors(for: "confirm").map(\.message) == ["must match the password"])
        form.set("other", for: "password")
        // The validator read `password` through the live form, not through its reader: nothing tells the
        // form it depends on `password`, so only a change of `confirm` (or a validate) runs it again.
        form.validate()
        #expect(form.errors(for: "confirm").isEmpty)
    }

    @Test("a form-level validator that reads the live form gets the form's value and never traps")
    func formValidatorReadsTheLiveForm() throws {
        let box = Locked<FormContextObject?>(nil)
        // The validator holds the box, which will hold the form, which holds the validator: let go at the end.
        defer { box.withLock { $0 = nil } }
        let definition = try FormDefinition(
            [FieldDefinition(FormKey<Int>("start")), FieldDefinition(FormKey<Int>("end"))],
            validators: [
                FormValidator("order", message: "the end comes first") { _ in
                    guard let form = box.withLock({ $0 }), let start = form[FormKey<Int>("start")],
                        let end = form[FormKey<Int>("end")]
                    else { return true }
                    return start <= end
                }
            ])
        let form = FormContextObject(definition: definition, options: ValidationOptions(mode: .onChange))
        box.withLock { $0 = form }
        form.set(5, for: "start")
        form.set(3, for: "end")
        #expect(form.formErrors.map(\.message) == ["the end comes first"])
        form.set(2, for: "start")
        #expect(form.formErrors.isEmpty)
    }

    @Test("a validator that writes the form has its write applied and settled, without a trap")
    func validatorThatWrites() throws {
        let box = Locked<FormContextObject?>(nil)
        // The validator holds the box, which will hold the form, which holds the validator: let go at the end.
        defer { box.withLock { $0 = nil } }
        let definition = try FormDefinition([
            FieldDefinition(FormKey<String>("name"), validators: [
                .custom("note", message: "never fails") { value, _ in
                    box.withLock { $0 }?.set(value.uppercased(), for: "shout")
                    return true
                }
            ]),
            FieldDefinition(FormKey<String>("shout"), validators: [.maxLength(3)]),
        ])
        let form = FormContextObject(definition: definition, options: ValidationOptions(mode: .onChange))
        box.withLock { $0 = form }
        let recorder = ChangeRecorder()
        let subscription = form.observeAll(recorder.record)
        form.set("ada", for: "name")
        #expect(form[FormKey<String>("shout")] == "ADA")
        form.set("grace", for: "name")
        #expect(form[FormKey<String>("shout")] == "GRACE")
        #expect(form.errors(for: "shout").map(\.rule) == ["maxLength(3)"])
        #expect(recorder.changes.map(\.key) == ["name", "shout", "name", "shout"])
        subscription.cancel()
    }

    // MARK: Settling once per mutation

    @Test("a transaction of 10,000 writes runs each form-level validator once")
    func transactionRunsFormValidatorsOnce() throws {
        let runs = RunCounter()
        let keys = (0..<10_000).map { "field-\($0)" }
        let definition = try FormDefinition(
            keys.map { FieldDefinition(FormKey<String>($0)) },
            validators: [FormValidator("first", message: "first is empty") { values in runs.tick(); return values["field-0"] != nil }])
        let form = FormContextObject(definition: definition, options: ValidationOptions(mode: .onChange))
        form.transaction { batch in
            for key in keys { batch.set("x", for: key) }
        }
        #expect(runs.value == 1)
        #expect(form.formErrors.isEmpty)
    }

    @Test("a form-level validator runs again only when a key it read changes")
    func formValidatorsTrackWhatTheyRead() throws {
        let runs = RunCounter()
        let definition = try FormDefinition(
            [FieldDefinition(FormKey<Int>("a")), FieldDefinition(FormKey<Int>("b")), FieldDefinition(FormKey<Int>("c"))],
            validators: [FormValidator("positive", message: "a must be positive") { values in
                runs.tick()
                return (values[FormKey<Int>("a")] ?? 1) > 0
            }])
        let form = FormContextObject(definition: definition, options: ValidationOptions(mode: .onChange))
        form.set(1, for: "a")
        #expect(runs.value == 1)
        form.set(1, for: "b")
        form.set(2, for: "c")
        #expect(runs.value == 1)
        form.set(-1, for: "a")
        #expect(runs.value == 2)
        #expect(form.formErrors.map(\.message) == ["a must be positive"])
        form.setVisible(false, for: "a")
        #expect(runs.value == 3)
        #expect(form.formErrors.isEmpty)
        form.setVisible(false, for: "b")
        #expect(runs.value == 3)
    }

    @Test("a cross-field validator runs again when a field it read changes, and only then")
    func crossFieldValidatorsTrackWhatTheyRead() throws {
        let runs = RunCounter()
        let definition = try FormDefinition([
            FieldDefinition(FormKey<Int>("min")),
            FieldDefinition(FormKey<Int>("other")),
            FieldDefinition(FormKey<Int>("value"), validators: [
                .custom("atLeastMin", message: "is below the minimum") { value, values in
                    runs.tick()
                    return value >= (values[FormKey<Int>("min")] ?? .min)
                }
            ]),
        ])
        let form = FormContextObject(definition: definition, options: ValidationOptions(mode: .onChange))
        form.set(5, for: "value")
        #expect(runs.value == 1)
        form.set(7, for: "min")
        #expect(runs.value == 2)
        #expect(form.errors(for: "value").map(\.message) == ["is below the minimum"])
        form.set(1, for: "other")
        #expect(runs.value == 2)
        form.set(3, for: "min")
        #expect(runs.value == 3)
        #expect(form.errors(for: "value").isEmpty)
    }

    @Test("a scoped form-level validator reads its own keys through the scope")
    func scopedFormValidatorReadsThroughTheScope() throws {
        let inner = try FormDefinition(
            [FieldDefinition(FormKey<Int>("start")), FieldDefinition(FormKey<Int>("end"))],
            validators: [FormValidator("order", message: "the end comes first") { values in
                guard let start = values[FormKey<Int>("start")], let end = values[FormKey<Int>("end")] else { return true }
                return start <= end
            }])
        let form = FormContextObject(definition: inner.scoped(in: FormScope("trip")), options: ValidationOptions(mode: .onChange))
        form.set(5, for: "trip.start")
        form.set(3, for: "trip.end")
        #expect(form.formErrors.map(\.message) == ["the end comes first"])
        form.set(3, for: "start")
        form.set(9, for: "end")
        #expect(form.formErrors.map(\.message) == ["the end comes first"])
    }

    // MARK: Field-state events

    @Test("events report each aspect of a field that changed, once per mutation, with the settled state")
    func fieldEvents() throws {
        let definition = try FormDefinition([FieldDefinition(FormKey<String>("name"), validators: [.minLength(3)])])
        let form = FormContextObject(definition: definition, options: ValidationOptions(mode: .onChange))
        let events = Locked<[FieldEvent]>([])
        let subscription = form.observe("name") { event in events.withLock { $0.append(event) } }
        let other = form.observe("other") { event in events.withLock { $0.append(event) } }
        form.set("Al", for: "name", origin: .user)
        form.blur("name")
        form.setVisible(false, for: "name")
        form.setEnabled(false, for: "name")
        form.setVisible(true, for: "name")
        form.setEnabled(true, for: "name")
        form.setSecure(true, for: "name")
        form.set("Ada", for: "name", origin: .user)
        form.set("x", for: "unrelated")
        let seen = events.withLock { $0 }
        #expect(seen.map(\.aspects) == [
            // Shown again while still disabled, the field stays out of validation until it is enabled.
            [.value, .dirty, .errors], [.touched], [.visibility, .errors], [.enabled], [.visibility], [.enabled, .errors],
            [.secrecy], [.value, .errors],
        ])
        #expect(seen.first?.change == FormChange(key: "name", oldValue: nil, newValue: "Al", origin: .user))
        #expect(seen.first?.state.errors.map(\.rule) == ["minLength(3)"])
        #expect(seen.last?.state.value == AnyHashable("Ada"))
        #expect(seen.last?.state.isSecure == true)
        #expect(seen.last?.description == "name: [value, errors] -> name: •••••• (dirty, touched)")
        subscription.cancel()
        other.cancel()
    }

    @Test("a subscriber hears only the aspects it asked for, and nothing when none of them changed")
    func eventsFilterByAspect() {
        let form = FormContextObject(["a": 1])
        let events = Locked<[FieldAspects]>([])
        let subscription = form.observe("a", aspects: [.touched, .visibility]) { event in events.withLock { $0.append(event.aspects) } }
        form.set(2, for: "a")
        form.blur("a")
        form.setVisible(false, for: "a")
        form.setEnabled(false, for: "a")
        #expect(events.withLock { $0 } == [[.touched], [.visibility]])
        subscription.cancel()
    }

    @Test("a subscriber of every key hears each field's events, and one of a key hears its own")
    func eventsOfEveryKey() async {
        let form = FormContextObject(["a": 1, "b": 1])
        let keys = Locked<[String]>([])
        let subscription = form.observeAll(aspects: .all) { event in keys.withLock { $0.append(event.key) } }
        let touched = Locked<[FieldEvent]>([])
        let ofB = form.observe("b", aspects: [.touched]) { event in touched.withLock { $0.append(event) } }
        form.transaction { batch in
            batch.set(2, for: "a")
            batch.set(2, for: "b")
        }
        form.blur("b")
        #expect(keys.withLock { $0 } == ["a", "b", "b"])
        let event = touched.withLock { $0.first }
        #expect(touched.withLock { $0.count } == 1)
        #expect(event?.key == "b")
        #expect(event?.aspects == [.touched])
        ofB.cancel()
        subscription.cancel()
    }

    @Test("an asynchronous validator's run shows as validating events")
    func validatingEvents() async throws {
        let definition = try FormDefinition([
            FieldDefinition(FormKey<String>("user"), asyncValidators: [AsyncValidator("free") { _ in nil }])
        ])
        let form = FormContextObject(definition: definition, options: ValidationOptions(mode: .onChange))
        let events = Locked<[FieldAspects]>([])
        let subscription = form.observe("user", aspects: [.validating]) { event in events.withLock { $0.append(event.aspects) } }
        form.set("ada", for: "user")
        await form.waitForValidation()
        #expect(events.withLock { $0 } == [[.validating], [.validating]])
        subscription.cancel()
    }

    // MARK: Consistency under concurrency

    @Test("after concurrent writers finish, every field's issues match its final value")
    func concurrentWritersLeaveConsistentIssues() async throws {
        let keys = (0..<8).map { "k\($0)" }
        let definition = try FormDefinition(
            keys.map { FieldDefinition(FormKey<Int>($0), validators: [.range(0...50)]) } + [
                FieldDefinition(FormKey<Int>("sum"), validators: [
                    .custom("small", message: "sum too large") { value, values in
                        value + (values[FormKey<Int>("k0")] ?? 0) <= 60
                    }
                ])
            ],
            validators: [FormValidator("k1", message: "k1 over 40") { values in (values[FormKey<Int>("k1")] ?? 0) <= 40 }])
        let form = FormContextObject(definition: definition, options: ValidationOptions(mode: .onChange))
        form.set(10, for: "sum")
        await withTaskGroup(of: Void.self) { group in
            for (index, key) in keys.enumerated() {
                group.addTask {
                    var generator = SeededGenerator(seed: UInt64(index + 1))
                    for _ in 0..<200 {
                        form.set(Int.random(in: 0...100, using: &generator), for: key)
                        if Bool.random(using: &generator) { form.set(Int.random(in: 0...60, using: &generator), for: "sum") }
                    }
                }
            }
        }
        let expected = definition.validate(form.context)
        #expect(form.validationReport == expected)
        #expect(form.read { $0.invariantViolations() } == [])
    }

    // MARK: Invariants

    @Test("the state's invariants hold after every step of a random sequence of mutations", arguments: [1, 2, 3, 4, 5])
    func invariantsHoldThroughRandomMutations(seed: UInt64) throws {
        var generator = SeededGenerator(seed: seed)
        let keys = ["a", "b", "c", "d"]
        let definition = try FormDefinition(
            keys.map { FieldDefinition(FormKey<Int>($0), validators: [.range(0...5)]) },
            validators: [FormValidator("a<b", message: "a must be below b") { values in
                (values[FormKey<Int>("a")] ?? 0) <= (values[FormKey<Int>("b")] ?? 9)
            }])
        let form = FormContextObject(definition: definition, options: ValidationOptions(mode: .onChange))
        var subscriptions: [FormSubscription] = []
        for step in 0..<300 {
            let key = keys.randomElement(using: &generator) ?? "a"
            switch Int.random(in: 0..<10, using: &generator) {
            case 0: form.set(nil, for: key)
            case 1: form.blur(key)
            case 2: form.setVisible(Bool.random(using: &generator), for: key)
            case 3: form.setEnabled(Bool.random(using: &generator), for: key)
            case 4: form.reset()
            case 5: subscriptions.append(form.observe(key) { _ in })
            case 6: if !subscriptions.isEmpty { subscriptions.remove(at: Int.random(in: 0..<subscriptions.count, using: &generator)).cancel() }
            case 7: form.setErrors(["server"], for: key)
            case 8: form.transaction { batch in for other in keys { batch.set(Int.random(in: 0...9, using: &generator), for: other) } }
            default: form.set(Int.random(in: 0...9, using: &generator), for: key)
            }
            let violations = form.read { $0.invariantViolations() }
            #expect(violations == [], "seed \(seed), step \(step)")
            if !violations.isEmpty { return }
        }
        let active = form.activeValues
        let inactive = Set(keys.filter { !form.fieldState(for: $0).isVisible || !form.fieldState(for: $0).isEnabled })
        // Fields validated since the last reset agree with a fresh validation of the same values.
        let report = form.validate()
        #expect(report.errors.filter { $0.rule != "server" } == definition.validate(active, inactiveKeys: inactive).errors)
        for subscription in subscriptions { subscription.cancel() }
        #expect(form.read { $0.observers.byKey.isEmpty })
    }

    // MARK: Subscriptions

    @Test("cancelling subscriptions in any order leaves the others working")
    func cancellingInAnyOrder() {
        let form = FormContextObject()
        let counters = (0..<100).map { _ in RunCounter() }
        var subscriptions = counters.map { counter in form.observe("a") { _ in counter.tick() } }
        var generator = SeededGenerator(seed: 7)
        var live = Set(0..<100)
        for _ in 0..<60 {
            let index = live.randomElement(using: &generator) ?? 0
            subscriptions[index].cancel()
            live.remove(index)
        }
        form.set(1, for: "a")
        for (index, counter) in counters.enumerated() {
            #expect(counter.value == (live.contains(index) ? 1 : 0))
        }
        subscriptions.removeAll()
        #expect(form.read { $0.observers.byKey.isEmpty })
    }

    @Test("a stream of one key's changes hears that key only")
    func perKeyStreams() async {
        let form = FormContextObject()
        let stream = form.changes(of: ["b"], bufferingPolicy: .bufferingNewest(1))
        form.set(1, for: "a")
        form.set(1, for: "b")
        form.set(2, for: "b")
        var iterator = stream.makeAsyncIterator()
        #expect(await iterator.next() == FormChange(key: "b", oldValue: 1, newValue: 2, origin: .program))
        #expect(form.read { $0.subscribers(of: "a") == nil && $0.observers.all.isEmpty })
    }
}

/// A small, fast, seeded random number generator (SplitMix64), so that a failing sequence reproduces.
struct SeededGenerator: RandomNumberGenerator {
    private var state: UInt64

    init(seed: UInt64) {
        state = seed
    }

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var value = state
        value = (value ^ (value >> 30)) &* 0xBF58_476D_1CE4_E5B9
        value = (value ^ (value >> 27)) &* 0x94D0_49BB_1331_11EB
        return value ^ (value >> 31)
    }
}
