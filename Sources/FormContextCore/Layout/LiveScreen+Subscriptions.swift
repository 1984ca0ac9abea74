extension LiveScreen {
    /// Calls `handler` with each change of the screen, after the form's change that caused it.
    ///
    /// Handlers run outside every lock, one diff at a time, in version order, on the thread that
    /// delivered the form's change.
    ///
    /// ```swift
    /// let subscription = live.observe { diff in
    ///     tableView.performBatchUpdates {
    ///         tableView.deleteSections(IndexSet(diff.deletedSections), with: .fade)
    ///         tableView.insertSections(IndexSet(diff.insertedSections), with: .fade)
    ///     }
    /// }
    /// ```
    ///
    /// - Parameter handler: Receives each diff.
    /// - Returns: A subscription; the calls stop when it is cancelled or deallocated.
    /// - Complexity: O(1) to subscribe and to cancel.
    public func observe(_ handler: @escaping @Sendable (ScreenDiff) -> Void) -> FormSubscription {
        let handle = subscriber.state.withAnnotatedLock { $0.subscribers.append(handler) }
        return .removing(from: self) { live in live.subscriber.state.withAnnotatedLock { $0.subscribers.remove(handle) } }
    }
}
