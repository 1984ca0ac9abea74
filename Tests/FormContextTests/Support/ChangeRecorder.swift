@testable import FormContextCore
import Synchronization

/// Collects the changes a subscription receives, from any thread.
final class ChangeRecorder: Sendable {
    private let storage = Mutex<[FormChange]>([])

    /// Appends `change`; pass this as a subscription handler.
    @Sendable func record(_ change: FormChange) {
        storage.withAnnotatedLock { $0.append(change) }
    }

    /// Every change received so far, in order of arrival.
    var changes: [FormChange] { storage.withAnnotatedLock { $0 } }

    /// The number of changes received so far.
    var count: Int { storage.withAnnotatedLock { $0.count } }
}
