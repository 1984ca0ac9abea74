extension FormContextObject {
    /// Calls `handler` after every change to the value under `key`.
    ///
    /// The handler runs after the form's lock is released, so it may read or write the form. Handlers
    /// are called one change at a time, in the order the changes were made: usually on the thread that
    /// made the change; when a delivery is already under way, on the thread delivering. A write made by
    /// a handler is delivered after the current change has reached every handler.
    ///
    /// - Parameters:
    ///   - key: The field to watch.
    ///   - handler: Receives each change.
    /// - Returns: A subscription; the callbacks stop when it is cancelled or deallocated.
    /// - Complexity: O(1) to subscribe and to cancel.
    public func observe(_ key: String, _ handler: @escaping @Sendable (FormChange) -> Void) -> FormSubscription {
        subscribe(Observer(handler: .change(handler), aspects: .value), to: key)
    }

    /// Calls `handler` once per mutation that changed any of `aspects` of the field `key`: its value,
    /// and its state (touched, visibility, enabled, errors, warnings, validating …).
    ///
    /// The event comes once the mutation has settled (its validation done), with the field's whole
    /// state, so a renderer that does not use Observation can follow a field completely.
    ///
    /// ```swift
    /// let subscription = form.observe("email", aspects: [.value, .errors]) { event in
    ///     render(event.state)
    /// }
    /// ```
    ///
    /// - Parameters:
    ///   - key: The field to watch.
    ///   - aspects: What to hear about; every aspect by default.
    ///   - handler: Receives each event; it runs after the lock is released, like ``observe(_:_:)``'s.
    /// - Returns: A subscription; the callbacks stop when it is cancelled or deallocated.
    /// - Complexity: O(1) to subscribe and to cancel.
    func observe(
        _ key: String, aspects: FieldAspects = .all, _ handler: @escaping @Sendable (FieldEvent) -> Void
    ) -> FormSubscription {
        subscribe(Observer(handler: .event(handler), aspects: aspects), to: key)
    }

    /// Calls `handler` after every change to any value.
    ///
    /// - Parameter handler: Receives each change.
    /// - Returns: A subscription; the callbacks stop when it is cancelled or deallocated.
    /// - Complexity: O(1) to subscribe and to cancel.
    public func observeAll(_ handler: @escaping @Sendable (FormChange) -> Void) -> FormSubscription {
        subscribeToAll(Observer(handler: .change(handler), aspects: .value))
    }

    /// Calls `handler` once per mutation and field for every field whose `aspects` changed.
    ///
    /// - Parameters:
    ///   - aspects: What to hear about; every aspect by default.
    ///   - handler: Receives each event.
    /// - Returns: A subscription; the callbacks stop when it is cancelled or deallocated.
    /// - Complexity: O(1) to subscribe and to cancel.
    func observeAll(aspects: FieldAspects = .all, _ handler: @escaping @Sendable (FieldEvent) -> Void) -> FormSubscription {
        subscribeToAll(Observer(handler: .event(handler), aspects: aspects))
    }

    /// Subscribes `screen` to the settle: from its first run on (the next settle's, see
    /// ``ScreenStage``), the settle runs what each change calls for among its derivations, whose
    /// reads it keeps in the form's dependency graph.
    ///
    /// - Returns: The subscription, which, cancelled, drops every node of the subscriber.
    func subscribeToSettle(_ screen: ScreenSubscriber) -> FormSubscription {
        let handle = bookkeep { state in state.subscriberGraph.subscribe(screen).handle }
        return .removing(from: self) { form in
            form.bookkeep { state -> SubscriberGraph.Subscriber? in
                let (slots, removed) = state.subscriberGraph.unsubscribe(handle, from: &state.graph)
                for slot in slots { state.subscriberDidLeave(slot) }
                return removed
            }
        }
    }

    /// Settles the form with nothing written: runs what the settle owes without a change (a new
    /// subscriber's first run), or waits for a settle under way on another thread, which runs it.
    func settle() {
        mutate({ _, _ in }, settled: { _, _, _ in })
    }

    /// The keys `node` read on its last run, in the order first read.
    func keysRead(byNode node: Int) -> [String] {
        read { state in state.graph.reads(of: .init(.subscriber, node)).map { state.fields[$0].key } }
    }

    /// The changes to the values under `keys` (every key when `nil`), as an asynchronous sequence.
    ///
    /// The stream ends when the consuming task is cancelled or the form is deallocated. Subscribing
    /// costs one subscriber per key (one in all when `keys` is `nil`), so a write wakes only the
    /// streams of its key.
    ///
    /// ```swift
    /// for await change in form.changes(of: ["email"]) {
    ///     print(change.key, change.origin)
    /// }
    /// ```
    ///
    /// - Parameters:
    ///   - keys: The keys to follow, or `nil` for every key.
    ///   - bufferingPolicy: What the stream keeps while nobody reads it. The default, `.unbounded`,
    ///     loses nothing and holds every change until it is read; pass `.bufferingNewest(n)` to keep
    ///     only the latest `n`.
    /// - Returns: The stream.
    public func changes(
        of keys: Set<String>? = nil, bufferingPolicy: AsyncStream<FormChange>.Continuation.BufferingPolicy = .unbounded
    ) -> AsyncStream<FormChange> {
        let (stream, continuation) = AsyncStream.makeStream(of: FormChange.self, bufferingPolicy: bufferingPolicy)
        let yield: @Sendable (FormChange) -> Void = { continuation.yield($0) }
        connect(continuation, subscriptions: subscriptions(of: keys, observer: Observer(handler: .change(yield), aspects: .value)))
        return stream
    }

    // MARK: Registering

    /// Registers `observer` for `key`.
    func subscribe(_ observer: Observer, to key: String) -> FormSubscription {
        let handle = bookkeep { state in
            let slot = state.fields.slot(creating: key)
            let (handle, flags) = state.observers.add(observer, of: slot)
            state.setObserverFlags(flags, at: slot)
            return handle
        }
        return keySubscription(key: key, handle: handle)
    }

    /// The subscription that removes the subscriber `handle` names from `key` when it ends.
    func keySubscription(key: String, handle: CallbackHandle) -> FormSubscription {
        // The removed handler is released after the lock: it may own a control of this form, whose
        // deinitializer takes the lock again.
        .removing(from: self) { form in
            form.bookkeep { state -> Observer? in
                // The subscriber keeps the key's slot: it is there until the subscriber goes.
                guard let slot = state.fields.slot(of: key) else { return nil }
                let (removed, flags) = state.observers.remove(handle, of: slot)
                state.setObserverFlags(flags, at: slot)
                state.subscriberDidLeave(slot)
                return removed
            }
        }
    }

    /// Registers `observer` for every key.
    private func subscribeToAll(_ observer: Observer) -> FormSubscription {
        let handle = bookkeep { $0.observers.addToAll(observer) }
        return .removing(from: self) { form in form.bookkeep { $0.observers.removeFromAll(handle) } }
    }

    /// One subscription per key of `keys`, or one for every key when `keys` is `nil`.
    private func subscriptions(of keys: Set<String>?, observer: Observer) -> [FormSubscription] {
        guard let keys else { return [subscribeToAll(observer)] }
        return keys.map { subscribe(observer, to: $0) }
    }

    /// Ends `continuation` with the form, and cancels `subscriptions` when the stream ends.
    private func connect<Element>(_ continuation: AsyncStream<Element>.Continuation, subscriptions: [FormSubscription]) {
        let handle = bookkeep { $0.observers.addStreamFinisher({ continuation.finish() }) }
        let finisher = FormSubscription.removing(from: self) { form in form.bookkeep { $0.observers.removeStreamFinisher(handle) } }
        continuation.onTermination = { _ in
            for subscription in subscriptions { subscription.cancel() }
            finisher.cancel()
        }
    }
}

extension EngineState {
    /// Sets the observer flags of the record in `slot` to `flags`.
    mutating func setObserverFlags(_ flags: FieldFlags, at slot: Int) {
        fields.setFlag(.valueObserved, flags.contains(.valueObserved), at: slot)
        fields.setFlag(.stateObserved, flags.contains(.stateObserved), at: slot)
    }
}
