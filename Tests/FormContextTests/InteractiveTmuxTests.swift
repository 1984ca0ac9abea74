import Foundation
import Testing

/// The interactive demo driven in tmux as a person would drive it, end to end: the built binary in a
/// real terminal, keys sent with `send-keys`, the screen read with `capture-pane`.
///
/// tmux is required where `CI=true` (the CI machine has it): there a missing tmux fails this test with
/// a message saying so. Elsewhere the test is skipped, with that reason shown, when tmux is missing.
@Suite("Interactive demo in a terminal (tmux)")
struct InteractiveTmuxTests {
    static let tmux = TmuxDriver.executable
    static let isCI = ProcessInfo.processInfo.environment["CI"].map { !$0.isEmpty && $0 != "false" && $0 != "0" } ?? false

    /// Whether a line shows `title` at its left and `value` at its right, focused or not.
    static func row(_ title: String, _ value: String, focused: Bool? = nil) -> ([String]) -> Bool {
        { lines in
            lines.contains { line in
                let marks = focused.map { [$0 ? "> " : "  "] } ?? ["> ", "  "]
                return marks.contains { line.hasPrefix($0 + title) } && line.hasSuffix(value)
            }
        }
    }

    /// Whether any line shows `text`.
    static func shows(_ text: String) -> ([String]) -> Bool {
        { lines in lines.contains { $0.contains(text) } }
    }

