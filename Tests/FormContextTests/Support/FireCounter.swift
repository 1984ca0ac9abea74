@testable import FormContextCore
import Observation
import Synchronization

/// Counts how often an Observation `onChange` handler fired.
final class FireCounter: Sendable {
    private let storage = Mutex(0)

    /// Registers `apply` with `withObservationTracking` and counts how often its `onChange` fires.
    ///
    /// `onChange` fires at most once per registration.
    static func tracking(_ apply: () -> Void) -> FireCounter {
        let counter = FireCounter()
        withObservationTracking(apply) { counter.fire() }
        return counter
    }

    /// Records one firing.
    @Sendable func fire() {
        storage.withAnnotatedLock { $0 += 1 }
    }

    /// How often the handler fired.
    var count: Int { storage.withAnnotatedLock { $0 } }
}
