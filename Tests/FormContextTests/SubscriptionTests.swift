@_spi(Diagnostics) @testable import FormContextCore
import Synchronization
import Testing

@Suite("Subscriptions and change streams")
struct SubscriptionTests {
    @Test func perKeyAndAllKeyObserversReceiveExactSequences() {
        let form = FormContextObject(["a": 0])
        let ofA = ChangeRecorder()
        let ofAll = ChangeRecorder()
        let subscriptions = [form.observe("a", ofA.record), form.observeAll(ofAll.record)]

        form.set(1, for: "a", origin: .user)
        form.set("x", for: "b")
        form.set(1, for: "a", origin: .user)
        form.set(2, for: "a", origin: .bridge)
        form.set(nil, for: "b", origin: .calculation)
        form.set(nil, for: "a", origin: .reset)
        form.set(3, for: nil)

        #expect(
            ofA.changes == [
                FormChange(key: "a", oldValue: 0, newValue: 1, origin: .user),
                FormChange(key: "a", oldValue: 1, newValue: 2, origin: .bridge),
                FormChange(key: "a", oldValue: 2, newValue: nil, origin: .reset),
            ])
        #expect(
            ofAll.changes == [
                FormChange(key: "a", oldValue: 0, newValue: 1, origin: .user),
                FormChange(key: "b", oldValue: nil, newValue: "x", origin: .program),
                FormChange(key: "a", oldValue: 1, newValue: 2, origin: .bridge),
                FormChange(key: "b", oldValue: "x", newValue: nil, origin: .calculation),
                FormChange(key: "a", oldValue: 2, newValue: nil, origin: .reset),
            ])
        subscriptions.forEach { $0.cancel() }
    }

    @Test func setReturnsTheChangeItMade() {
        let form = FormContextObject()
        #expect(form.set(1, for: "a", origin: .user) == FormChange(key: "a", oldValue: nil, newValue: 1, origin: .user))
        #expect(form.set(1, for: "a") == nil)
        #expect(form.set(1, for: nil) == nil)
        #expect(form.set(1.0, for: "a") == FormChange(key: "a", oldValue: 1, newValue: 1.0, origin: .program))
    }

    @Test(arguments: FormChangeOrigin.allCases)
    func everyWriteCarriesItsOrigin(origin: FormChangeOrigin) {
        let form = FormContextObject(["r": 0])
        let recorder = ChangeRecorder()
        let subscription = form.observeAll(recorder.record)

        form.set(1, for: "single", origin: origin)
        form.setAll(["batch": 2] as FormContext, origin: origin)
        form.transaction(origin: origin) { $0.set(3, for: "transaction") }
        form.set(1, for: "r")
        form.reset(origin: origin)

        #expect(
            recorder.changes == [
                FormChange(key: "single", oldValue: nil, newValue: 1, origin: origin),
                FormChange(key: "batch", oldValue: nil, newValue: 2, origin: origin),
                FormChange(key: "transaction", oldValue: nil, newValue: 3, origin: origin),
                FormChange(key: "r", oldValue: 0, newValue: 1, origin: .program),
                FormChange(key: "batch", oldValue: 2, newValue: nil, origin: origin),
                FormChange(key: "r", oldValue: 1, newValue: 0, origin: origin),
                FormChange(key: "single", oldValue: 1, newValue: nil, origin: origin),
                FormChange(key: "transaction", oldValue: 3, newValue: nil, origin: origin),
            ])
        subscription.cancel()
    }

    @Test func batchSetWritesInKeyOrderAndReturnsTheChanges() {
        let form = FormContextObject(["b": 1, "keep": 0])
        let recorder = ChangeRecorder()
        let subscription = form.observeAll(recorder.record)
        let changes = form.setAll(["c": 3, "a": 1, "b": 1] as FormContext, origin: .bridge)
        let expected = [
            FormChange(key: "a", oldValue: nil, newValue: 1, origin: .bridge),
            FormChange(key: "c", oldValue: nil, newValue: 3, origin: .bridge),
        ]
        #expect(changes == expected)
        #expect(recorder.changes == expected)
        #expect(form.context == ["a": 1, "b": 1, "c": 3, "keep": 0])
        subscription.cancel()
    }

    @Test func changeDescriptionsShowValuesOrMaskSecrets() {
        #expect(FormChange(key: "name", oldValue: nil, newValue: "Ada", origin: .user).description == #"name: nil -> "Ada" (user)"#)
        #expect(FormChange(key: "age", oldValue: 1, newValue: 2.5, origin: .bridge).description == "age: 1 -> 2.5 (bridge)")
        #expect(
            FormChange(key: "pin", oldValue: 1234, newValue: nil, origin: .reset, isSecure: true).description
                == "pin: •••••• -> nil (reset)")
        #expect(FormChangeOrigin.allCases.map { "\($0)" } == ["user", "program", "reset", "calculation", "bridge", "restore"])
    }

    @Test func changeEqualityComparesValueTypes() {
        #expect(FormChange(key: "a", oldValue: nil, newValue: 1, origin: .user) != FormChange(key: "a", oldValue: nil, newValue: 1.0, origin: .user))
        #expect(FormChange(key: "a", oldValue: 1, newValue: nil, origin: .user) != FormChange(key: "a", oldValue: 1.0, newValue: nil, origin: .user))
        #expect(FormChange(key: "a", oldValue: nil, newValue: 1, origin: .user) != FormChange(key: "a", oldValue: nil, newValue: 1, origin: .program))
        #expect(
            FormChange(key: "a", oldValue: nil, newValue: 1, origin: .user)
                != FormChange(key: "a", oldValue: nil, newValue: 1, origin: .user, isSecure: true))
    }

    // MARK: Ending subscriptions

    @Test func cancelStopsCallbacks() {
        let form = FormContextObject()
        let ofA = ChangeRecorder()
        let ofAll = ChangeRecorder()
        let keySubscription = form.observe("a", ofA.record)
        let allSubscription = form.observeAll(ofAll.record)
        form.set(1, for: "a")
        #expect(!keySubscription.isCancelled)

        keySubscription.cancel()
        allSubscription.cancel()
        keySubscription.cancel()
        #expect(keySubscription.isCancelled)
        #expect(allSubscription.isCancelled)
        form.set(2, for: "a")
        #expect(ofA.changes == [FormChange(key: "a", oldValue: nil, newValue: 1, origin: .program)])
        #expect(ofAll.changes == [FormChange(key: "a", oldValue: nil, newValue: 1, origin: .program)])
        #expect(form.read { $0.observers.byKey.isEmpty && $0.observers.all.isEmpty })
    }

    @Test func cancellingOneObserverLeavesTheOthers() {
        let form = FormContextObject()
        let first = ChangeRecorder()
        let second = ChangeRecorder()
        let firstSubscription = form.observe("a", first.record)
        let secondSubscription = form.observe("a", second.record)
        firstSubscription.cancel()
        form.set(1, for: "a")
        #expect(first.count == 0)
        #expect(second.changes == [FormChange(key: "a", oldValue: nil, newValue: 1, origin: .program)])
        secondSubscription.cancel()
    }

    @Test func releasingTheSubscriptionStopsCallbacks() {
        let form = FormContextObject()
        let ofA = ChangeRecorder()
        let ofAll = ChangeRecorder()
        var keySubscription: FormSubscription? = form.observe("a", ofA.record)
        var allSubscription: FormSubscription? = form.observeAll(ofAll.record)
        form.set(1, for: "a")
        #expect(keySubscription != nil && allSubscription != nil)
        keySubscription = nil
        allSubscription = nil
        form.set(2, for: "a")
        #expect(ofA.count == 1)
        #expect(ofAll.count == 1)
        #expect(form.read { $0.observers.byKey.isEmpty && $0.observers.all.isEmpty })
    }

    @Test func aStoredSubscriptionLivesAsLongAsItsSet() {
        let form = FormContextObject()
        let recorder = ChangeRecorder()
        var bag = Set<FormSubscription>()
        form.observe("a", recorder.record).store(in: &bag)
        form.set(1, for: "a")
        #expect(recorder.count == 1)
        bag.removeAll()
        form.set(2, for: "a")
        #expect(recorder.count == 1)
    }

    @Test func aSubscriptionOutlivingItsFormIsHarmless() {
        var form: FormContextObject? = FormContextObject()
        let subscription = form!.observe("a") { _ in }
        form = nil
        subscription.cancel()
        #expect(subscription.isCancelled)
    }

    // MARK: Re-entrancy

    @Test func aHandlerMayWriteToTheForm() {
        let form = FormContextObject()
        let recorder = ChangeRecorder()
        // Keeps "total" equal to twice "a", from inside a handler.
        let doubling = form.observe("a") { [unowned form] change in
            form.set((change.newValue?.base as? Int).map { $0 * 2 }, for: "total", origin: .calculation)
        }
        let all = form.observeAll(recorder.record)

        form.set(5, for: "a", origin: .user)
        #expect(form.context == ["a": 5, "total": 10])
        // The write made inside the handler reaches every handler after the change that caused it.
        #expect(
            recorder.changes == [
                FormChange(key: "a", oldValue: nil, newValue: 5, origin: .user),
                FormChange(key: "total", oldValue: nil, newValue: 10, origin: .calculation),
            ])
        doubling.cancel()
        all.cancel()
    }

    @Test func aHandlerMayWriteTheKeyItObserves() {
        let form = FormContextObject()
        let recorder = ChangeRecorder()
        let clamp = form.observe("level") { [unowned form] change in
            if let level = change.newValue?.base as? Int, level > 10 { form.set(10, for: "level") }
        }
        let log = form.observe("level", recorder.record)
        form.set(15, for: "level", origin: .user)
        #expect(form[FormKey<Int>("level")] == 10)
        #expect(
            recorder.changes == [
                FormChange(key: "level", oldValue: nil, newValue: 15, origin: .user),
                FormChange(key: "level", oldValue: 15, newValue: 10, origin: .program),
            ])
        clamp.cancel()
        log.cancel()
    }

    @Test func aHandlerMayCancelItsOwnSubscriptionAndReadTheForm() {
        let form = FormContextObject()
        let seen = Mutex<[Int?]>([])
        let holder = Mutex<FormSubscription?>(nil)
        let subscription = form.observe("a") { [unowned form] _ in
            seen.withAnnotatedLock { $0.append(form[FormKey<Int>("a")]) }
            holder.withAnnotatedLock { $0?.cancel() }
        }
        holder.withAnnotatedLock { $0 = subscription }
        form.set(1, for: "a")
        form.set(2, for: "a")
        #expect(seen.withAnnotatedLock { $0 } == [1])
    }

    // MARK: Streams

    @Test func aStreamYieldsEveryChangeAndEndsWhenTheFormGoesAway() async {
        var form: FormContextObject? = FormContextObject(["a": 0])
        let stream = form!.changes()
        form!.set(1, for: "a", origin: .user)
        form!.set("x", for: "b", origin: .bridge)
        form!.set(1, for: "a")
        form!.set(nil, for: "a", origin: .calculation)
        form = nil

        var received: [FormChange] = []
        for await change in stream { received.append(change) }
        #expect(
            received == [
                FormChange(key: "a", oldValue: 0, newValue: 1, origin: .user),
                FormChange(key: "b", oldValue: nil, newValue: "x", origin: .bridge),
                FormChange(key: "a", oldValue: 1, newValue: nil, origin: .calculation),
            ])
    }

    @Test func aStreamFiltersByKeys() async {
        var form: FormContextObject? = FormContextObject()
        let stream = form!.changes(of: ["a", "c"])
        form!.set(1, for: "a")
        form!.set(2, for: "b")
        form!.set(3, for: "c")
        form!.set(4, for: "a.b")
        form = nil

        var received: [FormChange] = []
        for await change in stream { received.append(change) }
        #expect(
            received == [
                FormChange(key: "a", oldValue: nil, newValue: 1, origin: .program),
                FormChange(key: "c", oldValue: nil, newValue: 3, origin: .program),
            ])
    }

    @Test func aStreamWithAnEmptyKeySetYieldsNothing() async {
        var form: FormContextObject? = FormContextObject()
        let stream = form!.changes(of: [])
        form!.set(1, for: "a")
        form = nil
        var count = 0
        for await _ in stream { count += 1 }
        #expect(count == 0)
    }

    @Test func aStreamEndsWhenTheConsumingTaskIsCancelled() async {
        let form = FormContextObject()
        let stream = form.changes()
        let (firstSeen, signal) = AsyncStream.makeStream(of: Void.self)
        let consumer = Task {
            var received: [FormChange] = []
            for await change in stream {
                received.append(change)
                signal.yield()
            }
            return received
        }
        form.set(1, for: "a")
        for await _ in firstSeen { break }
        consumer.cancel()
        let received = await consumer.value
        #expect(received == [FormChange(key: "a", oldValue: nil, newValue: 1, origin: .program)])

        form.set(2, for: "a")
        #expect(form.read { $0.observers.all.isEmpty && $0.observers.streamFinishers.isEmpty })
    }

    @Test func droppingAStreamUnreadEndsItsSubscription() {
        let form = FormContextObject()
        do {
            let stream = form.changes()
            form.set(1, for: "a")
            _ = stream
        }
        #expect(form.read { $0.observers.all.isEmpty && $0.observers.streamFinishers.isEmpty })
    }

    @Test func severalStreamsEachReceiveEveryChange() async {
        var form: FormContextObject? = FormContextObject()
        let first = form!.changes()
        let second = form!.changes(of: ["a"])
        form!.set(1, for: "a")
        form!.set(1, for: "b")
        form = nil
        var firstKeys: [String] = []
        var secondKeys: [String] = []
        for await change in first { firstKeys.append(change.key) }
        for await change in second { secondKeys.append(change.key) }
        #expect(firstKeys == ["a", "b"])
        #expect(secondKeys == ["a"])
    }
}

