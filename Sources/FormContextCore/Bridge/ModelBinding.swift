import Synchronization

/// A model value kept in sync with a live form, both ways, through a ``FormBridge``.
///
/// - An edit in the form, whatever its origin, is written into the model, and
///   ``onModelChange(_:)`` subscribers hear about it once per changed key.
/// - Replacing the model with ``replaceModel(_:)``, or changing it with ``update(_:)`` or
///   ``update(_:to:)``, writes the changed
///   keys into the form in one batch, with origin ``FormChangeOrigin/bridge``: each changed key
///   notifies once, unchanged keys notify no one.
///
/// There is no feedback loop: the form changes the binding causes come back to it, find the model
/// already holding those values, and change nothing. The model always ends up matching the form:
/// a form change is applied by reading the form's value when the change is delivered, and
/// deliveries come in the order the form changed.
///
/// Changes to the model are linearizable: each ``update(_:)``, ``update(_:to:)`` and
/// ``replaceModel(_:)`` commits the new model and writes its changed keys into the form in one step,
/// under the form's lock, so updates made from many threads at once are each applied exactly once,
/// in some order, and the form's observers hear each one. ``update(_:)`` is a compare-and-retry
/// loop: it takes the model, its version and the form's values of the bound keys, runs the closure
/// on a copy with no lock held, and commits only if neither the model nor those values changed
/// meanwhile; otherwise it starts again from the newer state.
///
/// A form value that cannot be written into the model (wrong type, unknown raw value, a required
/// key removed) leaves the model unchanged; the error is kept in ``errors`` and
/// handed to ``onError(_:)`` subscribers. The key's error goes away when a later value of that key
/// is written into the model, or when the binding writes the model's value of that key into the
/// form: ``replaceModel(_:)`` writes every key, ``update(_:)`` and ``update(_:to:)`` the keys they
/// change. An error of a key they leave alone stays: the form still holds the value the model could
/// not take.
///
/// ```swift
/// let binding = ModelBinding(Hotspot(), bridge: Hotspot.bridge, form: form)
/// let subscription = binding.onModelChange { hotspot in print(hotspot.password) }
/// form.set("secret", for: "password", origin: .user)   // prints "secret"
/// binding.update { $0.isEnabled = false }              // form's "isEnabled" becomes false
/// ```
///
/// The binding is `Sendable`; its state sits behind a `Mutex` of its own. That lock is taken inside
/// the form's lock, for the moment a commit compares versions and stores the model, and never the
/// other way round: the binding never calls into the form while holding it. No user code runs
/// under either lock (closures, key-path reads and callbacks all run outside), and callbacks run
/// after every lock is released. Cancel the binding (or let it go) to stop syncing.
public final class ModelBinding<Model: Sendable>: Sendable {
    struct State: Sendable {
        var model: Model
        /// Counts the changes to `model`, so a change made from a copy can tell whether it raced one.
        var version: UInt64 = 0
        /// A second copy of the model, which a change of known properties borrows, brings up to date
        /// and changes in place; `nil` while it is borrowed, before the first such change, and after
        /// a change whose properties are not known.
        var spare: Spare?
        var errors: [String: FormBridgeError] = [:]
        var lastError: FormBridgeError?
        var modelHandlers = CallbackList<@Sendable (Model) -> Void>()
        var errorHandlers = CallbackList<@Sendable (FormBridgeError) -> Void>()
        var cancelHandlers = CallbackList<@Sendable () -> Void>()
        var formSubscription: FormSubscription?
        var isCancelled = false
    }

    /// The model's second copy, and what it lacks of the model.
    ///
    /// Why it exists: a change is made with no lock held, so it cannot change the model the binding
    /// holds, which readers may be reading; made on a copy of that model, it would copy all of it,
    /// since the two share their storage until one changes. The spare shares nothing with the model
    /// (each change publishes the spare and keeps the model it replaces as the next spare), so it
    /// changes in place: a change costs what it writes. What it guarantees: applying `lag` to the
    /// spare, in order, reading each property from the model, makes it equal to the model.
    struct Spare: Sendable {
        var model: Model
        /// The properties changed in the model since the spare was equal to it, each as a copy of the
        /// property from the model into the spare.
        var lag: [Sync]
    }

