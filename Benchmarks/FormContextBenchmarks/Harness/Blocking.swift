import Dispatch
import Synchronization

/// Runs async work to completion from the synchronous benchmark loop.
///
/// The work runs on the global concurrent executor while the calling thread waits on a semaphore,
/// which is sound because the caller is never one of that executor's threads.
func runBlocking<T: Sendable>(_ work: @escaping @Sendable () async -> T) -> T {
    let box = Mutex<T?>(nil)
    let done = DispatchSemaphore(value: 0)
    Task.detached {
        let value = await work()
        box.withLock { $0 = value }
        done.signal()
    }
    done.wait()
    return box.withLock { $0! }
}
