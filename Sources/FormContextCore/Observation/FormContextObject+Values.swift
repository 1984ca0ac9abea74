extension FormContextObject {
    // MARK: Reading

    /// A snapshot of every value. Reading it through observation tracks every key.
    ///
    /// - Complexity: O(*n*) for *n* fields: it copies every value. Read single keys where you can.
    public var context: FormContext {
        registrar.access(self, keyPath: \.context)
        return bookkeep { state in
            state.tracking.isContextTracked = true
            return state.fields.context
        }
    }

    /// The value under `key`, or `nil` if there is none. Observation tracks this key only.
    public subscript(key: String) -> AnyHashable? {
        let (value, paths) = bookkeep { state -> (AnyHashable?, FieldKeyPaths?) in
            guard let slot = state.fields.slot(of: key) else {
                // A key with no slot gets none: whoever reads it hears when its slot is made.
                state.tracking.await(key)
                return (nil, nil)
            }
            return (state.fields[slot].value, state.trackPaths(of: slot))
        }
        registrar.access(self, keyPath: (paths ?? FieldKeyPaths(key)).value)
        return value
    }

    /// Reads a form-level property, registering it with Observation and with the pipeline, which
    /// from then on compares it before and after every mutation and announces it when it changed.
    ///
    /// Declaring an observable form-level property is this one call in its getter:
    ///
    /// ```swift
    /// public var isValid: Bool { observed(\.isValid) { $0.validation.isValid } }
    /// ```
    func observed<Value: Hashable & Sendable>(
        _ keyPath: any KeyPath<FormContextObject, Value> & Sendable, _ value: @escaping @Sendable (EngineState) -> Value
    ) -> Value {
        observed(keyPath, value, as: { .other(AnyHashable($0)) })
    }

    /// ``observed(_:_:)`` for a `Bool` property, compared after every mutation without boxing.
    func observed(_ keyPath: any KeyPath<FormContextObject, Bool> & Sendable, _ value: @escaping @Sendable (EngineState) -> Bool) -> Bool {
        observed(keyPath, value, as: { .bool($0) })
    }

    /// ``observed(_:_:)`` for an `Int` property, compared after every mutation without boxing.
    func observed(_ keyPath: any KeyPath<FormContextObject, Int> & Sendable, _ value: @escaping @Sendable (EngineState) -> Int) -> Int {
        observed(keyPath, value, as: { .int($0) })
    }

    /// Reads a form-level property and tracks it, comparing it as `compared` makes it.
    private func observed<Value: Hashable & Sendable>(
        _ keyPath: any KeyPath<FormContextObject, Value> & Sendable, _ value: @escaping @Sendable (EngineState) -> Value,
        as compared: @escaping @Sendable (Value) -> PropertyValue
    ) -> Value {
        registrar.access(self, keyPath: keyPath)
        return bookkeep { state in
            if !state.tracking.isTracking(keyPath) {
                state.tracking.track(
                    FormProperty(
                        path: PropertyPath(path: keyPath), value: { compared(value($0)) },
                        announce: { $0.announce(keyPath) }))
            }
            return value(state)
        }
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
        let newValue = StoredValue(value)
        switch quickWrite(newValue, for: key, origin: origin) {
        case .unchanged: return nil
        case .written(let change): return change
        case .needsPipeline: break
        }
        return mutate { state, changes in
            state.write(newValue, for: key, origin: origin, into: &changes)
        }
    }

    /// A user edit (origin ``FormChangeOrigin/user``) for a caller that does not take the change: no
    /// ``FormChange`` is made for it (one is still made for the handlers, subscribers and collectors
    /// that receive it), and none is carried through the settle. A read-only field refuses it, and
    /// nothing changes (the quick path never writes a read-only field).
    func userEditTakingNoChange(_ value: (any Hashable & Sendable)?, for key: String) {
        let newValue = StoredValue(value)
        switch quickWrite(newValue, for: key, origin: .user) {
        case .unchanged, .written: return
        case .needsPipeline: break
        }
        mutate { state, changes in
            // Hashed once: the read-only check and the write find the slot by the same hash.
            let hash = state.fields.hash(of: key)
            guard !state.isReadOnly(key, hash: hash) else { return }
            state.write(newValue, under: key, hash: hash, origin: .user, into: &changes)
        }
    }
}

extension EngineState {
    /// The registrar key paths of the field in `slot`, built the first time it is read through observation.
    mutating func trackPaths(of slot: Int) -> FieldKeyPaths {
        let index = fields[slot].trackIndex
        if index >= 0 { return tracking.paths(at: index) }
        let made = tracking.track(fields[slot].key)
        fields.setTrackIndex(made, at: slot)
        return tracking.paths(at: made)
    }
}

extension FormContextObject {
    /// Writes `entries` in one mutation, in order (a `nil` value removes its key); used by the model
    /// bridge.
    ///
    /// - Parameters:
    ///   - entries: The keys and their stored values.
    ///   - secretKeys: Keys to mark secret before any value is written.
    ///   - origin: The origin the changes carry.
    ///   - seeding: Whether a key the form knows nothing of (no value, no initial value) takes its
    ///     value as its initial value too, so the form stays clean.
    ///   - admit: Decides, under the form's lock and before anything is written, whether the write
    ///     goes ahead, given the value of a key; so a writer can commit its own state and the form's
    ///     as one step. It must run no user code and take no lock but one of its own that is never
    ///     held while it calls into the form.
    /// - Returns: The changes made, in order; `nil` when `admit` refused the write.
    @discardableResult
    func apply(
        _ entries: [(key: String, value: AnyHashable?)], secretKeys: Set<String> = [], origin: FormChangeOrigin,
        seeding: Bool = false, admit: (_ value: (String) -> AnyHashable?) -> Bool = { _ in true }
    ) -> [FormChange]? {
        mutate { state, changes in
            guard admit({ state.fields.value(of: $0) }) else { return nil }
            state.outgoing.isCollectingChanges = true
            state.markSecret(secretKeys, into: &changes)
            for (key, value) in entries {
                let slot = state.fields.slot(creating: key)
                let stored = StoredValue(stored: value)
                if seeding && !state.fields[slot].stored.isPresent && !state.fields[slot].storedInitial.isPresent {
                    state.setInitial(stored, at: slot, into: &changes)
                }
                _ = state.write(stored, at: slot, origin: origin, into: &changes)
                // A row's keys written after its group's order find the row set up.
                RowStage.follow(&state, &changes)
            }
            return state.outgoing.collected
        }
    }

    /// Reads the values of `keys` and, under the same hold of the form's lock, runs `body`: a view of
    /// the form and a writer's own state taken at one instant.
    ///
    /// - Parameters:
    ///   - keys: The keys to read.
    ///   - body: Runs under the form's lock; the same constraints as `admit` of
    ///     ``apply(_:secretKeys:origin:seeding:admit:)``.
    /// - Returns: The values, in the order of `keys`, and what `body` returned.
    func values<R: Sendable>(of keys: some Sequence<String>, with body: () -> R) -> (values: [AnyHashable?], other: R) {
        read { state in (keys.map { state.fields.value(of: $0) }, body()) }
    }
}
