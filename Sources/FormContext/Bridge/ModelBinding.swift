import Synchronization

/// A model value kept in sync with a live form, both ways, through a ``FormBridge``.
///
/// - An edit in the form, whatever its origin, is written into the model, and
///   ``onModelChange(_:)`` subscribers hear about it once per changed key.
/// - Replacing ``model`` writes the changed keys into the form in one batch, with origin
///   ``FormChangeOrigin/bridge``: each changed key notifies once, unchanged keys notify no one.
///
/// There is no feedback loop: the form changes a replaced model causes come back to the binding,
/// find the model already holding those values, and change nothing.
///
/// A form value that cannot be written into the model (wrong type, unknown raw value, a required
/// key removed) leaves the model unchanged; the error is kept in ``errors`` and ``lastError`` and
/// handed to ``onError(_:)`` subscribers. The key's error goes away when a later value of that key
/// is written, or when the model is replaced.
///
/// ```swift
/// let binding = ModelBinding(Hotspot(), bridge: Hotspot.bridge, form: form)
/// let subscription = binding.onModelChange { hotspot in print(hotspot.password) }
/// form.set("secret", for: "password", origin: .user)   // prints "secret"
/// binding.model.isEnabled = false                        // form's "isEnabled" becomes false
/// ```
///
/// The binding is `Sendable`; its state sits behind a `Mutex`, and callbacks run after the lock is
/// released. Cancel it (or let it go) to stop syncing.
public final class ModelBinding<Model: Sendable>: Sendable {
    /// A registered callback.
    struct Handler<Argument>: Sendable {
        let id: UInt64
        let call: @Sendable (Argument) -> Void
    }

    struct State: Sendable {
        var model: Model
        /// Counts the changes to `model`, so ``ModelBinding/update(_:)`` can tell whether it raced one.
        var version: UInt64 = 0
        var errors: [String: FormBridgeError] = [:]
        var lastError: FormBridgeError?
        var modelHandlers: [Handler<Model>] = []
        var errorHandlers: [Handler<FormBridgeError>] = []
        var cancelHandlers: [Handler<Void>] = []
        var nextID: UInt64 = 0
        var formSubscription: FormSubscription?
        var isCancelled = false

        mutating func makeID() -> UInt64 {
            nextID &+= 1
            return nextID
        }
    }

    /// The form the model is bound to.
    public let form: FormContextObject
    /// The bridge that maps the form's keys to the model's properties.
    public let bridge: FormBridge<Model>
    let state: Mutex<State>

    /// Binds `model` to `form`: writes the model into the form (origin ``FormChangeOrigin/bridge``),
    /// marks the bridge's secret keys secure, and from then on keeps the two in sync.
    ///
    /// - Parameters:
    ///   - model: The starting model; it wins over what the form holds.
    ///   - bridge: Maps keys to properties.
    ///   - form: The live form.
    /// - Complexity: O(*n*) for *n* bindings.
    public init(_ model: Model, bridge: FormBridge<Model>, form: FormContextObject) {
        self.form = form
        self.bridge = bridge
        self.state = Mutex(State(model: model))
        for key in bridge.secureKeys {
            form.setSecure(true, for: key)
        }
        // Listen first, so that a write another thread makes before the model is written in still
        // reaches the model; the model's own writes come back finding it holding those values.
        let subscription = form.observeAll { [weak self] change in
            self?.formDidChange(change)
        }
        state.withAnnotatedLock { $0.formSubscription = subscription }
        writeIntoForm()
    }

    deinit {
        cancel()
    }

    /// The model. Setting it writes the changed keys into the form, each notifying once.
    ///
    /// `binding.model.x = y` reads the model and then writes it back; use ``update(_:)`` when a form
    /// edit from another thread must not be lost in between.
    public var model: Model {
        get { state.withAnnotatedLock { $0.model } }
        set { replaceModel(newValue) }
    }

    /// The form values that could not be written into the model, by key.
    public var errors: [String: FormBridgeError] {
        state.withAnnotatedLock { $0.errors }
    }

