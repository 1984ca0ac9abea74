import Synchronization

/// A registration for change callbacks; cancelling it, or letting it go, stops the callbacks.
///
/// Keep the subscription for as long as the callbacks are wanted:
///
/// ```swift
/// let subscription = form.observe("email") { change in print(change) }
/// // ...
/// subscription.cancel()   // or let it be deallocated
/// ```
///
/// A callback that was already on its way when ``cancel()`` ran may still be delivered once.
public final class FormSubscription: Sendable, Hashable {
    private let onCancel: Mutex<(@Sendable () -> Void)?>

    init(onCancel: @escaping @Sendable () -> Void) {
        self.onCancel = Mutex(onCancel)
    }

    deinit {
        cancel()
    }

    /// Whether ``cancel()`` has run.
    var isCancelled: Bool {
        onCancel.withAnnotatedLock { $0 == nil }
    }

    /// Stops the callbacks. Calling it again does nothing.
    public func cancel() {
        let action = onCancel.withAnnotatedLock { action in
            defer { action = nil }
            return action
        }
        action?()
    }

    /// Keeps the subscription alive in `set`, for as long as the set holds it.
    func store(in set: inout Set<FormSubscription>) {
        set.insert(self)
    }

    /// Subscriptions are equal only to themselves.
    public static func == (lhs: FormSubscription, rhs: FormSubscription) -> Bool {
        lhs === rhs
    }

    /// Hashes the subscription's identity.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(ObjectIdentifier(self))
    }
}

extension FormSubscription {
    /// The subscription that, when it ends, takes a subscriber out of `owner` with `remove` (if the
    /// owner is still alive): how every subscription of the package ends.
    ///
    /// What `remove` returns (the removed handler) is released only after `remove` has returned, so
    /// outside any lock `remove` takes: a handler may own something (a control, a binding) whose
    /// deinitializer takes that lock again. The owner is held weakly: a subscription never keeps
    /// its form, binding or screen alive.
    ///
    /// - Parameters:
    ///   - owner: The object holding the subscriber.
    ///   - remove: Takes the subscriber out, under the owner's lock, and returns what it removed.
    /// - Returns: The subscription.
    static func removing<Owner: AnyObject & Sendable, Removed>(
        from owner: Owner, _ remove: @escaping @Sendable (Owner) -> Removed
    ) -> FormSubscription {
        FormSubscription { [weak owner] in
            let removed = owner.map(remove)
            withExtendedLifetime(removed) {}
        }
    }
}
