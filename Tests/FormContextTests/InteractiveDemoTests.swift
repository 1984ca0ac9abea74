import FormContext
import Foundation
import Testing
@testable import ContextDemo

/// The interactive demo without a terminal: keys decoded from bytes, what each key does, the screen
/// drawn as lines, the updates written to the terminal, and a whole session fed with commands.
@Suite("Interactive demo: keys, drawing, session")
struct InteractiveDemoTests {
    static let esc: UInt8 = 0x1B

    /// The keys a fresh decoder makes of `bytes`, and the bytes it holds after (none when `isFinal`).
    static func decoded(_ bytes: [UInt8], isFinal: Bool = false) -> (keys: [Key], rest: [UInt8]) {
        var decoder = KeyDecoder()
        var keys = decoder.decode(bytes)
        if isFinal { keys += decoder.finish() }
        return (keys, decoder.held)
    }

    @Test("byte sequences decode to keys", arguments: [
        ([esc, 0x5B, 0x41], [Key.up]), ([esc, 0x5B, 0x42], [.down]), ([esc, 0x5B, 0x43], [.right]), ([esc, 0x5B, 0x44], [.left]),
        ([esc, 0x4F, 0x41], [.up]), ([esc, 0x5B, 0x5A], [.backTab]), ([esc, esc, 0x5B, 0x42], [.escape, .down]),
        ([esc, 0x6A], [.escape, .text("j")]), ([0x0D], [.enter]), ([0x0A], [.enter]), ([0x7F], [.backspace]), ([0x08], [.backspace]),
        ([0x03], [.interrupt]), ([0x09], [.tab]), (Array("office".utf8), [.text("office")]),
        (Array("café 🛜".utf8), [.text("café 🛜")]), (Array("ab\rc".utf8), [.text("ab"), .enter, .text("c")]),
        ([esc, 0x5B, 0x33, 0x7E], [.unknown]), ([esc, 0x5B, 0x31, 0x3B, 0x35, 0x41], [.unknown]), ([0xFF, 0x61], [.unknown, .text("a")]),
        ([0xC2, 0x85], [.unknown]), ([0x01], [.unknown]),
    ])
    func decode(bytes: [UInt8], keys: [Key]) {
        let decoded = Self.decoded(bytes)
        #expect(decoded.keys == keys)
        #expect(decoded.rest.isEmpty)
    }

    @Test("a sequence cut short waits for its end, and is taken as it stands when nothing follows")
    func cutShort() {
        #expect(Self.decoded([Self.esc]) == ([], [Self.esc]))
        #expect(Self.decoded([Self.esc], isFinal: true) == ([.escape], []))
        #expect(Self.decoded([0x61, Self.esc, 0x5B]) == ([.text("a")], [Self.esc, 0x5B]))
        #expect(Self.decoded([Self.esc, 0x5B] + [0x41]) == ([.up], []))
        #expect(Self.decoded([0xF0, 0x9F, 0x9B]) == ([], [0xF0, 0x9F, 0x9B]))
        #expect(Self.decoded([0xF0, 0x9F, 0x9B, 0x9C]) == ([.text("🛜")], []))
        #expect(Self.decoded([0xF0, 0x9F], isFinal: true) == ([], []))
    }

    @Test("keys mean commands while browsing, and text while editing", arguments: [
        (Key.up, false, KeyCommand.previous), (.text("k"), false, .previous), (.down, false, .next), (.text("j"), false, .next),
        (.tab, false, .next), (.backTab, false, .previous), (.enter, false, .activate), (.right, false, .activate),
        (.text(" "), false, .toggle), (.escape, false, .back), (.left, false, .back), (.text("s"), false, .submit),
        (.text("q"), false, .quit), (.interrupt, false, .interrupt), (.text("j"), true, .insert("j")),
        (.text("q"), true, .insert("q")), (.backspace, true, .deleteBackward), (.enter, true, .commit), (.escape, true, .cancel),
        (.down, true, .next), (.interrupt, true, .interrupt),
    ])
    func commands(key: Key, isEditing: Bool, command: KeyCommand) {
        #expect(KeyCommand.of(key, isEditing: isEditing) == command)
    }

