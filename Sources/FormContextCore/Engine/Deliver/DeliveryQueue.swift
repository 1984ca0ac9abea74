/// Keeps deliveries serial and in the order their mutations took the lock.
///
/// The first thread with something to deliver becomes the deliverer; announcements that arrive
/// while it delivers (from its own callbacks, or from other threads) wait here, and it delivers them
/// in turn before it stops.
struct DeliveryQueue: Sendable {
    private var isDelivering = false
    private var queued: [Announcements] = []
    /// An emptied change-call queue from an earlier delivery, kept for the next mutation that
    /// queues many calls (see ``keep(spare:fieldCount:)``).
    private var spareChangeCalls: [Outgoing.ChangeCall] = []
    /// The smallest queue worth keeping: smaller ones come from the allocator's own free lists.
    static let spareMinimum = 1_024

    /// Keeps `spare`, an emptied change-call queue, when it is large and larger than the one kept,
    /// and no larger than a batch of the form's size needs; hands back the one it replaces, to be let
    /// go of outside the lock.
    mutating func keep(spare: inout [Outgoing.ChangeCall], fieldCount: Int) {
        guard spare.isEmpty, spare.capacity >= Self.spareMinimum, spare.capacity > spareChangeCalls.capacity,
            spare.capacity <= 2 * fieldCount + Self.spareMinimum
        else { return }
        swap(&spare, &spareChangeCalls)
    }

    /// The kept change-call queue, when it has room for `minimumCapacity` calls; `nil` otherwise.
    mutating func takeSpare(minimumCapacity: Int) -> [Outgoing.ChangeCall]? {
        guard minimumCapacity >= Self.spareMinimum, spareChangeCalls.capacity >= minimumCapacity else { return nil }
        var taken: [Outgoing.ChangeCall] = []
        swap(&taken, &spareChangeCalls)
        return taken
    }

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