    /// The most recent form value that could not be written into the model, or `nil`.
    public var lastError: FormBridgeError? {
        state.withAnnotatedLock { $0.lastError }
    }

    /// Whether ``cancel()`` has run.
    public var isCancelled: Bool {
        state.withAnnotatedLock { $0.isCancelled }
    }

    /// Replaces the model and writes its changed keys into the form in one batch.
    ///
    /// Keys whose value is unchanged notify no one; an optional property that became `nil` removes
    /// its key. The errors kept for earlier form values are dropped. ``onModelChange(_:)``
    /// subscribers are not called: the change came from the caller.
    ///
    /// - Parameter model: The new model.
    /// - Returns: The form changes made, in key order.
    /// - Complexity: O(*n*) for *n* bindings, plus one call per observer of each changed key.
    @discardableResult
    public func replaceModel(_ model: Model) -> [FormChange] {
        commit { state in
            state.model = model
            return true
        } ?? []
    }

    /// Changes the model in place, atomically, and writes the changed keys into the form in one batch.
    ///
    /// Unlike `binding.model.x = y` (a read, then a write), no form edit can be lost in between:
    /// `body` runs on a copy, outside the lock, and if the form changed the model meanwhile it runs
    /// again on the newer model. Keep it free of side effects.
    ///
    /// - Parameter body: Changes the model; it may run more than once.
    /// - Returns: The form changes made, in key order.
    /// - Complexity: O(*n*) for *n* bindings, plus one call per observer of each changed key.
    @discardableResult
    public func update(_ body: (inout Model) -> Void) -> [FormChange] {
        while true {
            let (current, version, isCancelled) = state.withAnnotatedLock { ($0.model, $0.version, $0.isCancelled) }
            guard !isCancelled else { return [] }
            var updated = current
            body(&updated)
            let changes = commit { state in
                guard state.version == version else { return false }
                state.model = updated
                return true
            }
            if let changes { return changes }
        }
    }

    /// Calls `handler` with the new model after every form change that changed it.
    ///
    /// - Parameter handler: Receives the model; runs after the lock is released.
    /// - Returns: A subscription; the callbacks stop when it is cancelled or deallocated.
    public func onModelChange(_ handler: @escaping @Sendable (Model) -> Void) -> FormSubscription {
        register(handler, in: \.modelHandlers)
    }

    /// Calls `handler` with every form value that could not be written into the model.
    ///
    /// - Parameter handler: Receives the error, which names the key; runs after the lock is released.
    /// - Returns: A subscription; the callbacks stop when it is cancelled or deallocated.
    public func onError(_ handler: @escaping @Sendable (FormBridgeError) -> Void) -> FormSubscription {
        register(handler, in: \.errorHandlers)
    }

    /// Adds `handler` to one of the callback lists; the subscription takes it out again.
    private func register<Argument>(
        _ handler: @escaping @Sendable (Argument) -> Void,
        in list: any WritableKeyPath<State, [Handler<Argument>]> & Sendable
    ) -> FormSubscription {
        let id = state.withAnnotatedLock { state in
            let id = state.makeID()
            state[keyPath: list].append(Handler(id: id, call: handler))
            return id
        }
        return FormSubscription { [weak self] in
            // Released after the lock: the handler may own something that takes this lock, or the form's.
            let removed = self?.state.withAnnotatedLock { state in
                let removed = state[keyPath: list].filter { $0.id == id }
                state[keyPath: list].removeAll { $0.id == id }
                return removed
            }
            withExtendedLifetime(removed) {}
        }
    }

    /// The models the form's edits produce, as an asynchronous sequence.
    ///
    /// The stream buffers every model until it is read, and ends when the consuming task is
    /// cancelled or the binding is cancelled.
    public func modelChanges() -> AsyncStream<Model> {
        let (stream, continuation) = AsyncStream.makeStream(of: Model.self)
        let subscription = onModelChange { continuation.yield($0) }
        let finisher = onCancelled { continuation.finish() }
        continuation.onTermination = { _ in
            subscription.cancel()
            finisher.cancel()
        }
        return stream
    }

