/// What has been read through Observation, so a mutation announces to the registrar exactly what
/// someone may be watching, and a form nobody observes pays nothing for observation.
struct ObservationTracking: Sendable {
    /// The registrar key paths of every field read through observation, by track index.
    private(set) var fieldPaths: [FieldKeyPaths] = []
    /// Whether anyone read the whole ``FormContextObject/context`` through observation.
    var isContextTracked = false
    /// The form-level properties read through observation, in the order they were first read.
    private(set) var properties: [FormProperty] = []
    /// The list of property values a mutation compared, kept for the next one (see
    /// ``EngineState/takeTrackedPropertyValues()``); its elements are not read.
    var spareValues: [PropertyValue] = []
    private var propertyIndex: Set<PropertyPath> = []

    /// Track indices given back by released slots, handed out again first.
    private var freeIndices: [Int32] = []
    /// Keys read through observation while they had no slot: each is announced when its slot is made,
    /// so that whoever read it hears when it comes to exist.
    private(set) var awaited: Set<String> = []
    /// Awaited keys whose state changed while they had no slot (a rules' group they are under
    /// decided otherwise), to announce as the mutation ends, as a key whose slot was made is.
    private var dueAwaited: [String] = []
    /// The ``FieldTable/madeCount`` up to which new slots have been looked up in ``awaited``.
    var announcedMade = 0

    /// Whether any field has been read through observation.
    var hasTrackedFields: Bool { fieldPaths.count > freeIndices.count }

    /// The number of track indices in use.
    var trackedCount: Int { fieldPaths.count - freeIndices.count }

    /// The key paths of the field at `trackIndex`.
    func paths(at trackIndex: Int32) -> FieldKeyPaths {
        fieldPaths[Int(trackIndex)]
    }

    /// Builds the key paths of `key` and returns their track index.
    mutating func track(_ key: String) -> Int32 {
        if let index = freeIndices.popLast() {
            fieldPaths[Int(index)] = FieldKeyPaths(key)
            return index
        }
        fieldPaths.append(FieldKeyPaths(key))
        return Int32(fieldPaths.count - 1)
    }

    /// Gives back `trackIndex`, whose slot is being released (and its key announced).
    mutating func untrack(_ trackIndex: Int32) {
        freeIndices.append(trackIndex)
    }

    /// Notes that `key`, which has no slot, was read through observation.
    mutating func await(_ key: String) {
        awaited.insert(key)
    }

    /// Whether `key`, whose slot was just made, was awaited; it no longer is.
    mutating func stopAwaiting(_ key: String) -> Bool {
        awaited.remove(key) != nil
    }

    /// Notes that the rules' group of `prefix` decided otherwise: the group and every awaited key
    /// under it are due to be announced, and no longer awaited (whoever reads it again awaits it again).
    ///
    /// - Complexity: O(*a*) for *a* awaited keys; O(1) when none is.
    mutating func groupDidChange(prefix: String) {
        guard !awaited.isEmpty else { return }
        let scope = prefix + "."
        // The group itself, read through a state query, and every key and group under it.
        let due = awaited.filter { $0 == prefix || $0.hasPrefix(scope) }
        guard !due.isEmpty else { return }
        awaited.subtract(due)
        dueAwaited += due.sorted()
    }

    /// Whether any awaited key is due to be announced.
    var hasDueAwaited: Bool { !dueAwaited.isEmpty }

    /// Takes the awaited keys due to be announced, leaving none.
    mutating func takeDueAwaited() -> [String] {
        defer { dueAwaited = [] }
        return dueAwaited
    }

    /// Takes every awaited key, leaving none.
    mutating func takeAwaited() -> Set<String> {
        defer { awaited = [] }
        return awaited
    }

    /// Starts comparing `property` before and after every mutation.
    mutating func track(_ property: FormProperty) {
        guard propertyIndex.insert(property.path).inserted else { return }
        properties.append(property)
    }

    /// Whether the form-level property at `keyPath` is compared already.
    ///
    /// A key path literal is made once, so the same object is found first by identity, which hashes
    /// nothing; an equal key path made elsewhere is found by its hash.
    func isTracking(_ keyPath: AnyKeyPath) -> Bool {
        properties.contains { $0.path.path === keyPath } || propertyIndex.contains(PropertyPath(path: keyPath))
    }

}

extension EngineState {
    /// Puts the current values of the tracked form-level properties into `values` (emptied first),
    /// to compare after a mutation: a list with room from an earlier mutation (see
    /// ``ObservationTracking/spareValues``), so that a keystroke allocates none.
    ///
    /// A method of the state, not of its tracking part: handing the whole state to a method of one
    /// of its parts makes a copy of it.
    func trackedPropertyValues(into values: inout [PropertyValue]) {
        values.empty()
        guard !tracking.properties.isEmpty else { return }
        values.reserveCapacity(tracking.properties.count)
        for property in tracking.properties { values.append(property.value(self)) }
    }

    /// The current values of the tracked form-level properties, in a list lent by the tracking
    /// part, to be handed back by ``handBackTrackedPropertyValues(_:)`` once compared.
    mutating func takeTrackedPropertyValues() -> [PropertyValue] {
        var values: [PropertyValue] = []
        swap(&values, &tracking.spareValues)
        trackedPropertyValues(into: &values)
        return values
    }

    /// Keeps `values`, the list ``takeTrackedPropertyValues()`` made, for the next mutation: once
    /// the caller's copies are gone it is held alone, and the next mutation fills it in place.
    mutating func handBackTrackedPropertyValues(_ values: [PropertyValue]) {
        if values.capacity > 0 && values.capacity <= [PropertyValue].reusedCapacityLimit { tracking.spareValues = values }
    }
}

/// The value of a form-level property, as compared before and after a mutation: the common types
/// stored as they are, so a comparison boxes nothing and a value is dropped without a call through
/// value witnesses.
enum PropertyValue: Equatable, @unchecked Sendable {
    // `@unchecked Sendable` is sound: `other` holds the value of an `observed` property, whose type
    // is `Hashable & Sendable`.
    case bool(Bool)
    case int(Int)
    case other(AnyHashable)
}

/// A form-level property observers can track (`isDirty`, `isValid`, `submitPhase` …): where the
/// registrar knows it, and how to read it from the state.
///
/// Declaring one is a single computed property on ``FormContextObject`` that reads through
/// `FormContextObject.observed(_:_:)`; the pipeline compares it before and after every mutation once
/// somebody has read it, and announces it when it changed.
struct FormProperty: Sendable {
    /// The property's key path on ``FormContextObject``, for the registrar.
    let path: PropertyPath
    /// Reads the property from the state.
    let value: @Sendable (EngineState) -> PropertyValue
    /// Announces a change of the property to the registrar.
    let announce: @Sendable (FormContextObject) -> Void
}

/// A key path on ``FormContextObject`` that names a form-level property.
struct PropertyPath: Hashable, @unchecked Sendable {
    // `@unchecked Sendable` is sound: a key path to a stored or computed property is an immutable
    // object that captures nothing.
    let path: AnyKeyPath
}