    /// Copies one property from a model (the second argument) into another.
    typealias Sync = @Sendable (inout Model, Model) -> Void

    /// The form the model is bound to.
    let form: FormContextObject
    /// The bridge that maps the form's keys to the model's properties.
    let bridge: FormBridge<Model>
    private let state: Mutex<State>

    /// Binds `model` to `form`: writes the model into the form (origin ``FormChangeOrigin/bridge``),
    /// marks the bridge's secret keys secure, and from then on keeps the two in sync.
    ///
    /// A key the form knows nothing of (no value, no initial value) takes the model's value as its
    /// initial value too, as a control's starting value does: the form starts clean, and
    /// ``FormContextObject/reset(keeping:origin:)`` returns to the model's values.
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
        // Listen first, so that a write another thread makes before the model is written in still
        // reaches the model; the model's own writes come back finding it holding those values.
        let subscription = form.observeAll { [weak self] change in
            self?.formDidChange(change)
        }
        state.withAnnotatedLock { $0.formSubscription = subscription }
        form.apply(storedValues(of: model, at: bridge.bindings.indices), secretKeys: bridge.secureKeys, origin: .bridge, seeding: true)
    }

    deinit {
        cancel()
    }

    /// The model. Change it with ``update(_:)``, ``update(_:to:)`` or ``replaceModel(_:)``.
    public var model: Model {
        state.withAnnotatedLock { $0.model }
    }

    /// The form values that could not be written into the model, by key: each stays until the key's
    /// value in the form is one the model takes, or the binding writes the model's value of the key
    /// into the form (``replaceModel(_:)`` writes every key, ``update(_:)`` and ``update(_:to:)`` the
    /// keys they change).
    public var errors: [String: FormBridgeError] {
        state.withAnnotatedLock { $0.errors }
    }

    /// The most recent form value that could not be written into the model, or `nil`.
    var lastError: FormBridgeError? {
        state.withAnnotatedLock { $0.lastError }
    }

    /// Whether ``cancel()`` has run.
    var isCancelled: Bool {
        state.withAnnotatedLock { $0.isCancelled }
    }

    // MARK: Changing the model

    /// Replaces the model and writes every bound key into the form in one batch; keys whose value is
    /// unchanged notify no one, and an optional property that became `nil` removes its key.
    ///
    /// The replacement wins over every earlier form edit: the form ends up holding the new model's
    /// values. The errors kept for earlier form values are dropped. ``onModelChange(_:)``
    /// subscribers are not called: the change came from the caller.
    ///
    /// - Parameter model: The new model.
    /// - Returns: The form changes made, in key order.
    /// - Complexity: O(*n*) for *n* bindings, plus one call per observer of each changed key.
    @discardableResult
    public func replaceModel(_ model: Model) -> [FormChange] {
        let entries = storedValues(of: model, at: bridge.bindings.indices)
        // The dropped spare is let go of here, after the locks: it may be a large model.
        var dropped: Spare?
        defer { withExtendedLifetime(dropped) {} }
        return form.apply(entries, origin: .bridge) { _ in
            commit(writing: nil) { state in
                dropped = Self.publish(model, lag: nil, in: &state)
                return true
            }
        } ?? []
    }

    /// Sets one property (or one nested model) of the model, atomically, and writes the keys it
    /// binds into the form.
    ///
    /// The errors in ``errors`` of the keys it writes go; those of the other keys stay.
    ///
    /// ```swift
    /// binding.update(\.hotspot.password, to: "secret")
    /// ```
    ///
    /// - Parameters:
    ///   - path: The property, or a nested model whose properties are bound.
    ///   - value: The new value.
    /// - Returns: The form changes made, in key order.
    /// - Complexity: O(*k*) form writes for the *k* bindings `path` reaches when it is a bound property
    ///   or a nested model of bound properties, whatever the size of the model: the change is made in
    ///   place on the binding's second copy of the model, brought up to date first by copying the
    ///   properties the previous change set. O(*n*) for *n* bindings for any other path.
    ///   The model is copied once when there is no second copy to borrow (the first such change, the
    ///   first after ``update(_:)``, ``replaceModel(_:)`` or a lost race, or one made while another
    ///   thread's change holds it) or when it is still shared (a handler or a caller kept the model
    ///   past the next change).
    @discardableResult
    public func update<Value>(_ path: any WritableKeyPath<Model, Value> & Sendable, to value: Value) -> [FormChange] {
        if let reached = bridge.bindings(reachedBy: path) {
            let sync: Sync = { target, source in target[keyPath: path] = source[keyPath: path] }
            return update(reading: reached, writing: reached, syncing: sync) { $0[keyPath: path] = value }
        }
        return update { $0[keyPath: path] = value }
    }

    /// Changes the model in place, atomically, and writes the keys whose values it changed into the
    /// form in one batch.
    ///
    /// Unlike `binding.model.x = y` (a read, then a write), no form edit and no other update can be
    /// lost in between. It is a compare-and-retry loop: `body` runs on a copy of the model, holding
    /// the form's current values (including edits the binding has not heard of yet), with no lock
    /// held; the result is committed, together with its writes into the form, only if neither the
    /// model nor the form's bound values changed meanwhile, and otherwise `body` runs again on the
    /// newer state. Keep it free of side effects.
    ///
    /// The errors in ``errors`` of the keys it writes go; those of the other keys stay, also when
    /// `body` changes nothing.
    ///
    /// - Parameter body: Changes the model; it may run more than once.
    /// - Returns: The form changes made, in key order.
    /// - Complexity: O(*n*) for *n* bindings, to find the properties `body` changed (only those are
    ///   written); ``update(_:to:)`` writes only the keys of the property it changes.
    @discardableResult
    public func update(_ body: (inout Model) -> Void) -> [FormChange] {
        update(reading: bridge.bindings.indices, writing: nil, syncing: nil, body)
    }

    /// The compare-and-retry loop behind the updates.
    ///
    /// - Parameters:
    ///   - read: The bindings whose form values `body` may build on: they are brought into the copy
    ///     it changes, and must be unchanged when it commits.
    ///   - written: The bindings to write into the form; `nil` for those whose values `body` changed.
    ///   - sync: Copies the one property `body` changes, which holds every binding in `read`, from one
    ///     model into another; `nil` when what `body` changes is not known. Given, the change is made
    ///     in place on the spare copy of the model.
    ///   - body: Changes the copy; runs with no lock held, perhaps more than once.
    /// - Returns: The form changes made.
    private func update(
        reading read: some Collection<Int>, writing written: [Int]?, syncing sync: Sync?, _ body: (inout Model) -> Void
    ) -> [FormChange] {
        let keys = read.map { bridge.bindings[$0].key }
        // A spare a commit drops is let go of here, after the locks: it may be a large model.
        var dropped: Spare?
        defer { withExtendedLifetime(dropped) {} }
        while true {
            // One instant: the form's values and the model they have been merged into so far.
            var (seen, taken) = form.values(of: keys) {
                state.withAnnotatedLock { state in
                    state.isCancelled ? nil : Taken(model: state.model, version: state.version, spare: sync == nil ? nil : state.spare.take())
                }
            }
            guard let start = taken.take() else { return [] }
            let version = start.version
            var updated = Self.base(consume start)
            // Edits made in the form that the binding has not heard of yet are the base too.
            for (key, value) in zip(keys, seen) {
                _ = try? bridge.write(value, for: key, into: &updated)
            }
            let indices: [Int]
            if let written {
                body(&updated)
                indices = written
            } else {
                let base = updated
                body(&updated)
                indices = bridge.bindings.indices.filter { index in
                    !isSameValue(bridge.bindings[index].storedValue(of: base), bridge.bindings[index].storedValue(of: updated))
                }
            }
            let changes = form.apply(storedValues(of: updated, at: indices), origin: .bridge) { value in
                guard zip(keys, seen).allSatisfy({ isSameValue(value($0), $1) }) else { return false }
                return commit(writing: indices.map { bridge.bindings[$0].key }) { state in
                    guard state.version == version else { return false }
                    dropped = Self.publish(updated, lag: sync.map { [$0] }, in: &state)
                    return true
                }
            }
            // A lost race leaves the borrowed spare changed but unpublished: it is dropped, and the
            // next try copies the newer model.
            if let changes { return changes }
        }
    }

    /// What a change takes under the lock: the model, its version, and the spare if it borrows it.
    private struct Taken: Sendable {
        var model: Model
        let version: UInt64
        var spare: Spare?
    }

    /// The model a change starts from: the spare brought up to date with the model, or else the
    /// model itself (which the change then copies).
    ///
    /// Every other reference to the spare's storage and to the model is let go of here, so that the
    /// spare changes in place, and the model, which becomes the next spare when the change commits,
    /// is not still held by this change when the next one (the delivery of its own writes) borrows it.
    private static func base(_ taken: consuming Taken) -> Model {
        guard var spare = taken.spare.take() else { return taken.model }
        var caughtUp = taken.model
        swap(&caughtUp, &spare.model)
        for sync in spare.lag { sync(&caughtUp, spare.model) }
        return caughtUp
    }

    /// Makes `model` the binding's model, under its lock.
    ///
    /// - Parameters:
    ///   - model: The new model.
    ///   - lag: What changed from the model it replaces, as copies of properties: the replaced model
    ///     is kept as the spare. `nil` when that is not known: the spare is dropped.
    ///   - state: The binding's state.
    /// - Returns: The spare it replaced or dropped, for the caller to let go of once no lock is held.
    private static func publish(_ model: Model, lag: [Sync]?, in state: inout State) -> Spare? {
        let replaced = state.model
        state.model = model
        let dropped = state.spare.take()
        if let lag { state.spare = Spare(model: replaced, lag: lag) }
        return dropped
    }

    /// Changes the model with `change` under the binding's lock, as part of a write into the form;
    /// called under the form's lock, so it runs no user code.
    ///
    /// - Parameters:
    ///   - written: The keys the change writes into the form, whose errors it settles (the form now
    ///     holds the model's value); `nil` for every key. The errors of the other keys stay: the form
    ///     still holds the values the model could not take.
    ///   - change: Changes the model; returns `false` to change nothing (a lost race).
    /// - Returns: Whether the model changed.
    private func commit(writing written: [String]?, _ change: (inout State) -> Bool) -> Bool {
        state.withAnnotatedLock { state in
            guard !state.isCancelled, change(&state) else { return false }
            state.version &+= 1
            if let written {
                for key in written { state.errors[key] = nil }
            } else {
                state.errors = [:]
            }
            if state.errors.isEmpty { state.lastError = nil }
            return true
        }
    }

    /// The stored values of the bindings at `indices` for `model`.
    private func storedValues(of model: Model, at indices: some Collection<Int>) -> [(key: String, value: AnyHashable?)] {
        indices.map { (bridge.bindings[$0].key, bridge.bindings[$0].storedValue(of: model)) }
    }

    // MARK: Callbacks

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
    private func register<Handler: Sendable>(
        _ handler: Handler, in list: any WritableKeyPath<State, CallbackList<Handler>> & Sendable
    ) -> FormSubscription {
        let handle = state.withAnnotatedLock { $0[keyPath: list].append(handler) }
        return .removing(from: self) { binding in binding.state.withAnnotatedLock { $0[keyPath: list].remove(handle) } }
    }

    /// Calls `handler` once when the binding is cancelled (at once if it already is).
    func onCancelled(_ handler: @escaping @Sendable () -> Void) -> FormSubscription {
        let isCancelled = state.withAnnotatedLock { $0.isCancelled }
        guard !isCancelled else {
            handler()
            return FormSubscription {}
        }
        return register(handler, in: \.cancelHandlers)
    }

    /// Stops syncing in both directions and drops every callback. Calling it again does nothing.
    public func cancel() {
        let (subscription, finishers, dropped): (FormSubscription?, [@Sendable () -> Void], [any Sendable]) =
            state.withAnnotatedLock { state in
                guard !state.isCancelled else { return (nil, [], []) }
                state.isCancelled = true
                let dropped: [any Sendable] = [state.modelHandlers.removeAll(), state.errorHandlers.removeAll()]
                defer { state.formSubscription = nil }
                return (state.formSubscription, state.cancelHandlers.removeAll(), dropped)
            }
        subscription?.cancel()
        for finish in finishers { finish() }
        withExtendedLifetime(dropped) {}
    }

    // MARK: Syncing

    /// Writes the form's current value of a changed key into the model, then tells the subscribers.
    ///
    /// The value is read when the change is delivered, not taken from the change: deliveries come in
    /// the order the form changed, so the last delivery of a key leaves the model holding the key's
    /// last value, whatever raced in between. The value and the model are taken at one instant and
    /// the value is written with no lock held, in place into the spare copy of the model (brought up
    /// to date first) when it is free, otherwise into a copy of the model; the result is committed
    /// only if the model did not change meanwhile, else it starts again.
    func formDidChange(_ change: FormChange) {
        guard bridge.binds(change.key) else { return }
        let sync = bridge.sync(of: change.key)
        // A spare the commit drops is let go of here, after the lock: it may be a large model.
        var dropped: Spare?
        defer { withExtendedLifetime(dropped) {} }
        while true {
            var (seen, taken) = form.values(of: CollectionOfOne(change.key)) {
                state.withAnnotatedLock { state in
                    state.isCancelled ? nil : Taken(model: state.model, version: state.version, spare: sync == nil ? nil : state.spare.take())
                }
            }
            guard let start = taken.take() else { return }
            let version = start.version
            var model = Self.base(consume start)
            let current = seen[0]
            let written: Result<Bool, FormBridgeError>
            do throws(FormBridgeError) {
                written = .success(try bridge.write(current, for: change.key, into: &model))
            } catch {
                // Secrecy belongs to the key: the form may hold it secret though the binding is not.
                written = .failure(change.isSecure ? error.masked : error)
            }
            let outcome: Outcome? = state.withAnnotatedLock { state in
                guard !state.isCancelled else { return .unchanged }
                guard state.version == version else { return nil }
                switch written {
                case .success(let changed):
                    state.errors[change.key] = nil
                    guard changed else {
                        // The copy is the model, brought up to date: the next change may borrow it.
                        if sync != nil { state.spare = Spare(model: model, lag: []) }
                        return .unchanged
                    }
                    dropped = Self.publish(model, lag: sync.map { [$0] }, in: &state)
                    state.version &+= 1
                    return .changed(model, Array(state.modelHandlers))
                case .failure(let error):
                    // A failed write leaves the copy unchanged.
                    if sync != nil { state.spare = Spare(model: model, lag: []) }
                    state.errors[change.key] = error
                    state.lastError = error
                    return .failed(error, Array(state.errorHandlers))
                }
            }
            switch outcome {
            case nil:
                continue
            case .unchanged?:
                return
            case .changed(let model, let handlers)?:
                for handler in handlers { handler(model) }
                return
            case .failed(let error, let handlers)?:
                for handler in handlers { handler(error) }
                return
            }
        }
    }

    /// What a form change did to the model, with the callbacks to run once the lock is released.
    private enum Outcome {
        case unchanged
        case changed(Model, [@Sendable (Model) -> Void])
        case failed(FormBridgeError, [@Sendable (FormBridgeError) -> Void])
    }
}
