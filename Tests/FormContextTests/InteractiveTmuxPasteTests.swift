import Foundation
import Testing
import TestSupport

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A paste and a stop from outside, in a real terminal: the demo in tmux.
extension InteractiveTmuxTests {
    static func quoted(_ text: String) -> String { "'" + text.replacingOccurrences(of: "'", with: #"'\''"#) + "'" }

    @Test(
        "a multi-line paste lands in the text being edited as text: nothing is submitted, nothing quits",
        .enabled(if: tmux != nil || isCI, "tmux is not installed (with CI=true this test fails instead)"))
    func pasteIsText() throws {
        guard let tmux = Self.tmux else {
            Issue.record("tmux is not installed, so the interactive demo cannot be driven end to end; install tmux (CI requires it)")
            return
        }
        let binary = try DemoProcess.executable.path
        let driver = try TmuxDriver(tmux: tmux, command: "\(Self.quoted(binary)) --interactive; echo \"[exit $?]\"")
        defer { driver.stop() }
        try driver.wait(for: "the settings screen") { Self.row("Personal Hotspot", "On ›", focused: true)($0) }
        try driver.send("Enter")
        try driver.wait(for: "the hotspot screen") { Self.shows("Network Name")($0) }
        try driver.send("Down", "Down", "Down", "Enter")
        try driver.wait(for: "the network name, editing") { Self.shows("> my network_")($0) }

        // tmux sends each line break of a paste as CR, as a terminal does: Return, were it not marked.
        try driver.paste("office\ns\nq")
        try driver.wait(for: "the pasted lines in the text") { Self.shows(#"> my networkoffice\ns\nq_"#)($0) }
        try driver.send("Enter")
        try driver.wait(for: "the text committed") { Self.row("Network Name", #"my networkoffice\ns\nq ›"#, focused: true)($0) }

        // While browsing, a paste does nothing at all: its s and q are not keys.
        try driver.paste("s\nq\n")
        try driver.send("Up")
        let moved = try driver.wait(for: "the focus moved by the key after the paste") { Self.row("Password", "•••••• ›", focused: true)($0) }
        #expect(!Self.shows("[exit")(moved))

        try driver.send("q")
        try driver.wait(for: "the demo quit", history: true) { Self.shows("[exit 0]")($0) }
    }

    /// Runs the demo as a shell with job control runs a job: in a process group of its own, the
    /// terminal's foreground, its parent in another group of the session, so that SIGTSTP stops it.
    /// Writes the demo's process id to the file named first; prints `[exit N]` when it ends.
    static let jobControl = """
        import os, signal, sys
        pidfile, demo = sys.argv[1], sys.argv[2]
        signal.signal(signal.SIGTTOU, signal.SIG_IGN)
        pid = os.fork()
        if pid == 0:
            os.setpgid(0, 0)
            os.tcsetpgrp(0, os.getpid())
            for number in (signal.SIGTTOU, signal.SIGPIPE, signal.SIGINT):
                signal.signal(number, signal.SIG_DFL)
            os.execv(demo, [demo, "--interactive"])
        try:
            os.setpgid(pid, pid)
        except OSError:
            pass
        with open(pidfile, "w") as file:
            file.write(str(pid))
        while True:
            _, status = os.waitpid(pid, 0)
            if os.WIFEXITED(status) or os.WIFSIGNALED(status):
                break
        os.tcsetpgrp(0, os.getpgrp())
        code = os.WEXITSTATUS(status) if os.WIFEXITED(status) else 128 + os.WTERMSIG(status)
        print("[exit %d]" % code, flush=True)
        """

    /// The line discipline's canonical mode and echo of the terminal `tty`, as `stty -a` writes them:
    /// `icanon echo` as a shell has it, `-icanon -echo` in raw mode.
    static func modes(_ tty: String) throws -> String {
        let descriptor = open(tty, O_RDONLY | O_NOCTTY | O_NONBLOCK)
        guard descriptor >= 0 else { throw TmuxDriver.Failure(description: "cannot open \(tty): \(String(cString: strerror(errno)))") }
        defer { close(descriptor) }
        var mode = termios()
        guard tcgetattr(descriptor, &mode) == 0 else { throw TmuxDriver.Failure(description: "cannot read the mode of \(tty)") }
        return (mode.c_lflag & tcflag_t(ICANON) != 0 ? "icanon" : "-icanon") + " " + (mode.c_lflag & tcflag_t(ECHO) != 0 ? "echo" : "-echo")
    }

    /// The state letter of process `pid` (`T` when stopped), where `/proc` says it.
    static func state(of pid: Int32) -> Character? {
        guard let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8), let close = stat.lastIndex(of: ")") else { return nil }
        return stat[stat.index(after: close)...].first { $0 != " " }
    }

    @Test(
        "stopped from outside (SIGTSTP), the demo leaves the terminal as it found it; continued, it takes it again and redraws",
        .enabled(if: (tmux != nil || isCI) && FileManager.default.isExecutableFile(atPath: "/usr/bin/python3"),
            "tmux or python3 is not installed (with CI=true a missing tmux fails this test instead)"))
    func stopAndContinue() throws {
        guard let tmux = Self.tmux else {
            Issue.record("tmux is not installed, so the interactive demo cannot be driven end to end; install tmux (CI requires it)")
            return
        }
        let scratch = try ScratchFolder("demo-stop")
        defer { scratch.remove() }
        try Self.jobControl.write(toFile: scratch.file("job.py"), atomically: true, encoding: .utf8)
        let binary = try DemoProcess.executable.path
        let command = "/usr/bin/python3 \(Self.quoted(scratch.file("job.py"))) \(Self.quoted(scratch.file("pid"))) \(Self.quoted(binary)); "
            + #"stty -a | tr ' ;' '\n\n' | grep -x -e icanon -e -icanon -e echo -e -echo | tr '\n' ' '; echo; exec cat"#
        let driver = try TmuxDriver(tmux: tmux, command: command)
        defer { driver.stop() }
        try driver.wait(for: "the settings screen") { Self.row("Personal Hotspot", "On ›", focused: true)($0) }
        let pid = try #require(Int32(String(contentsOfFile: scratch.file("pid"), encoding: .utf8)))
        let tty = try driver.tty()
        #expect(try Self.modes(tty) == "-icanon -echo")

        kill(pid, SIGTSTP)
        try driver.wait(for: "the terminal as the shell had it, the process stopped") { _ in
            (try? Self.modes(tty)) == "icanon echo" && (try? driver.format("#{alternate_on} #{cursor_flag}")) == "0 1"
                && Self.state(of: pid).map { $0 == "T" } != false
        }
        // It stays so while the process is stopped.
        Thread.sleep(forTimeInterval: 0.3)
        #expect(try Self.modes(tty) == "icanon echo")
        #expect(Self.state(of: pid).map { $0 == "T" } != false)

        kill(pid, SIGCONT)
        try driver.wait(for: "raw mode and the screen drawn again") { lines in
            (try? Self.modes(tty)) == "-icanon -echo" && (try? driver.format("#{alternate_on} #{cursor_flag}")) == "1 0"
                && Self.row("Personal Hotspot", "On ›", focused: true)(lines)
        }
        // Keys work again, and the way out restores the terminal as before.
        try driver.send("Enter")
        try driver.wait(for: "the hotspot screen") { Self.shows("Settings › Personal Hotspot")($0) }
        try driver.send("q")
        let lines = try driver.wait(for: "[exit 0]", history: true) { Self.shows("[exit")($0) && $0.contains { $0.contains("icanon") } }
        #expect(lines.contains("[exit 0]"))
        #expect(lines.contains("icanon echo"), "the terminal was left in raw mode: \(lines)")
    }
}
