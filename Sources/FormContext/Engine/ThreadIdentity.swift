#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// The identity of the calling thread, to recognise a thread that calls back into a form while the
/// form is settling a mutation on that same thread (a validator that writes the form).
struct ThreadIdentity: @unchecked Sendable, Equatable {
    // `@unchecked Sendable` is sound: a thread handle is an opaque identifier, only compared.
    private let thread: pthread_t

    /// The calling thread.
    static var current: ThreadIdentity { ThreadIdentity(thread: pthread_self()) }

    /// The calling thread as a number, to keep and compare; never 0, which readers take for any thread.
    static var currentNumber: UInt { number(of: pthread_self()) }

    /// `thread` as a number: a thread handle is a number on some systems and a pointer on others.
    @inline(__always)
    private static func number<Handle>(of thread: Handle) -> UInt { unsafeBitCast(thread, to: UInt.self) }

    static func == (lhs: ThreadIdentity, rhs: ThreadIdentity) -> Bool {
        pthread_equal(lhs.thread, rhs.thread) != 0
    }
}
