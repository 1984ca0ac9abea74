/// The mutable state of a ``FormContextObject``, always accessed under its lock.
struct FormState {
    /// A registered change callback.
    struct Observer {
        let id: UInt64
        let handler: @Sendable (FormChange) -> Void
        /// Whether this is a connected control, which a reset brings back in line even where the value stayed.
        var isControl = false
    }

    /// The value type the controls connected to one key agree on.
    struct ControlSlot {
        let valueType: ObjectIdentifier
        let valueTypeName: String
        var count: Int
    }

    var values: FormContext
    var initial: FormContext
    var dirty: Set<String> = []
    var touched: Set<String> = []
    var hidden: Set<String> = []
    var disabled: Set<String> = []

    var keyObservers: [String: [Observer]] = [:]
    var allObservers: [Observer] = []
    var streamFinishers: [UInt64: @Sendable () -> Void] = [:]
    var nextID: UInt64 = 0

    /// Keys read through the observable accessors: only these are announced to the registrar.
    var trackedKeys: Set<String> = []
    /// The registrar's key paths of the tracked keys, built once each.
    var keyPaths: [String: FieldKeyPaths] = [:]
    /// Whether anyone read the whole ``FormContextObject/context`` through observation.
    var isContextTracked = false

    var controls: [String: ControlSlot] = [:]

    /// Whether a thread is delivering notifications; while it is, others queue theirs in ``queuedDeliveries``.
    var isDelivering = false
    /// Notifications recorded while another delivery was under way, oldest first.
    var queuedDeliveries: [FormNotifications] = []
    /// Validation issues, asynchronous runs and the submit pipeline's state.
    var validation = FormValidationState()

    init(initial: FormContext) {
        values = initial
        self.initial = initial
    }

    /// Marks `key` tracked and returns its key paths, building them the first time.
    mutating func track(_ key: String) -> FieldKeyPaths {
        trackedKeys.insert(key)
        if let paths = keyPaths[key] { return paths }
        let paths = FieldKeyPaths(key)
        keyPaths[key] = paths
        return paths
    }

    mutating func makeID() -> UInt64 {
        nextID &+= 1
        return nextID
    }

    /// Writes `newValue` under `key`, records the change, and keeps the dirty set exact.
    ///
    /// - Returns: The change, or `nil` if the value was already the same (in value and type).
    @discardableResult
    mutating func write(_ newValue: AnyHashable?, for key: String, origin: FormChangeOrigin, into notes: inout FormNotifications) -> FormChange? {
        // The new value is hashed once for both comparisons, and one hash of the key finds the slot
        // for both the read and the write of an existing key.
        let newHash = newValue?.hashValue
        let oldValue: AnyHashable?
        if let index = values.storage.index(forKey: key) {
            oldValue = values.storage.values[index]
            guard !isSameValue(oldValue, newValue, rhsHash: newHash) else { return nil }
            if let newValue {
                values.storage.values[index] = newValue
            } else {
                values.storage.remove(at: index)
            }
        } else {
            guard let newValue else { return nil }
            oldValue = nil
            values.storage[key] = newValue
        }
        // The dirty set is exact before every write, so a key that was clean held its initial value,
        // and a changed value is certainly dirty: only a key that was dirty needs comparing.
        if !dirty.insert(key).inserted, isSameValue(initial.storage[key], newValue, rhsHash: newHash) {
            dirty.remove(key)
        }
        assert(
            dirty.contains(key) != isSameValue(initial.storage[key], newValue),
            "the dirty set was not exact before writing '\(key)'")
        let change = FormChange(
            key: key, oldValue: oldValue, newValue: newValue, origin: origin,
            isSecure: values.secureKeys.contains(key))
        record(change, into: &notes)
        valueDidChange(key, origin: origin, into: &notes)
        return change
    }

    /// Puts `key` in the dirty set exactly when its value differs from its initial value.
    mutating func refreshDirty(_ key: String) {
        if isSameValue(values.storage[key], initial.storage[key]) {
            dirty.remove(key)
        } else {
            dirty.insert(key)
        }
    }