@Suite("Ending subscriptions that own controls")
struct SubscriptionOwnershipTests {
    @Test("cancelling a subscription whose handler holds the last reference to a control of the same form")
    func cancellingReleasesTheHandlerOutsideTheLock() throws {
        let form = FormContextObject(["price": 1, "total": 2])
        var total: FieldControl<Int>? = FieldControl(key: "total", format: .integer)
        try total!.connect(to: form)
        let subscription = form.observe("price") { [total] change in
            total?.value = (change.newValue?.base as? Int ?? 0) * 2
        }
        total = nil
        form.set(5, for: "price")
        #expect(form[FormKey<Int>("total")] == 10)
        subscription.cancel()
        #expect(form.controlCount(for: "total") == 0)
        form.set(6, for: "price")
        #expect(form[FormKey<Int>("total")] == 10)
    }

    @Test("the same through observeAll, and by letting the subscription go")
    func droppingReleasesTheHandlerOutsideTheLock() throws {
        let form = FormContextObject(["price": 1, "total": 2])
        var total: FieldControl<Int>? = FieldControl(key: "total", format: .integer)
        try total!.connect(to: form)
        var subscription: FormSubscription? = form.observeAll { [total] change in
            if change.key == "price" { total?.value = (change.newValue?.base as? Int ?? 0) * 3 }
        }
        total = nil
        form.set(5, for: "price")
        #expect(form[FormKey<Int>("total")] == 15)
        subscription = nil
        #expect(subscription == nil)
        #expect(form.controlCount(for: "total") == 0)
    }
}
