/// Everyone a live form calls back: subscribers of one key, subscribers of every key, stream
/// finishers, and the connected controls. Registration and removal are O(1).
struct ObserverRegistry: Sendable {
    private(set) var byKey: [String: KeyObservers] = [:]
    private(set) var all = CallbackList<Observer>()
    /// How many subscribers of every key are called with events (not only value changes).
    private(set) var allEventCount = 0
    /// How many subscribers of single keys are called with events.
    private var keyEventCount = 0
    private(set) var streamFinishers = CallbackList<@Sendable () -> Void>()
    var controls: [String: ControlSlot] = [:]
    private var nextID: UInt64 = 0

    /// A fresh registration id.
    mutating func makeID() -> UInt64 {
        nextID &+= 1
        return nextID
    }

    /// Adds a subscriber of `key`.
    ///
    /// - Returns: The flags the key's record must carry from now on.
    mutating func add(_ observer: Observer, of key: String, id: UInt64) -> FieldFlags {
        byKey[key, default: KeyObservers()].append(observer, id: id)
        if !observer.isChangeHandler { keyEventCount += 1 }
        return flags(of: key)
    }

    /// Removes the subscriber `id` of `key`.
    ///
    /// - Returns: The removed subscriber (to be released outside the lock) and the flags the key's
    ///   record must carry from now on.
    mutating func remove(id: UInt64, of key: String) -> (removed: Observer?, flags: FieldFlags) {
        let removed = byKey[key]?.remove(id: id)
        if let removed, !removed.isChangeHandler { keyEventCount -= 1 }
        if byKey[key]?.list.isEmpty == true { byKey[key] = nil }
        return (removed, flags(of: key))
    }

    /// The observer flags a record of `key` carries.
    func flags(of key: String) -> FieldFlags {
        guard let observers = byKey[key] else { return [] }
        var flags: FieldFlags = []
        if observers.changeCount > 0 { flags.insert(.valueObserved) }
        if observers.eventCount > 0 { flags.insert(.stateObserved) }
        return flags
    }

    /// The subscribers of `key`.
    func observers(of key: String) -> CallbackList<Observer>? {
        byKey[key]?.list
    }

    /// Adds a subscriber of every key.
    mutating func addToAll(_ observer: Observer, id: UInt64) {
        all.append(observer, id: id)
        if !observer.isChangeHandler { allEventCount += 1 }
    }

    /// Removes the subscriber `id` of every key.
    ///
    /// - Returns: The removed subscriber, to be released outside the lock.
    mutating func removeFromAll(id: UInt64) -> Observer? {
        guard let removed = all.remove(id: id) else { return nil }
        if !removed.isChangeHandler { allEventCount -= 1 }
        return removed
    }

    /// Registers a stream's finisher, called when the form goes away.
    mutating func addStreamFinisher(_ finish: @escaping @Sendable () -> Void, id: UInt64) {
        streamFinishers.append(finish, id: id)
    }

    /// Removes a stream's finisher.
    ///
    /// - Returns: The finisher, to be released outside the lock.
    mutating func removeStreamFinisher(id: UInt64) -> (@Sendable () -> Void)? {
        streamFinishers.remove(id: id)
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
