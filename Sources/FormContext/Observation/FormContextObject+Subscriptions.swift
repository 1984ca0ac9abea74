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
    public func observe(_ key: String, _ handler: @escaping @Sendable (FormChange) -> Void) -> FormSubscription {
        let id = state.withAnnotatedLock { state in
            let id = state.makeID()
            state.keyObservers[key, default: []].append(.init(id: id, handler: handler))
            return id
        }
        return keySubscription(key: key, id: id)
    }

    /// The subscription that removes the observer `id` of `key` when it ends.
    func keySubscription(key: String, id: UInt64) -> FormSubscription {
        FormSubscription { [weak self] in
            // The removed handler is released after the lock: it may own a control of this form,
            // whose deinitializer takes the lock again.
            let removed = self?.state.withAnnotatedLock { state in
                let removed = state.keyObservers[key]?.filter { $0.id == id }
                state.keyObservers[key]?.removeAll { $0.id == id }
                if state.keyObservers[key]?.isEmpty == true { state.keyObservers[key] = nil }
                return removed
            }
            withExtendedLifetime(removed) {}
        }
    }

    /// Calls `handler` after every change to any value.
    ///
    /// - Parameter handler: Receives each change.
    /// - Returns: A subscription; the callbacks stop when it is cancelled or deallocated.
    public func observeAll(_ handler: @escaping @Sendable (FormChange) -> Void) -> FormSubscription {
        let id = state.withAnnotatedLock { state in
            let id = state.makeID()
            state.allObservers.append(.init(id: id, handler: handler))
            return id
        }
        return FormSubscription { [weak self] in
            let removed = self?.state.withAnnotatedLock { state in
                let removed = state.allObservers.filter { $0.id == id }
                state.allObservers.removeAll { $0.id == id }
                return removed
            }
            withExtendedLifetime(removed) {}
        }
    }

    /// The changes to the values under `keys` (every key when `nil`), as an asynchronous sequence.
    ///
    /// The stream buffers every change until it is read; it ends when the consuming task is
    /// cancelled or the form is deallocated.
    ///
    /// ```swift
    /// for await change in form.changes(of: ["email"]) {
    ///     print(change.key, change.origin)
    /// }
    /// ```
    public func changes(of keys: Set<String>? = nil) -> AsyncStream<FormChange> {
        let (stream, continuation) = AsyncStream.makeStream(of: FormChange.self)
        let subscription = observeAll { change in
            if keys?.contains(change.key) ?? true { continuation.yield(change) }
        }
        let id = state.withAnnotatedLock { state in
            let id = state.makeID()
            state.streamFinishers[id] = { continuation.finish() }
            return id
        }
        continuation.onTermination = { [weak self] _ in
            subscription.cancel()
            let removed = self?.state.withAnnotatedLock { $0.streamFinishers.removeValue(forKey: id) }
            withExtendedLifetime(removed) {}
        }
        return stream
    }
}