    @Test("keys that do nothing", arguments: [(Key.unknown, false), (.text("x"), false), (.backspace, false), (.left, true), (.unknown, true)])
    func noCommand(key: Key, isEditing: Bool) {
        #expect(KeyCommand.of(key, isEditing: isEditing) == nil)
    }

    @Test("text takes the columns a terminal gives it", arguments: [
        ("abc", 3), ("café", 4), ("cafe\u{301}", 4), ("日本", 4), ("🛜", 2), ("👩‍👩‍👧", 2), ("☺️", 2), ("", 0), ("\\u{1B}[2J", 9),
    ])
    func widths(text: String, columns: Int) {
        #expect(TextWidth.of(text) == columns)
    }

    @Test("text is cut, spread and wrapped to a number of columns")
    func layoutOfText() {
        #expect(TextWidth.truncated("abcdef", to: 4) == "abc…")
        #expect(TextWidth.truncated("abc", to: 4) == "abc")
        #expect(TextWidth.truncated("日本語", to: 4) == "日…")
        #expect(TextWidth.tail("abcdef", to: 4) == "…def")
        #expect(TextWidth.spread("Title", "value", in: 20) == "Title          value")
        #expect(TextWidth.spread("A long title", "a long value", in: 16) == "A long …  a lon…")
        #expect(TextWidth.spread("", "text", in: 10) == "text")
        #expect(TextWidth.wrapped("Personal Hotspot Enabled", to: 10) == ["Personal", "Hotspot", "Enabled"])
        #expect(TextWidth.wrapped("abcdefghij", to: 4) == ["abcd", "efgh", "ij"])
    }

    /// A session on the settings form with its default values.
    static func session(showingSecrets: Bool = false) throws -> InteractiveSession {
        let (form, _) = try DemoForm.settings.make(DemoForm.Setup(today: Date()))
        return InteractiveSession(screen: DemoForm.settings.screen, form: form, revealingSecrets: showingSecrets) { submission in
            _ = try DemoForm.settings.submit(submission.values)
            return .accepted
        }
    }

    /// A row of 63 columns (a terminal of 64): `left`, spaces, `right`; every character here is one column wide.
    static func row(_ left: String, _ right: String, columns: Int = 63) -> String {
        left + String(repeating: " ", count: columns - left.count - right.count) + right
    }

    static func plain(_ session: InteractiveSession, width: Int = 64, height: Int = 24) -> [String] {
        ScreenDrawing.lines(of: session.picture, width: width, height: height, styled: false)
    }