    /// Queues the callbacks and registrar announcements that `change` calls for.
    func record(_ change: FormChange, into notes: inout FormNotifications) {
        if notes.isCollectingChanges { notes.changes.append(change) }
        // The emptiness checks skip hashing the key for tables that are empty, as they usually are.
        if !keyObservers.isEmpty, let observers = keyObservers[change.key] {
            for observer in observers { notes.calls.append((observer.handler, change)) }
        }
        for observer in allObservers { notes.calls.append((observer.handler, change)) }
        if !trackedKeys.isEmpty, trackedKeys.contains(change.key) { notes.valueKeys.append(change.key) }
        if isContextTracked { notes.isContextChanged = true }
    }

    /// Queues a call to every connected control whose key `notes` has no change for, with the key's
    /// current value (as old and new value), so that a reset clears text the control could not parse.
    func refreshControls(origin: FormChangeOrigin, into notes: inout FormNotifications) {
        let changed = Set(notes.changes.map(\.key))
        for (key, observers) in keyObservers where !changed.contains(key) {
            let current = values.storage[key]
            for observer in observers where observer.isControl {
                let change = FormChange(
                    key: key, oldValue: current, newValue: current, origin: origin, isSecure: values.secureKeys.contains(key))
                notes.calls.append((observer.handler, change))
            }
        }
    }

    /// Queues an announcement that the non-value state of `key` (touched, visibility, …) changed.
    func recordStateChange(of key: String, into notes: inout FormNotifications) {
        if trackedKeys.contains(key) { notes.stateKeys.append(key) }
    }

    /// Hands `notes` to the delivery queue.
    ///
    /// - Returns: `true` if the caller must deliver `notes` itself and then drain the queue (no delivery
    ///   was under way); `false` if there is nothing to deliver or the thread already delivering will.
    mutating func enqueue(_ notes: FormNotifications) -> Bool {
        guard !notes.isEmpty else { return false }
        guard !isDelivering else {
            queuedDeliveries.append(notes)
            return false
        }
        isDelivering = true
        return true
    }

    /// Takes every queued delivery, or ends the delivery under way when none is left.
    mutating func takeQueuedDeliveries() -> [FormNotifications]? {
        guard !queuedDeliveries.isEmpty else {
            isDelivering = false
            return nil
        }
        var taken: [FormNotifications] = []
        swap(&taken, &queuedDeliveries)
        return taken
    }

    func fieldState(for key: String) -> FieldState {
        let issues = validation.issues[key]
        return FieldState(
            key: key, value: values.storage[key], initialValue: initial.storage[key], isDirty: dirty.contains(key),
            isTouched: touched.contains(key), isVisible: !hidden.contains(key), isEnabled: !disabled.contains(key),
            isSecure: values.secureKeys.contains(key), errors: issues?.allErrors ?? [], warnings: issues?.warnings ?? [],
            isValidating: validation.runs[key] != nil)
    }
}

/// What a mutation of a ``FormContextObject`` must announce once its lock is released.
struct FormNotifications {
    var calls: [(@Sendable (FormChange) -> Void, FormChange)] = []
    /// Tracked keys whose value changed (their field state changed too).
    var valueKeys: [String] = []
    /// Tracked keys whose field state changed but not their value.
    var stateKeys: [String] = []
    var isContextChanged = false
    var isDirtyChanged = false
    /// The changes made, in order, while ``isCollectingChanges``.
    var changes: [FormChange] = []
    /// Whether ``changes`` is kept; a single write that returns its own change turns it off, sparing an allocation.
    var isCollectingChanges = true

    /// Whether there is nothing to announce and no one to call.
    var isEmpty: Bool {
        calls.isEmpty && valueKeys.isEmpty && stateKeys.isEmpty && !isContextChanged && !isDirtyChanged
            && validation.isEmpty
    }
    /// Form-level validation changes to announce, and asynchronous runs to start or cancel.
    var validation = ValidationNotifications()
}
