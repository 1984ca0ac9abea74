/// A registered subscriber: what it wants to hear about, and how to call it.
struct Observer: Sendable {
    /// How the subscriber is called.
    enum Handler: Sendable {
        /// With each value change (``FormContextObject/observe(_:_:)``).
        case change(@Sendable (FormChange) -> Void)
        /// With an event per field and mutation (``FormContextObject/observe(_:aspects:_:)``).
        case event(@Sendable (FieldEvent) -> Void)
    }

    let handler: Handler
    /// The aspects the subscriber hears about; `[.value]` for a change handler.
    let aspects: FieldAspects
    /// Whether this is a connected control, which a reset brings back in line even where the value stayed.
    var isControl = false

    /// Whether the subscriber is called with each value change as it is written.
    var isChangeHandler: Bool {
        if case .change = handler { return true }
        return false
    }
}

/// The subscribers of one key, with counts of each kind, so a write asks one bit of the record.
struct KeyObservers: Sendable {
    var list = CallbackList<Observer>()
    /// Subscribers called with each value change.
    var changeCount = 0
    /// Subscribers called with an event per mutation.
    var eventCount = 0

    mutating func append(_ observer: Observer) -> CallbackHandle {
        if observer.isChangeHandler { changeCount += 1 } else { eventCount += 1 }
        return list.append(observer)
    }

    mutating func remove(_ handle: CallbackHandle) -> Observer? {
        guard let observer = list.remove(handle) else { return nil }
        if observer.isChangeHandler { changeCount -= 1 } else { eventCount -= 1 }
        return observer
    }
}

/// The value type the controls connected to one key agree on.
struct ControlSlot: Sendable {
    let valueType: ObjectIdentifier
    let valueTypeName: String
    var count: Int
}
