import Dispatch

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Turns signals into bytes on a pipe, so that the interactive demo's key loop hears about them
/// between keys and restores the terminal itself before it exits: nothing runs in a signal handler.
///
/// While it watches, the signals' default actions are off (a dispatch source receives them); `stop()`
/// puts the defaults back.
final class SignalWatcher {
    /// The signals that end the demo; SIGWINCH, which redraws it; SIGTSTP, which stops it with the
    /// terminal restored (``stopProcess()``); and SIGCONT, which redraws it in raw mode again.
    static let watched: [Int32] = [SIGINT, SIGTERM, SIGHUP, SIGQUIT, SIGWINCH, SIGTSTP, SIGCONT]

    /// The pipe's reading end: one byte per signal, its number.
    let readEnd: Int32
    private let writeEnd: Int32
    private var sources: [any DispatchSourceSignal] = []

    /// Starts watching ``watched``; `nil` when no pipe can be made.
    init?() {
        var ends: [Int32] = [0, 0]
        guard pipe(&ends) == 0 else { return nil }
        readEnd = ends[0]
        writeEnd = ends[1]
        for end in ends { _ = fcntl(end, F_SETFD, FD_CLOEXEC) }
        let writeEnd = self.writeEnd
        for number in Self.watched {
            signal(number, SIG_IGN)
            let source = DispatchSource.makeSignalSource(signal: number, queue: .global())
            source.setEventHandler {
                var byte = UInt8(truncatingIfNeeded: number)
                _ = write(writeEnd, &byte, 1)
            }
            source.resume()
            sources.append(source)
        }
    }

    /// Stops watching, puts the signals' default actions back and closes the pipe.
    func stop() {
        guard !sources.isEmpty else { return }
        for source in sources { source.cancel() }
        sources = []
        for number in Self.watched { signal(number, SIG_DFL) }
        close(readEnd)
        close(writeEnd)
    }

    deinit {
        stop()
    }

    /// Stops the process as SIGTSTP's default action does, and returns when it is continued
    /// (SIGCONT). Call it with the terminal restored, and set the terminal up again after.
    ///
    /// The default action is put back for SIGTSTP and the signal raised on this thread, unblocked,
    /// so it takes effect before `raise` returns; then the watcher's handling is put back. In an
    /// orphaned process group (no shell left to continue it) the system drops the signal, and
    /// the process goes on.
    static func stopProcess() {
        var stop = sigaction()
        var previous = sigaction()
        guard sigaction(SIGTSTP, &stop, &previous) == 0 else { return }
        var only = sigset_t()
        sigemptyset(&only)
        sigaddset(&only, SIGTSTP)
        var mask = sigset_t()
        pthread_sigmask(SIG_UNBLOCK, &only, &mask)
        raise(SIGTSTP)
        pthread_sigmask(SIG_SETMASK, &mask, nil)
        sigaction(SIGTSTP, &previous, nil)
    }
}
