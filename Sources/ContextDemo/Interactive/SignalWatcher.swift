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
    /// The signals that end the demo, and SIGWINCH, which redraws it.
    static let watched: [Int32] = [SIGINT, SIGTERM, SIGHUP, SIGQUIT, SIGWINCH]

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
}