    @Test(
        "open the hotspot, switch it off and on, pick When Unlocked, rename the network, submit",
        .enabled(if: tmux != nil || isCI, "tmux is not installed (with CI=true this test fails instead)"))
    func drive() throws {
        guard let tmux = Self.tmux else {
            Issue.record("tmux is not installed, so the interactive demo cannot be driven end to end; install tmux (CI requires it)")
            return
        }
        let binary = try DemoProcess.executable.path
        let quoted = "'" + binary.replacingOccurrences(of: "'", with: #"'\''"#) + "'"
        let driver = try TmuxDriver(tmux: tmux, command: "\(quoted) --interactive; echo \"[exit $?]\"")
        defer { driver.stop() }

        try driver.wait(for: "the settings screen") { Self.shows("Settings")($0) && Self.row("Personal Hotspot", "On ›", focused: true)($0) }
        try driver.send("Enter")
        let hotspot = try driver.wait(for: "the hotspot screen") { Self.shows("Settings › Personal Hotspot")($0) && Self.shows("Network Name")($0) }
        #expect(Self.row("Personal Hotspot", "[on]", focused: true)(hotspot))
        #expect(Self.shows("  Personal Hotspot Enabled")(hotspot))
        #expect(Self.row("Notification", "Always ›")(hotspot))
        #expect(Self.row("Password", "•••••• ›")(hotspot))
        #expect(Self.row("Network Name", "my network ›")(hotspot))

        try driver.send("Space")
        let off = try driver.wait(for: "the switch off") { Self.row("Personal Hotspot", "[off]")($0) }
        for gone in ["Personal Hotspot Enabled", "Notification", "Password", "Network Name"] {
            #expect(!Self.shows(gone)(off), "\(gone) is still shown with the hotspot off")
        }
        try driver.send("Space")
        try driver.wait(for: "the sections back") { Self.row("Personal Hotspot", "[on]")($0) && Self.shows("Personal Hotspot Enabled")($0) && Self.shows("Network Name")($0) }

        try driver.send("Down", "Enter")
        try driver.wait(for: "the notification options") { Self.shows("Personal Hotspot › Notification")($0) && Self.row("Always", "✓", focused: true)($0) }
        try driver.send("Down", "Enter")
        let picked = try driver.wait(for: "When Unlocked checked") { Self.row("When Unlocked", "✓", focused: true)($0) }
        #expect(Self.row("Always", "Always")(picked))
        try driver.send("Escape")
        try driver.wait(for: "the detail saying When Unlocked") { Self.row("Notification", "When Unlocked ›", focused: true)($0) }

        try driver.send("Down", "Down")
        try driver.wait(for: "the focus on Network Name") { Self.row("Network Name", "my network ›", focused: true)($0) }
        try driver.send("Enter")
        try driver.wait(for: "the network name's own screen, editing") { Self.shows("› Network Name")($0) && Self.shows("> my network_")($0) }
        for _ in 0..<"my network".count { try driver.send("BSpace") }
        try driver.wait(for: "the text erased") { $0.contains("> _") }
        try driver.type("office")
        try driver.send("Enter")
        try driver.wait(for: "the new name on the hotspot screen") { Self.row("Network Name", "office ›", focused: true)($0) }

        try driver.send("s")
        let printed = try driver.wait(for: "the submitted fields", history: true) { Self.shows("[exit 0]")($0) }
        let plain = try DemoProcess.run(["--set", "hotspot.networkName=office", "--set", "hotspot.showPreview=When Unlocked"])
        #expect(plain.status == 0)
        let expected = plain.output.split(separator: "\n").map(String.init) + ["[exit 0]"]
        // What the demo printed, up to the shell's line with its status (tmux adds a line of its own after).
        let shown = printed.drop { $0.isEmpty }.prefix { $0 != "[exit 0]" } + ["[exit 0]"]
        #expect(Array(shown) == expected)
    }

    @Test(
        "add a household, open its members' screen, add a member, go back, submit the rows inside rows",
        .enabled(if: tmux != nil || isCI, "tmux is not installed (with CI=true this test fails instead)"))
    func driveSurvey() throws {
        guard let tmux = Self.tmux else {
            Issue.record("tmux is not installed, so the interactive demo cannot be driven end to end; install tmux (CI requires it)")
            return
        }
        let binary = try DemoProcess.executable.path
        let quoted = "'" + binary.replacingOccurrences(of: "'", with: #"'\''"#) + "'"
        let driver = try TmuxDriver(tmux: tmux, command: "\(quoted) --interactive --form survey; echo \"[exit $?]\"")
        defer { driver.stop() }

        try driver.wait(for: "the survey screen") { Self.row("Village", "Ouro")($0) && Self.row("Members", "1 ›")($0) && Self.shows("> Add household")($0) }
        try driver.send("Enter", "Enter")
        try driver.type("Tema")
        try driver.send("Enter")
        try driver.wait(for: "the new household's village") { Self.row("Village", "Tema", focused: true)($0) }
        try driver.send("Down")
        try driver.wait(for: "the focus on the new household's members") { Self.row("Members", "0 ›", focused: true)($0) }
        try driver.send("Enter")
        let members = try driver.wait(for: "the household's own members screen") { Self.shows("Survey › Members")($0) && Self.shows("> Add member")($0) }
        #expect(Self.shows("Members of the household in Tema.")(members))
        #expect(!Self.shows("Ama Owusu")(members))
        try driver.send("Enter", "Enter")
        try driver.type("Efua")
        try driver.send("Enter", "Down", "Enter")
        try driver.type("61")
        try driver.send("Enter")
        try driver.wait(for: "the new member's age") { Self.row("Name", "Efua")($0) && Self.row("Age", "61", focused: true)($0) }
        try driver.send("Escape")
        try driver.wait(for: "the survey screen, counting the member") { Self.row("Members", "1 ›", focused: true)($0) && Self.row("Village", "Tema")($0) }

        try driver.send("s")
        let printed = try driver.wait(for: "the submitted rows", history: true) { Self.shows("[exit 0]")($0) }
        let plain = try DemoProcess.run(["--form", "survey", "--add", "households", "village=Tema", "--add", "households[1].members", "name=Efua,age=61"])
        #expect(plain.status == 0)
        let expected = plain.output.split(separator: "\n").map(String.init) + ["[exit 0]"]
        let shown = printed.drop { $0.isEmpty }.prefix { $0 != "[exit 0]" } + ["[exit 0]"]
        #expect(Array(shown) == expected)
    }

    /// How a session is ended: keys sent, or a signal sent to the demo's process.
    enum WayOut: String, CaseIterable, Sendable {
        case quit, controlC, terminate, hangUp
    }

    @Test(
        "every way out leaves the terminal as it was: q, Ctrl-C, SIGTERM, SIGHUP",
        .enabled(if: tmux != nil || isCI, "tmux is not installed (with CI=true this test fails instead)"),
        arguments: WayOut.allCases)
    func restoresTerminal(way: WayOut) throws {
        guard let tmux = Self.tmux else {
            Issue.record("tmux is not installed, so the interactive demo cannot be driven end to end; install tmux (CI requires it)")
            return
        }
        let scratch = FileManager.default.temporaryDirectory.appendingPathComponent("demo-\(UUID().uuidString).pid")
        defer { try? FileManager.default.removeItem(at: scratch) }
        let binary = try DemoProcess.executable.path
        func quoted(_ text: String) -> String { "'" + text.replacingOccurrences(of: "'", with: #"'\''"#) + "'" }
        let command = "sh -c 'echo $$ > \"$0\"; exec \"$1\" --interactive' \(quoted(scratch.path)) \(quoted(binary)); "
            + #"echo "[exit $?]"; stty -a | tr ' ;' '\n\n' | grep -x -e icanon -e -icanon -e echo -e -echo | tr '\n' ' '; echo; exec cat"#
        let driver = try TmuxDriver(tmux: tmux, command: command)
        defer { driver.stop() }
        try driver.wait(for: "the settings screen") { Self.row("Personal Hotspot", "On ›", focused: true)($0) }
        #expect(try driver.format("#{alternate_on} #{cursor_flag}") == "1 0")
        let expected: String
        switch way {
        case .quit:
            try driver.send("q")
            expected = "[exit 0]"
        case .controlC:
            try driver.send("C-c")
            expected = "[exit 130]"
        case .terminate, .hangUp:
            let pid = try #require(Int32(String(contentsOf: scratch, encoding: .utf8).trimmingCharacters(in: .whitespacesAndNewlines)))
            kill(pid, way == .terminate ? SIGTERM : SIGHUP)
            expected = way == .terminate ? "[exit 143]" : "[exit 129]"
        }
        let lines = try driver.wait(for: expected, history: true) { Self.shows("[exit")($0) && $0.contains { $0.contains("icanon") } }
        #expect(lines.contains(expected))
        #expect(lines.contains("icanon echo"), "the terminal was left in raw mode: \(lines)")
        // The shell lives on (in `cat`), so the pane shows the terminal as the demo left it.
        #expect(try driver.format("#{alternate_on} #{cursor_flag}") == "0 1")
    }

    @Test("without a terminal, --interactive refuses with one line and status 2")
    func refusesWithoutTerminal() throws {
        let result = try DemoProcess.run(["--interactive"])
        #expect(result == .init(status: 2, output: "", errorOutput: "error: --interactive needs a terminal: standard input and output must both be one\n"))
        let durable = try DemoProcess.run(["--interactive", "--draft", "/nonexistent/draft"])
        #expect(durable == .init(status: 2, output: "", errorOutput: "error: --interactive cannot be combined with --draft or --outbox\n"))
    }
}
