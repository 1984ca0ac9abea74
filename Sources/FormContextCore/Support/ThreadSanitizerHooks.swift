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
/// the lock guarantees; see `Mutex.withAnnotatedLock(_:)`. Tests make their own hooks, which record the
/// addresses announced, and pass them to `Mutex.withAnnotatedLock(hooks:_:)`.
struct ThreadSanitizerHooks: Sendable {
    /// Announces something about the lock whose storage is at an address.
    typealias Annotation = @Sendable (UnsafeRawPointer) -> Void

    /// Called right after the lock at an address is taken.
    let acquire: Annotation?
    /// Called right before the lock at an address is released.
    let release: Annotation?

    /// The hooks of this process: ThreadSanitizer's `__tsan_acquire` and `__tsan_release` under it,
    /// none otherwise.
    static let current: ThreadSanitizerHooks = {
        #if os(Linux)
            /// `void __tsan_acquire(void *address)` / `void __tsan_release(void *address)`.
            typealias CAnnotation = @convention(c) (UnsafeRawPointer?) -> Void
            func find(_ name: String) -> Annotation? {
                guard let symbol = dlsym(nil, name) else { return nil }
                // The only way to call a C function found at run time: `dlsym` returns its address
                // as a data pointer. Sound because both symbols are ThreadSanitizer's, declared in its
                // interface as `void (void *)`, which `CAnnotation` spells; a process without them
                // never gets here. Exercised by ThreadSanitizerAnnotationTests under `--sanitize=thread`.
                let function = unsafeBitCast(symbol, to: CAnnotation.self)
                return { function($0) }
            }
            let acquire = find("__tsan_acquire")
            let release = find("__tsan_release")
            // Half a pair would announce hand-overs that never complete; use both or neither.
            guard acquire != nil, release != nil else { return ThreadSanitizerHooks(acquire: nil, release: nil) }
            return ThreadSanitizerHooks(acquire: acquire, release: release)
        #else
            // Elsewhere the lock is one ThreadSanitizer already understands.
            return ThreadSanitizerHooks(acquire: nil, release: nil)
        #endif
    }()
}
