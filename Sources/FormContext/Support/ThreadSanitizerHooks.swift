#if os(Linux)
    #if canImport(Glibc)
        import Glibc
    #elseif canImport(Musl)
        import Musl
    #endif
#endif

/// ThreadSanitizer's happens-before annotations, looked up at run time: present only in a process
/// built with `--sanitize=thread`, `nil` (and so free) everywhere else.
///
/// On Linux, `Mutex` from Synchronization parks contending threads in the kernel (a priority-inheriting
/// futex), and ThreadSanitizer does not see that hand-over. It then reports accesses made under the lock
/// by two threads as races. Announcing the acquire and the release on the lock's address tells it what
/// the lock guarantees; see `Mutex.withAnnotatedLock(_:)`.
struct ThreadSanitizerHooks: @unchecked Sendable {
    // `@unchecked Sendable` is sound: the stored values are immutable addresses of C functions.

    /// `void __tsan_acquire(void *address)` / `void __tsan_release(void *address)`.
    typealias Annotation = @convention(c) (UnsafeRawPointer?) -> Void

    /// Called right after the lock at an address is taken.
    let acquire: Annotation?
    /// Called right before the lock at an address is released.
    let release: Annotation?

    /// The hooks of this process.
    static let current: ThreadSanitizerHooks = {
        #if os(Linux)
            func find(_ name: String) -> Annotation? {
                dlsym(nil, name).map { unsafeBitCast($0, to: Annotation.self) }
            }
            return ThreadSanitizerHooks(acquire: find("__tsan_acquire"), release: find("__tsan_release"))
        #else
            // Elsewhere the lock is one ThreadSanitizer already understands.
            return ThreadSanitizerHooks(acquire: nil, release: nil)
        #endif
    }()
}
