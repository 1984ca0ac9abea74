/// Keys whose readers were invalidated and must read again, as a renderer keeps them.
///
/// `@unchecked Sendable` is sound here: Observation calls `onChange` synchronously on the thread that
/// writes, and every scenario writes from the main thread, so the queue is never touched by two
/// threads at once.
final class KeyQueue: @unchecked Sendable {
    private var keys: [String] = []

    /// Queues `key`.
    func append(_ key: String) {
        keys.append(key)
    }

    /// Returns the queued keys and empties the queue.
    func take() -> [String] {
        let taken = keys
        keys = []
        return taken
    }
}
