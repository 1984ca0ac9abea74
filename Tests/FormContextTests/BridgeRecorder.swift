import Synchronization

/// Collects the values handed to a callback, in order, from any thread.
final class BridgeRecorder<Value: Sendable>: Sendable {
    private let storage = Mutex<[Value]>([])

    func append(_ value: Value) {
        storage.withLock { $0.append(value) }
    }

    var values: [Value] { storage.withLock { $0 } }
    var count: Int { storage.withLock { $0.count } }
}
