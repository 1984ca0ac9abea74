#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// The identity of the calling thread, to recognise a thread that calls back into a form while the
/// form is settling a mutation on that same thread (a validator that writes the form).
///
/// A plain number (`Sendable` as it is): the thread's handle, read as an integer. Two threads alive at
/// the same time have different numbers; a thread that has ended may see its number taken by a new
/// one, so a number says who runs now, never who ran.
struct ThreadIdentity: Sendable, Equatable {
    private let number: UInt

    /// The calling thread.
    static var current: ThreadIdentity { ThreadIdentity(number: currentNumber) }

    /// The calling thread as a number, to keep and compare; never 0, which readers take for any thread.
    static var currentNumber: UInt {
        // A thread handle is an integer with Glibc, a pointer to the thread's record with Musl and on
        // Darwin: either way never 0 for a running thread.
        #if canImport(Glibc)
            pthread_self()
        #else
            UInt(bitPattern: pthread_self())
        #endif
    }
}
