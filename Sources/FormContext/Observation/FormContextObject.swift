public import Observation
import Synchronization

/// A live form: a ``FormContext`` with field state, change notifications and observation per key.
///
/// `FormContextObject` is safe to use from any thread or task. Its state sits behind a `Mutex`;
/// every callback (Observation, subscriptions, streams) runs after the lock has been released, so a
/// callback may read or write the form.
///
/// Notifications are delivered one change at a time, in the order the changes were made, never two
/// at once. A write made while a delivery is under way (by a handler, or by another thread) is
/// queued and delivered right after the current one, by the thread already delivering; the write
/// itself takes effect at once. So every observer sees each key's changes in order, and the last
/// change it sees carries the key's current value.
///
/// It is `Observable` **per key**: code that read key `a` inside `withObservationTracking` (as SwiftUI
/// does) is invalidated by a write to `a` and by nothing else, and a write of an equal value
/// invalidates no one.
///
/// ```swift
/// let form = FormContextObject(["firstname": "Hello"])
/// let subscription = form.observe("firstname") { change in print(change) }
/// form.set("Ada", for: "firstname", origin: .user)
/// // firstname: "Hello" -> "Ada" (user)
/// ```
///
/// ## Performance
/// A write costs a lock, a few hash-table operations on the key, and one call per observer of that
/// key: it does not depend on how many fields the form has.
public final class FormContextObject: Observable, Sendable, FormReader {
    let state: Mutex<FormState>
    let registrar = ObservationRegistrar()

    /// Creates a form whose values and initial values are `initial`.
    ///
    /// - Parameter initial: The starting values; its secret keys stay secret.
    public init(_ initial: FormContext = FormContext()) {
        state = Mutex(FormState(initial: initial))
    }

    deinit {
        let finishers = state.withAnnotatedLock { Array($0.streamFinishers.values) }
        for finish in finishers { finish() }
    }

    // MARK: Reading

    /// A snapshot of every value. Reading it through observation tracks every key.
    ///
    /// - Complexity: O(1); the snapshot shares storage with the form until either changes.
    public var context: FormContext {
        registrar.access(self, keyPath: \.context)
        return state.withAnnotatedLock { state in
            state.isContextTracked = true
            return state.values
        }
    }

    /// The value under `key`, or `nil` if there is none. Observation tracks this key only.
    public subscript(key: String) -> AnyHashable? {
        let (value, paths) = state.withAnnotatedLock { state in
            (state.values.storage[key], state.track(key))
        }
        registrar.access(self, keyPath: paths.value)
        return value
    }

    /// The value of a typed field; setting it writes with origin ``FormChangeOrigin/program``.
    ///
    /// Reading returns `nil` when the key is absent or holds another type; use ``FormReader/value(for:)``
    /// to tell the two apart.
    public subscript<Value>(key: FormKey<Value>) -> Value? {
        get { self[key.name]?.base as? Value }
        set { set(newValue, for: key.name) }
    }

    // MARK: Writing

    /// Stores `value` under `key` and notifies the observers of that key.
    ///
    /// Writing a value equal to the current one (same value, same type) changes nothing and
    /// notifies no one. A `nil` value removes the key; a `nil` key is ignored.
    ///
    /// - Parameters:
    ///   - value: The new value, or `nil` to remove the key.
    ///   - key: The field key.
    ///   - origin: Where the change comes from; subscribers receive it with the change.
    /// - Returns: The change that was made, or `nil` if nothing changed.
    /// - Complexity: O(1) on average, plus one call per observer of `key`.
    @discardableResult
    public func set(_ value: (any Hashable & Sendable)?, for key: String?, origin: FormChangeOrigin = .program) -> FormChange? {
        guard let key else { return nil }
        let newValue = boxed(value)
        return update { state, notes in
            notes.isCollectingChanges = false
            return state.write(newValue, for: key, origin: origin, into: &notes)
        }
    }

    /// Writes every value of `values` in one batch: each changed key notifies once, after all are written.
    ///
    /// Keys absent from `values` are left as they are. Keys secret in `values` become secret in the
    /// form before any value is written, so their changes are masked.
    ///
    /// - Returns: The changes made, in key order.
    /// - Complexity: O(*m* log *m*) for *m* values, plus one call per observer of each changed key.
    @discardableResult
    public func set(_ values: FormContext, origin: FormChangeOrigin = .program) -> [FormChange] {
        update { state, notes in
            // Mark secret keys first, so the changes of their values are masked too.
            for key in values.secureKeys.subtracting(state.values.secureKeys) {
                state.values.setSecure(for: key)
                state.initial.setSecure(for: key)
                state.recordStateChange(of: key, into: &notes)
            }
            for key in values.sortedKeys {
                state.write(values.storage[key], for: key, origin: origin, into: &notes)
            }
            return notes.changes
        }
    }

    /// Writes the value of `control` under its key (nothing for a control without a key).
    ///
    /// - Returns: The change that was made, or `nil` if nothing changed.
    @discardableResult
    public func update(from control: some FormControl, origin: FormChangeOrigin = .user) -> FormChange? {
        set(control.formValue, for: control.formKey, origin: origin)
    }

    /// Runs `body` under the lock, then delivers what it recorded.
    ///
    /// Deliveries are serial and in the order the mutations took the lock: if another delivery is
    /// under way (on another thread, or further up this thread's stack when a handler writes to the
    /// form), the notes are queued and the thread already delivering delivers them after the current
    /// ones. So every observer sees the changes of a key in the order they were made, and the last
    /// change it sees carries the key's current value.
    func update<R, E: Error>(_ body: (inout FormState, inout FormNotifications) throws(E) -> R) throws(E) -> R {
        let (result, notes, mustDeliver) = try state.withAnnotatedLock { state throws(E) in
            var notes = FormNotifications()
            let wasDirty = !state.dirty.isEmpty
            let tracksSummary = state.validation.isSummaryTracked
            if tracksSummary { notes.validation.before = state.validation.summary(isDirty: wasDirty) }
            let result = try body(&state, &notes)
            notes.isDirtyChanged = wasDirty != !state.dirty.isEmpty
            if tracksSummary { notes.validation.after = state.validation.summary(isDirty: !state.dirty.isEmpty) }
            return (result, notes, state.enqueue(notes))
        }
        if mustDeliver {
            deliver(notes)
            while let queued = state.withAnnotatedLock({ $0.takeQueuedDeliveries() }) {
                for notes in queued { deliver(notes) }
            }
        }
        return result
    }

    /// Announces recorded changes to the registrar and calls the subscribers, outside the lock.
    private func deliver(_ notes: FormNotifications) {
        if !notes.valueKeys.isEmpty || !notes.stateKeys.isEmpty {
            let (valuePaths, statePaths) = state.withAnnotatedLock { state in
                (notes.valueKeys.map { state.track($0) }, (notes.valueKeys + notes.stateKeys).map { state.track($0) })
            }
            for paths in valuePaths {
                registrar.willSet(self, keyPath: paths.value)
                registrar.didSet(self, keyPath: paths.value)
            }
            for paths in statePaths {
                registrar.willSet(self, keyPath: paths.fieldState)
                registrar.didSet(self, keyPath: paths.fieldState)
            }
        }
        if notes.isContextChanged {
            registrar.willSet(self, keyPath: \.context)
            registrar.didSet(self, keyPath: \.context)
        }
        if notes.isDirtyChanged {
            registrar.willSet(self, keyPath: \.isDirty)
            registrar.didSet(self, keyPath: \.isDirty)
        }
        deliver(notes.validation)
        for (handler, change) in notes.calls {
            handler(change)
        }
    }
}
