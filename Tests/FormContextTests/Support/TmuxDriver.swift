import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Drives a program in a detached tmux session of its own, as a person at a terminal would: keys in
/// with `send-keys`, the screen out with `capture-pane`, waiting for what should appear by polling
/// the screen with a time limit.
///
/// Each driver runs its own tmux server (`-L` with a name of its own, no configuration file), so it
/// touches no other session, and `stop()` ends the server and the program.
final class TmuxDriver {
    /// What went wrong driving tmux.
    struct Failure: Error, CustomStringConvertible {
        let description: String
    }

    let tmux: String
    let socket: String
    let target = "demo"
    /// Where the server's socket is, to remove it when the server has ended.
    private var socketPath = ""

    /// The tmux executable on the `PATH`, if there is one.
    static var executable: String? {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
        return path.split(separator: ":").map { "\($0)/tmux" }.first { FileManager.default.isExecutableFile(atPath: $0) }
    }

    /// Starts `command` (a shell command) in a new session of `width` × `height`; the pane stays when
    /// the command ends, so what it printed last can still be read.
    init(tmux: String, command: String, width: Int = 80, height: Int = 30) throws {
        self.tmux = tmux
        socket = "formcontext-test-\(getpid())-\(UUID().uuidString.prefix(8))"
        try run(["-f", "/dev/null", "new-session", "-d", "-x", "\(width)", "-y", "\(height)", "-s", target, command])
        try run(["set-option", "-t", target, "remain-on-exit", "on"])
        socketPath = try run(["display-message", "-p", "#{socket_path}"]).trimmingCharacters(in: .whitespacesAndNewlines)
    }

    /// Sends keys as tmux names them (`Enter`, `Escape`, `Down`, `Space`, `BSpace`, `s`).
    func send(_ keys: String...) throws {
        try run(["send-keys", "-t", target] + keys)
    }

    /// Types `text` literally.
    func type(_ text: String) throws {
        try run(["send-keys", "-t", target, "-l", text])
    }

    /// Pastes `text` as a terminal pastes it: with `paste-buffer -p`, which marks it as a bracketed
    /// paste when the program turned that mode (2004) on, and sends each line break as CR.
    func paste(_ text: String) throws {
        try run(["set-buffer", "-b", "test-paste", text])
        try run(["paste-buffer", "-p", "-d", "-b", "test-paste", "-t", target])
    }

    /// The terminal device of the pane (`/dev/pts/3`).
    func tty() throws -> String {
        try format("#{pane_tty}")
    }

    /// The lines on the screen now (or, with `history`, everything the pane printed), trailing
    /// spaces removed.
    func screen(history: Bool = false) throws -> [String] {
        let text = try run(["capture-pane", "-p", "-t", target] + (history ? ["-S", "-"] : []))
        var lines = text.split(separator: "\n", omittingEmptySubsequences: false).map { line in
            String(line.reversed().drop { $0 == " " }.reversed())
        }
        while lines.last?.isEmpty == true { lines.removeLast() }
        return lines
    }

    /// Polls the screen every 50 ms until `condition` holds for it, at most `timeout` (a minute by
    /// default: the bound a demo built with ThreadSanitizer needs on a busy two-core machine; a
    /// passing wait returns as soon as the screen shows what it waits for).
    ///
    /// - Throws: ``Failure`` naming `what` and showing the last screen when the time runs out.
    @discardableResult
    func wait(
        for what: String, timeout: Duration = .seconds(60), history: Bool = false, _ condition: ([String]) -> Bool
    ) throws -> [String] {
        let clock = ContinuousClock()
        let deadline = clock.now + timeout
        var lines = try screen(history: history)
        while !condition(lines) {
            guard clock.now < deadline else {
                throw Failure(description: "waited \(timeout) for \(what); the screen shows:\n" + lines.joined(separator: "\n"))
            }
            Thread.sleep(forTimeInterval: 0.05)
            lines = try screen(history: history)
        }
        return lines
    }

    /// A tmux format evaluated for the pane, such as `#{alternate_on}` or `#{cursor_flag}`.
    func format(_ format: String) throws -> String {
        try run(["display-message", "-p", "-t", target, format]).trimmingCharacters(in: .whitespacesAndNewlines)
    }

    /// Ends the session, its program and the server.
    func stop() {
        _ = try? run(["kill-server"])
        if socketPath.hasSuffix(socket) { try? FileManager.default.removeItem(atPath: socketPath) }
    }

    #if canImport(Glibc)
        /// glibc's `posix_spawn_file_actions_addclosefrom_np` (2.34 and later), which the Swift module
        /// for glibc does not export.
        private static let closeFrom: (@convention(c) (UnsafeMutablePointer<posix_spawn_file_actions_t>, Int32) -> Int32)? = {
            guard let symbol = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "posix_spawn_file_actions_addclosefrom_np") else { return nil }
            return unsafeBitCast(symbol, to: (@convention(c) (UnsafeMutablePointer<posix_spawn_file_actions_t>, Int32) -> Int32).self)
        }()
    #endif

    /// Runs tmux with `arguments` on this driver's server and returns what it printed.
    ///
    /// The server the first command starts outlives it and keeps every descriptor it was started
    /// with: tmux starts with none but its standard ones (what it prints goes to a file, not a pipe
    /// that would then never reach its end), and this waits for the tmux client alone.
    @discardableResult
    private func run(_ arguments: [String]) throws -> String {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("tmux-\(UUID().uuidString).out")
        defer { try? FileManager.default.removeItem(at: file) }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 1, file.path, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
        posix_spawn_file_actions_adddup2(&actions, 1, 2)
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        // A test runs on a worker thread that blocks most signals, and a child inherits the mask: tmux
        // (and the program in its pane) must start with none blocked and every signal at its default,
        // or the server would not even hear its own kill-server.
        var noSignals = sigset_t()
        sigemptyset(&noSignals)
        posix_spawnattr_setsigmask(&attributes, &noSignals)
        var defaults = sigset_t()
        sigemptyset(&defaults)
        for signal in [SIGPIPE, SIGINT, SIGTERM, SIGHUP, SIGQUIT, SIGWINCH, SIGCHLD, SIGUSR1, SIGUSR2, SIGALRM, SIGTSTP, SIGCONT, SIGTTIN, SIGTTOU] {
            sigaddset(&defaults, signal)
        }
        posix_spawnattr_setsigdefault(&attributes, &defaults)
        var flags = Int16(POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF)
        #if canImport(Glibc)
            if let closeFrom = Self.closeFrom { _ = closeFrom(&actions, 3) }
        #else
            flags |= Int16(POSIX_SPAWN_CLOEXEC_DEFAULT)
        #endif
        posix_spawnattr_setflags(&attributes, flags)
        let argv: [UnsafeMutablePointer<CChar>?] = ([tmux, "-L", socket] + arguments).map { strdup($0) } + [nil]
        defer { for pointer in argv { free(pointer) } }
        var pid = pid_t()
        let spawned = posix_spawn(&pid, tmux, &actions, &attributes, argv, environ)
        guard spawned == 0 else { throw Failure(description: "cannot start \(tmux): \(String(cString: strerror(spawned)))") }
        var status: Int32 = 0
        while waitpid(pid, &status, 0) == -1 && errno == EINTR {}
        let text = (try? String(contentsOf: file, encoding: .utf8)) ?? ""
        guard status == 0 else {
            throw Failure(description: "tmux \(arguments.joined(separator: " ")) failed (wait status \(status)): \(text)")
        }
        return text
    }
}
