import Synchronization

extension Mutex where Value: ~Copyable {
    /// `withLock(_:)`, with the lock's acquire and release announced to ThreadSanitizer when the process
    /// runs under it, so that accesses made under the lock are not reported as races.
    ///
    /// Use it for every lock of the package. Without ThreadSanitizer it costs one well-predicted branch.
    ///
    /// - Parameter body: Reads or changes the protected value while the lock is held.
    /// - Returns: What `body` returns.
    /// - Throws: What `body` throws; the lock is released either way.
    @inline(__always)
    borrowing func withAnnotatedLock<Result: ~Copyable, E: Error>(
        _ body: (inout sending Value) throws(E) -> sending Result
    ) throws(E) -> sending Result {
        try withAnnotatedLock(hooks: ThreadSanitizerHooks.current, body)
    }

    /// `withLock(_:)`, with the lock's acquire and release announced through `hooks`; the tests pass
    /// hooks that record the addresses announced.
    ///
    /// The address announced is the protected value's, taken inside the lock from the `inout` argument
    /// that `withLock(_:)` hands to its body, and used only for the call that announces it:
    /// - It is the Mutex's own storage. `withLock(_:)` passes its stored value in place (`Mutex` is
    ///   `@frozen`: a lock word, then the value's raw storage, reached through an addressor, never
    ///   copied); an `inout` argument is passed by address, and `&value` of an `inout` parameter is that
    ///   address. It is also the address every thread's writes under the lock go to, so threads cannot
    ///   see different ones without the Mutex losing its value.
    /// - It is stable: the Mutex is borrowed, so it cannot move while the lock is held (acquire and
    ///   release name the same address), and the package's Mutexes are `let` properties of class
    ///   instances, which never move (every call on one Mutex names the same address).
    /// - Two Mutexes alive at the same time never share it, even for an empty `Value`: it lies inside
    ///   the Mutex, after its lock word. (A Mutex freed and another allocated at its place later do not
    ///   share it either: ThreadSanitizer forgets what was announced on memory when it is freed.)
    ///
    /// A wrong address could only show up, not hide a race: a release and the next acquire on different
    /// addresses order nothing, so ThreadSanitizer would report the accesses under the lock. Races are
    /// hidden only when unrelated locks share an address (say, a reused temporary), which gives it an
    /// order the program does not have; storage inside the Mutex rules that out.
    ///
    /// - Parameters:
    ///   - hooks: The annotations to call; `current` for the process's own.
    ///   - body: Reads or changes the protected value while the lock is held.
    /// - Returns: What `body` returns.
    /// - Throws: What `body` throws; the lock is released either way.
    @inline(__always)
    borrowing func withAnnotatedLock<Result: ~Copyable, E: Error>(
        hooks: ThreadSanitizerHooks,
        _ body: (inout sending Value) throws(E) -> sending Result
    ) throws(E) -> sending Result {
        guard let acquire = hooks.acquire, let release = hooks.release else { return try withLock(body) }
        return try withLock { (value: inout sending Value) throws(E) -> sending Result in
            Self.announce(acquire, at: &value)
            defer { Self.announce(release, at: &value) }
            return try body(&value)
        }
    }

    /// Calls `annotation` with the address of the protected value, valid for this call only.
    ///
    /// The address comes from `&value` converted to a pointer argument: the value's own address, formed
    /// without reading or writing it. Passing `&value` as an `inout` argument instead (to
    /// `withUnsafeMutablePointer(to:_:)`, say) is a modification ThreadSanitizer records, and one made
    /// before the acquire is announced is unordered with the previous holder's accesses: it reports it
    /// as a race.
    ///
    /// - Parameters:
    ///   - annotation: The hook to call.
    ///   - value: The protected value.
    @inline(__always)
    private static func announce(_ annotation: ThreadSanitizerHooks.Annotation, at value: UnsafeMutablePointer<Value>) {
        annotation(UnsafeRawPointer(value))
    }
}
