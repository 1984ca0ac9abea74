import Foundation
import TestSupport
import Synchronization

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Runs the built `ContextDemo` binary with raw argument bytes and chosen standard output and error,
/// which `Process` cannot do: arguments that are not UTF-8, a closed descriptor, `/dev/full`, a pipe
/// nobody reads, SIGPIPE ignored.
enum DemoSpawn {
    /// Where the child's standard output or error goes.
    enum Target: Sendable {
        /// A pipe the test reads to the end.
        case captured
        /// Closed before the program starts (`>&-`).
        case closed
        /// `/dev/full`: every write fails with "No space left on device".
        case full
        /// A pipe whose reading end is already closed: every write fails with EPIPE (or SIGPIPE).
        case brokenPipe
    }

    /// How the child ended and what it printed.
    struct Result: Equatable, CustomStringConvertible {
        /// The exit status, or `nil` if a signal ended it.
        var status: Int32?
        /// The signal that ended it, or `nil` if it exited.
        var signal: Int32?
        var output: String
        var errorOutput: String

        var description: String {
            "status \(status.map(String.init) ?? "-") signal \(signal.map(String.init) ?? "-") "
                + "stdout \(String(reflecting: output)) stderr \(String(reflecting: errorOutput))"
        }
    }

    /// Held while this process creates pipes and starts a child, so that no child started from another
    /// test thread inherits a pipe end before it is marked close-on-exec.
    static let spawning = Mutex(())

    /// Runs the demo.
    ///
    /// - Parameters:
    ///   - arguments: The arguments after the program name, as raw bytes (no NUL).
    ///   - output: Where standard output goes.
    ///   - errorOutput: Where standard error goes.
    ///   - ignoringSIGPIPE: Whether the child starts with SIGPIPE ignored (as under some shells and
    ///     supervisors); otherwise it starts with SIGPIPE at its default.
    static func run(
        _ arguments: [[UInt8]], output: Target = .captured, errorOutput: Target = .captured, ignoringSIGPIPE: Bool = false
    ) throws -> Result {
        let (pid, readEnds) = try spawning.withLock { _ in
            try spawn(arguments, output: output, errorOutput: errorOutput, ignoringSIGPIPE: ignoringSIGPIPE)
        }
        let collected = readToEnd(readEnds)
        var status: Int32 = 0
        while waitpid(pid, &status, 0) == -1 && errno == EINTR {}
        let signal = status & 0x7F
        return Result(
            status: signal == 0 ? (status >> 8) & 0xFF : nil, signal: signal == 0 ? nil : signal,
            output: String(decoding: collected[0], as: UTF8.self), errorOutput: String(decoding: collected[1], as: UTF8.self))
    }

    /// Starts the demo; returns its process id and the reading ends of its captured outputs (−1 for none).
    private static func spawn(
        _ arguments: [[UInt8]], output: Target, errorOutput: Target, ignoringSIGPIPE: Bool
    ) throws -> (pid_t, [Int32]) {
        let executable = try DemoProcess.executable.path
        var program = [Array(executable.utf8)] + arguments
        var path = executable
        if ignoringSIGPIPE {
            // `trap '' PIPE` makes the shell ignore SIGPIPE, and an ignored signal stays ignored across exec.
            path = "/bin/sh"
            program = [Array("/bin/sh".utf8), Array("-c".utf8), Array("trap '' PIPE; exec \"$0\" \"$@\"".utf8)] + program
        }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        var readEnds: [Int32] = []
        var parentCloses: [Int32] = []
        for (descriptor, target) in [(Int32(1), output), (Int32(2), errorOutput)] {
            switch target {
            case .captured, .brokenPipe:
                let ends = try closeOnExecPipe()
                posix_spawn_file_actions_adddup2(&actions, ends[1], descriptor)
                parentCloses.append(ends[1])
                if case .captured = target {
                    readEnds.append(ends[0])
                } else {
                    close(ends[0])
                    readEnds.append(-1)
                }
            case .closed:
                posix_spawn_file_actions_addclose(&actions, descriptor)
                readEnds.append(-1)
            case .full:
                posix_spawn_file_actions_addopen(&actions, descriptor, "/dev/full", O_WRONLY, 0)
                readEnds.append(-1)
            }
        }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        var defaults = sigset_t()
        sigemptyset(&defaults)
        if !ignoringSIGPIPE { sigaddset(&defaults, SIGPIPE) }
        posix_spawnattr_setsigdefault(&attributes, &defaults)
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGDEF))

        let argv: [UnsafeMutablePointer<CChar>?] = program.map { bytes in
            let copy = UnsafeMutablePointer<CChar>.allocate(capacity: bytes.count + 1)
            for (index, byte) in bytes.enumerated() { copy[index] = CChar(bitPattern: byte) }
            copy[bytes.count] = 0
            return copy
        } + [nil]
        defer { for pointer in argv { pointer?.deallocate() } }
        let envp: [UnsafeMutablePointer<CChar>?] = ChildEnvironment.variables.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer { for pointer in envp { free(pointer) } }
        var pid = pid_t()
        let spawned = posix_spawn(&pid, path, &actions, &attributes, argv, envp)
        for descriptor in parentCloses { close(descriptor) }
        guard spawned == 0 else {
            for descriptor in readEnds where descriptor >= 0 { close(descriptor) }
            throw POSIXError(POSIXErrorCode(rawValue: spawned) ?? .ENOENT)
        }
        return (pid, readEnds)
    }

    /// A pipe whose ends are closed in any program this process starts, so only the child we hand an
    /// end to holds it (a pipe nobody else reads is what makes a write fail with EPIPE).
    private static func closeOnExecPipe() throws -> [Int32] {
        var ends: [Int32] = [0, 0]
        guard pipe(&ends) == 0 else { throw POSIXError(POSIXErrorCode(rawValue: errno) ?? .EMFILE) }
        for end in ends { _ = fcntl(end, F_SETFD, FD_CLOEXEC) }
        return ends
    }

    /// Reads every descriptor (−1 for none) to its end, all at once, so a full pipe never stalls the child.
    private static func readToEnd(_ descriptors: [Int32]) -> [[UInt8]] {
        var collected = descriptors.map { _ in [UInt8]() }
        var open = descriptors
        var buffer = [UInt8](repeating: 0, count: 65_536)
        while open.contains(where: { $0 >= 0 }) {
            var polled = open.map { pollfd(fd: $0, events: Int16(POLLIN), revents: 0) }
            guard poll(&polled, nfds_t(polled.count), -1) >= 0 || errno == EINTR else { break }
            for (index, entry) in polled.enumerated() where entry.fd >= 0 && entry.revents != 0 {
                let count = buffer.withUnsafeMutableBytes { read(entry.fd, $0.baseAddress, $0.count) }
                if count > 0 {
                    collected[index].append(contentsOf: buffer[0..<count])
                } else if count == 0 || errno != EINTR {
                    close(entry.fd)
                    open[index] = -1
                }
            }
        }
        return collected
    }
}
