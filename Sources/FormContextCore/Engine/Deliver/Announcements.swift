/// What one mutation must announce once every lock is released: registrar announcements, subscriber
/// calls, and asynchronous runs to start or cancel.
struct Announcements: Sendable {
    var changeCalls: [Outgoing.ChangeCall] = []
    var eventCalls: [(@Sendable (FieldEvent) -> Void, FieldEvent)] = []
    /// The live screens' diffs, in the order the settle committed them.
    var screenDiffs: [ScreenSubscriber.Delivery] = []
    /// Tracked fields whose value changed (their state path is in ``statePaths`` too).
    var valuePaths: [FieldKeyPaths] = []
    /// Tracked fields whose state changed.
    var statePaths: [FieldKeyPaths] = []
    var isContextChanged = false
    /// Form-level properties that changed.
    var properties: [FormProperty] = []
    var runStarts: [ValidationState.Start] = []
    var cancellations: [Task<Void, Never>] = []
    /// Released after delivery, outside every lock.
    var releases: [any Sendable] = []

    /// Whether there is nothing to do.
    var isEmpty: Bool {
        changeCalls.isEmpty && eventCalls.isEmpty && screenDiffs.isEmpty && valuePaths.isEmpty && statePaths.isEmpty && !isContextChanged
            && properties.isEmpty && runStarts.isEmpty && cancellations.isEmpty && releases.isEmpty
    }
}
