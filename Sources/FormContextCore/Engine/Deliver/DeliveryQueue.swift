/// Keeps deliveries serial and in the order their mutations took the lock.
///
/// The first thread with something to deliver becomes the deliverer; announcements that arrive
/// while it delivers (from its own callbacks, or from other threads) wait here, and it delivers them
/// in turn before it stops.
struct DeliveryQueue: Sendable {
    private var isDelivering = false
    private var queued: [Announcements] = []

    /// Hands `announcements` to the queue.
    ///
    /// - Returns: `true` if the caller must deliver them itself and then drain the queue (nobody was
    ///   delivering); `false` if there is nothing to deliver or the thread delivering will.
    mutating func enqueue(_ announcements: Announcements) -> Bool {
        guard !announcements.isEmpty else { return false }
        guard !isDelivering else {
            queued.append(announcements)
            return false
        }
        isDelivering = true
        return true
    }

    /// Takes every queued delivery, or ends the delivery under way when none is left.
    mutating func takeQueued() -> [Announcements]? {
        guard !queued.isEmpty else {
            isDelivering = false
            return nil
        }
        defer { queued = [] }
        return queued
    }
}