    @Test("the hotspot screen is drawn as a grouped table: values at the right, › on details, the focus marked")
    func drawsHotspot() async throws {
        let session = try Self.session()
        func row(_ left: String, _ right: String) -> String { Self.row(left, right) }
        #expect(Self.plain(session) == [
            "Settings", "",
            row("> Personal Hotspot", "On ›"),
            "", ScreenDrawing.browsingHelp,
        ])
        await session.handle(.activate)
        #expect(Self.plain(session) == [
            "Settings › Personal Hotspot", "",
            row("> Personal Hotspot", "[on]"),
            "  Personal Hotspot Enabled", "",
            row("  Notification", "Always ›"), "",
            row("  Password", "•••••• ›"),
            row("  Network Name", "my network ›"),
            "", ScreenDrawing.browsingHelp,
        ])
        await session.handle(.toggle)
        #expect(Self.plain(session) == [
            "Settings › Personal Hotspot", "",
            row("> Personal Hotspot", "[off]"),
            "", ScreenDrawing.browsingHelp,
        ])
    }

    @Test("styles: the focused row in reverse video, footers and help dimmed; none at all without style")
    func styles() async throws {
        let session = try Self.session()
        await session.handle(.activate)
        let styled = ScreenDrawing.lines(of: session.picture, width: 64, height: 24, styled: true)
        #expect(styled[0] == "\u{1B}[1mSettings › Personal Hotspot\u{1B}[0m")
        #expect(styled[2] == "\u{1B}[7m" + Self.row("> Personal Hotspot", "[on]") + "\u{1B}[0m")
        #expect(styled[3] == "\u{1B}[2m  Personal Hotspot Enabled\u{1B}[0m")
        #expect(!Self.plain(session).joined().contains("\u{1B}"))
    }

    @Test("values are escaped, so a value cannot act on the terminal; secrets stay masked while typed")
    func escapesValues() async throws {
        let session = try Self.session()
        session.navigator.form.set("x\u{1B}[2J\ny", for: "hotspot.networkName")
        await session.handle(.activate)
        let lines = Self.plain(session)
        #expect(lines.contains(Self.row("  Network Name", #"x\u{1B}[2J\ny ›"#)))
        #expect(!lines.joined().contains("\u{1B}"))
        await session.handle(.next)
        await session.handle(.next)
        await session.handle(.activate)
        #expect(Self.plain(session)[2] == "> •••••_")
        let revealing = try Self.session(showingSecrets: true)
        await revealing.handle(.activate)
        #expect(Self.plain(revealing)[7] == Self.row("  Password", "hello ›"))
    }

    @Test("narrow and short terminals: lines fit, and the rows scroll to keep the focus in view")
    func smallTerminals() async throws {
        let session = try Self.session()
        await session.handle(.activate)
        for width in [12, 20, 33, 41] {
            for line in Self.plain(session, width: width) { #expect(TextWidth.of(line) <= max(width - 1, 10), "\(line) at \(width)") }
        }
        await session.handle(.next)
        await session.handle(.next)
        await session.handle(.next)
        let short = Self.plain(session, height: 6)
        #expect(short.count == 6)
        #expect(short.contains(Self.row("> Network Name", "my network ›")))
    }

    /// The keys bound by the cells of `screen` and of the screens its cells open.
    static func boundKeys(_ screen: Screen, depth: Int = 0) -> [String] {
        let cells = screen.sections.flatMap(\.cells)
        return cells.compactMap(\.key) + (depth < 4 ? cells.compactMap { $0.makeDestination() }.flatMap { boundKeys($0, depth: depth + 1) } : [])
    }

    @Test("every demo form's screens bind the keys of that form's controls, and draw")
    func everyFormHasItsScreen() async throws {
        for demo in DemoForm.all {
            let (form, controls) = try demo.make(DemoForm.Setup(today: Date()))
            let keys = Set(Self.boundKeys(demo.screen))
            #expect(keys == Set(controls.map(\.key)), "\(demo.name): \(keys.sorted())")
            let session = InteractiveSession(screen: demo.screen, form: form, revealingSecrets: false) { _ in .accepted }
            #expect(Self.plain(session).count > 4, "\(demo.name) draws nothing")
        }
        let (form, _) = try DemoForm.profile.make(DemoForm.Setup(today: Date()))
        let session = InteractiveSession(screen: DemoForm.profile.screen, form: form, revealingSecrets: false) { _ in .accepted }
        func row(_ left: String, _ right: String) -> String { Self.row(left, right, columns: 47) }
        #expect(Self.plain(session, width: 48) == [
            "Profile", "", "  Account",
            row("> Name", "Ada Lovelace"), row("  Password", "••••••"), row("  Newsletter", "[off]"), row("  Plan", "‹ free ›"),
            "", "  Details",
            row("  Age", "36"), row("  Balance", "12.5"), row("  Birthday", "1815-12-10T00:00:00Z"),
            "", TextWidth.truncated(ScreenDrawing.browsingHelp, to: 47),
        ])
    }

    @Test("only the lines that changed are written")
    func frameUpdates() {
        #expect(FrameUpdate.output(from: nil, to: ["a", "b"]) == "\u{1B}[H\u{1B}[2J\u{1B}[1;1Ha\u{1B}[K\u{1B}[2;1Hb\u{1B}[K")
        #expect(FrameUpdate.output(from: ["a", "b"], to: ["a", "b"]) == "")
        #expect(FrameUpdate.output(from: ["a", "b"], to: ["a", "c"]) == "\u{1B}[2;1Hc\u{1B}[K")
        #expect(FrameUpdate.output(from: ["a", "b", "c"], to: ["a"]) == "\u{1B}[2;1H\u{1B}[K\u{1B}[3;1H\u{1B}[K")
    }

    @Test("a session edits the hotspot and submits what the plain demo prints")
    func wholeSession() async throws {
        let session = try Self.session()
        let commands: [KeyCommand] = [
            .activate, .toggle, .toggle, .next, .activate, .next, .activate, .back,
            .next, .next, .activate, .deleteBackward, .deleteBackward, .deleteBackward, .deleteBackward, .deleteBackward,
            .deleteBackward, .deleteBackward, .insert("office"), .commit,
        ]
        for command in commands {
            let ending = await session.handle(command)
            #expect(ending == nil, "\(command) ended the session")
        }
        guard case .submitted(let submission) = await session.handle(.submit) else {
            Issue.record("the submit did not succeed: \(session.messages)")
            return
        }
        let plain = try DemoCommand.parse(["--set", "hotspot.networkName=my office", "--set", "hotspot.showPreview=When Unlocked"])
        #expect(DemoCommand.render(submission, plain) == HotspotDemoTests.output(networkName: "my office", showPreview: "When Unlocked"))
    }

    @Test("the members screen adds a member with its button, types the row's fields and submits the rows in order")
    func membersSession() async throws {
        let (form, _) = try DemoForm.members.make(DemoForm.Setup(today: Date()))
        let session = InteractiveSession(screen: DemoForm.membersScreen, form: form, revealingSecrets: false) { submission in
            _ = try DemoForm.members.submit(submission.values)
            return .accepted
        }
        // From the address: the add button, then the new row's name and age.
        let commands: [KeyCommand] = [.next, .activate, .activate, .insert("Cy"), .commit, .next, .activate, .insert("7"), .commit]
        for command in commands {
            #expect(await session.handle(command) == nil, "\(command) ended the session")
        }
        #expect(Self.plain(session).contains { $0.hasPrefix("  In school ") && $0.hasSuffix(" [on]") })
        guard case .submitted(let submission) = await session.handle(.submit) else {
            Issue.record("the submit did not succeed: \(session.messages)")
            return
        }
        let plain = try DemoCommand.parse(["--form", "members", "--add", "members", "name=Cy,age=7"])
        let printed = try DemoProcess.run(["--form", "members", "--add", "members", "name=Cy,age=7,relationship=other"])
        #expect(DemoCommand.render(submission, plain) == printed.output)
    }

    @Test("a failed submit shows its errors and opens the field; q quits and Ctrl-C interrupts")
    func failedSubmit() async throws {
        let session = try Self.session()
        session.navigator.form.set("", for: "hotspot.networkName")
        #expect(await session.handle(.submit) == nil)
        #expect(session.messages == ["hotspot.networkName: is required"])
        let lines = Self.plain(session)
        #expect(lines[0] == "Settings › Personal Hotspot › Network Name")
        #expect(lines[2] == "> _")
        #expect(lines.suffix(2) == ["hotspot.networkName: is required", ScreenDrawing.editingHelp])
        #expect(await session.handle(.quit) == .quit)
        #expect(await session.handle(.interrupt) == .interrupted)
    }
}

extension InteractiveSession.Ending: Equatable {
    static func == (lhs: Self, rhs: Self) -> Bool {
        switch (lhs, rhs) {
        case (.quit, .quit), (.interrupted, .interrupted): true
        case (.submitted(let left), .submitted(let right)): left.values.lines(revealingSecrets: true) == right.values.lines(revealingSecrets: true)
        default: false
        }
    }
}