    /// Calls `handler` once when the binding is cancelled (at once if it already is).
    func onCancelled(_ handler: @escaping @Sendable () -> Void) -> FormSubscription {
        let id: UInt64? = state.withAnnotatedLock { state in
            guard !state.isCancelled else { return nil }
            let id = state.makeID()
            state.cancelHandlers.append(Handler(id: id, call: handler))
            return id
        }
        guard let id else {
            handler()
            return FormSubscription {}
        }
        return FormSubscription { [weak self] in
            let removed = self?.state.withAnnotatedLock { state in
                let removed = state.cancelHandlers.filter { $0.id == id }
                state.cancelHandlers.removeAll { $0.id == id }
                return removed
            }
            withExtendedLifetime(removed) {}
        }
    }

    /// Stops syncing in both directions and drops every callback. Calling it again does nothing.
    public func cancel() {
        let (subscription, finishers): (FormSubscription?, [Handler<Void>]) = state.withAnnotatedLock { state in
            guard !state.isCancelled else { return (nil, []) }
            state.isCancelled = true
            state.modelHandlers = []
            state.errorHandlers = []
            defer {
                state.formSubscription = nil
                state.cancelHandlers = []
            }
            return (state.formSubscription, state.cancelHandlers)
        }
        subscription?.cancel()
        for finisher in finishers { finisher.call(()) }
    }

    // MARK: Syncing

    /// Writes every bound key of the current model into the form in one batch, origin `.bridge`.
    @discardableResult
    func writeIntoForm() -> [FormChange] {
        commit { _ in true } ?? []
    }

    /// Changes the model with `change` and writes every bound key of it into the form, as one step.
    ///
    /// Both happen while the form's lock is held (then the binding's: locks are always taken in that
    /// order, and no callback runs while either is held). A form change on its way to
    /// ``formDidChange(_:)`` therefore never sees the model ahead of the form, and cannot write a
    /// stale form value back over a newer model; when replacements race, the form ends up holding the
    /// last one.
    ///
    /// - Parameter change: Changes the model; returns `false` to change nothing (a lost race).
    /// - Returns: The form changes made, or `nil` if the binding is cancelled or `change` declined.
    func commit(_ change: (inout State) -> Bool) -> [FormChange]? {
        let bridge = bridge
        return form.update { formState, notes in
            let model: Model? = state.withAnnotatedLock { state in
                guard !state.isCancelled, change(&state) else { return nil }
                state.version &+= 1
                state.errors = [:]
                state.lastError = nil
                return state.model
            }
            guard let model else { return nil }
            for binding in bridge.bindings {
                formState.write(binding.storedValue(of: model), for: binding.key, origin: .bridge, into: &notes)
            }
            return notes.changes
        }
    }

    /// Writes one form change into the model, then tells the subscribers.
    func formDidChange(_ change: FormChange) {
        guard bridge.binds(change.key) else { return }
        let bridge = bridge
        let form = form
        // The form's current value is read, and applied, while the form's lock is held: when writes
        // race, the last callback to get here applies the last value, and a replacement of the
        // model cannot interleave, so the model always ends up matching the form.
        let outcome: Outcome = form.state.withAnnotatedLock { formState in
            let current = formState.values.storage[change.key]
            return state.withAnnotatedLock { state in
                guard !state.isCancelled else { return .unchanged }
                do throws(FormBridgeError) {
                    let changed = try bridge.write(current, for: change.key, into: &state.model)
                    state.errors[change.key] = nil
                    if changed { state.version &+= 1 }
                    return changed ? .changed(state.model, state.modelHandlers) : .unchanged
                } catch {
                    state.errors[change.key] = error
                    state.lastError = error
                    return .failed(error, state.errorHandlers)
                }
            }
        }
        switch outcome {
        case .unchanged:
            break
        case .changed(let model, let handlers):
            for handler in handlers { handler.call(model) }
        case .failed(let error, let handlers):
            for handler in handlers { handler.call(error) }
        }
    }

    /// What a form change did to the model, with the callbacks to run once the lock is released.
    enum Outcome {
        case unchanged
        case changed(Model, [Handler<Model>])
        case failed(FormBridgeError, [Handler<FormBridgeError>])
    }
}
