/// Everyone a live form calls back: subscribers of one key, subscribers of every key, stream
/// finishers, and the connected controls. Registration and removal are O(1).
struct ObserverRegistry: Sendable {
    /// The subscribers of each key, by the key's slot.
    private(set) var byKey: [Int: KeyObservers] = [:]
    private(set) var all = CallbackList<Observer>()
    /// How many subscribers of every key are called with events (not only value changes).
    private(set) var allEventCount = 0
    /// How many subscribers of single keys are called with events.
    private var keyEventCount = 0
    private(set) var streamFinishers = CallbackList<@Sendable () -> Void>()
    var controls: [String: ControlSlot] = [:]

    /// Adds a subscriber of the key in `slot`.
    ///
    /// - Returns: The handle that removes it, and the flags the key's record must carry from now on.
    mutating func add(_ observer: Observer, of slot: Int) -> (handle: CallbackHandle, flags: FieldFlags) {
        let handle = byKey[slot, default: KeyObservers()].append(observer)
        if !observer.isChangeHandler { keyEventCount += 1 }
        return (handle, flags(of: slot))
    }

    /// Removes the subscriber `handle` names from the key in `slot`.
    ///
    /// - Returns: The removed subscriber (to be released outside the lock) and the flags the key's
    ///   record must carry from now on.
    mutating func remove(_ handle: CallbackHandle, of slot: Int) -> (removed: Observer?, flags: FieldFlags) {
        let removed = byKey[slot]?.remove(handle)
        if let removed, !removed.isChangeHandler { keyEventCount -= 1 }
        if byKey[slot]?.list.isEmpty == true { byKey[slot] = nil }
        return (removed, flags(of: slot))
    }

    /// The observer flags the record in `slot` carries.
    func flags(of slot: Int) -> FieldFlags {
        guard let observers = byKey[slot] else { return [] }
        var flags: FieldFlags = []
        if observers.changeCount > 0 { flags.insert(.valueObserved) }
        if observers.eventCount > 0 { flags.insert(.stateObserved) }
        return flags
    }

    /// The subscribers of the key in `slot`.
    func observers(of slot: Int) -> CallbackList<Observer>? {
        byKey[slot]?.list
    }

    /// Adds a subscriber of every key.
    mutating func addToAll(_ observer: Observer) -> CallbackHandle {
        if !observer.isChangeHandler { allEventCount += 1 }
        return all.append(observer)
    }

    /// Removes the subscriber `id` of every key.
    ///
    /// - Returns: The removed subscriber, to be released outside the lock.
    mutating func removeFromAll(_ handle: CallbackHandle) -> Observer? {
        guard let removed = all.remove(handle) else { return nil }
        if !removed.isChangeHandler { allEventCount -= 1 }
        return removed
    }

    /// Registers a stream's finisher, called when the form goes away.
    mutating func addStreamFinisher(_ finish: @escaping @Sendable () -> Void) -> CallbackHandle {
        streamFinishers.append(finish)
    }

    /// Removes a stream's finisher.
    ///
    /// - Returns: The finisher, to be released outside the lock.
    mutating func removeStreamFinisher(_ handle: CallbackHandle) -> (@Sendable () -> Void)? {
        streamFinishers.remove(handle)
    }

    /// Takes every stream finisher, leaving none.
    mutating func takeStreamFinishers() -> [@Sendable () -> Void] {
        streamFinishers.removeAll()
    }

    /// Whether any subscriber (of one key or of all) is called with field events.
    var hasEventSubscribers: Bool { allEventCount > 0 || keyEventCount > 0 }

    /// Whether anybody at all listens to value changes of every key.
    var hasAllObservers: Bool { !all.isEmpty }

    /// Whether nobody subscribes to anything.
    var isEmpty: Bool { byKey.isEmpty && all.isEmpty && streamFinishers.isEmpty }
}
