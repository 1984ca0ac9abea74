import Testing

@testable import ContextDemo
import FormContext

/// One run of the demo binary and exactly what it must print and how it must end.
struct DemoCase: CustomTestStringConvertible, Sendable {
    let name: String
    let arguments: [[UInt8]]
    var output: DemoSpawn.Target = .captured
    var errorOutput: DemoSpawn.Target = .captured
    var ignoringSIGPIPE = false
    let expected: DemoSpawn.Result

    var testDescription: String { name }

    init(
        _ name: String, _ arguments: [String], output: DemoSpawn.Target = .captured, errorOutput: DemoSpawn.Target = .captured,
        ignoringSIGPIPE: Bool = false, status: Int32? = 0, signal: Int32? = nil, stdout: String = "", stderr: String = ""
    ) {
        self.init(name, raw: arguments.map { Array($0.utf8) }, output: output, errorOutput: errorOutput,
                  ignoringSIGPIPE: ignoringSIGPIPE, status: status, signal: signal, stdout: stdout, stderr: stderr)
    }

    init(
        _ name: String, raw arguments: [[UInt8]], output: DemoSpawn.Target = .captured, errorOutput: DemoSpawn.Target = .captured,
        ignoringSIGPIPE: Bool = false, status: Int32? = 0, signal: Int32? = nil, stdout: String = "", stderr: String = ""
    ) {
        self.name = name
        self.arguments = arguments
        self.output = output
        self.errorOutput = errorOutput
        self.ignoringSIGPIPE = ignoringSIGPIPE
        expected = DemoSpawn.Result(status: status, signal: signal, output: stdout, errorOutput: stderr)
    }

    func run() throws -> DemoSpawn.Result {
        try DemoSpawn.run(arguments, output: output, errorOutput: errorOutput, ignoringSIGPIPE: ignoringSIGPIPE)
    }
}

/// The demo run as a process with hostile input: exact standard output, standard error and exit status.
@Suite("ContextDemo with hostile input")
struct DemoHostileTests {
    static let settings = "hotspot.isEnabled: true\nhotspot.networkName: my network\nhotspot.password: ••••••\nhotspot.showPreview: Always\n==========\n"
    static func profile(password: String = "••••••") -> String {
        "age: 36\nbalance: 12.5\nbirthday: 1815-12-10T00:00:00Z\nname: Ada Lovelace\nnewsletter: false\npassword: \(password)\nplan: free\n==========\n"
    }
    static let profileJSONMasked = """
        {
          "age": 36,
          "balance": 12.5,
          "birthday": "1815-12-10T00:00:00Z",
          "name": "Ada Lovelace",
          "newsletter": false,
          "password": "••••••",
          "plan": "free"
        }

        """
    static func settingsWith(networkName: String) -> String {
        "hotspot.isEnabled: true\nhotspot.networkName: \(networkName)\nhotspot.password: ••••••\nhotspot.showPreview: Always\n==========\n"
    }

    static let flagCases: [DemoCase] = [
        DemoCase("--show-secrets=false masks", ["--form", "profile", "--show-secrets=false"], stdout: profile()),
        DemoCase("--show-secrets=true shows", ["--form", "profile", "--show-secrets=true"], stdout: profile(password: "analytical")),
        DemoCase("--show-secrets=0 is refused", ["--form", "profile", "--json", "--show-secrets=0"], status: 2,
                 stderr: "error: invalid value '0' for '--show-secrets': expected true or false\n"),
        DemoCase("--show-secrets= is refused", ["--show-secrets="], status: 2,
                 stderr: "error: invalid value '' for '--show-secrets': expected true or false\n"),
        DemoCase("--json=false prints lines", ["--form", "profile", "--json=false"], stdout: profile()),
        DemoCase("--json=true prints JSON", ["--form", "profile", "--json=true"], stdout: profileJSONMasked),
        DemoCase("--json=yes is refused", ["--json=yes"], status: 2, stderr: "error: invalid value 'yes' for '--json': expected true or false\n"),
        DemoCase("--json=TRUE is refused", ["--json=TRUE"], status: 2, stderr: "error: invalid value 'TRUE' for '--json': expected true or false\n"),
        DemoCase("--help=false runs", ["--help=false"], stdout: settings),
        DemoCase("--version=false runs", ["--version=false"], stdout: settings),
        DemoCase("--version=1 is refused", ["--version=1"], status: 2, stderr: "error: invalid value '1' for '--version': expected true or false\n"),
        DemoCase("a later flag wins", ["--form", "profile", "--show-secrets", "--show-secrets=false"], stdout: profile()),
    ]

    @Test("boolean flags given =value parse it strictly", arguments: flagCases)
    func booleanFlags(_ demo: DemoCase) throws {
        #expect(try demo.run() == demo.expected)
    }

    static let outputCases: [DemoCase] = [
        DemoCase("stdout is /dev/full", [], output: .full, status: 3,
                 stderr: "error: cannot write to standard output: No space left on device\n"),
        DemoCase("--help to /dev/full", ["--help"], output: .full, status: 3,
                 stderr: "error: cannot write to standard output: No space left on device\n"),
        DemoCase("stdout is closed", [], output: .closed, status: 3, stderr: "error: cannot write to standard output: it is closed\n"),
        DemoCase("stdout is a broken pipe, SIGPIPE ignored", [], output: .brokenPipe, ignoringSIGPIPE: true, status: 3,
                 stderr: "error: cannot write to standard output: Broken pipe\n"),
        DemoCase("stdout is a broken pipe, SIGPIPE at its default", [], output: .brokenPipe, status: nil, signal: 13),
        DemoCase("stderr is closed, bad option", ["--bogus"], errorOutput: .closed, status: 2),
        DemoCase("stderr is /dev/full, bad option", ["--bogus"], errorOutput: .full, status: 2),
        DemoCase("stderr is a broken pipe, SIGPIPE ignored", ["--bogus"], errorOutput: .brokenPipe, ignoringSIGPIPE: true, status: 2),
        DemoCase("stderr is closed, invalid values", ["--set", "hotspot.networkName="], errorOutput: .closed, status: 1),
        DemoCase("both are /dev/full", [], output: .full, errorOutput: .full, status: 3),
        DemoCase("both are closed", [], output: .closed, errorOutput: .closed, status: 3),
        DemoCase("stderr is closed, the run succeeds", [], errorOutput: .closed, stdout: settings),
    ]

    @Test("output that cannot be written is an error message where possible and a non-zero exit, never a trap",
          arguments: outputCases)
    func unwritableOutput(_ demo: DemoCase) throws {
        #expect(try demo.run() == demo.expected)
    }

    static let escapingCases: [DemoCase] = [
        DemoCase("a forged line", ["--set", "hotspot.networkName=x\nhotspot.password: hunter2"],
                 stdout: settingsWith(networkName: #"x\nhotspot.password: hunter2"#)),
        DemoCase("an escape sequence", ["--set", "hotspot.networkName=\u{1B}[2J\u{1B}]0;title\u{07}"],
                 stdout: settingsWith(networkName: #"\u{1B}[2J\u{1B}]0;title\u{7}"#)),
        DemoCase("C1 controls and DEL", ["--set", "hotspot.networkName=a\u{9B}31m\u{85}\u{7F}b"],
                 stdout: settingsWith(networkName: #"a\u{9B}31m\u{85}\u{7F}b"#)),
        DemoCase("carriage return and tab", ["--form", "contact", "--set", "firstname=over\rwrite\tx"],
                 stdout: "firstname: over\\rwrite\\tx\nlastname: World\n==========\n"),
        DemoCase("a right-to-left override", ["--form", "contact", "--set", "lastname=a\u{202E}b"],
                 stdout: "firstname: Hello\nlastname: a\\u{202E}b\n==========\n"),
        DemoCase("JSON escapes as JSON does", ["--json", "--set", "hotspot.networkName=\u{1B}[2J\u{9B}"],
                 stdout: "{\n  \"hotspot.isEnabled\": true,\n  \"hotspot.networkName\": \"\\u001b[2J\\u009b\",\n  \"hotspot.password\": \"••••••\",\n  \"hotspot.showPreview\": \"Always\"\n}\n"),
        DemoCase("an unknown key", ["--form", "contact", "--set", "no\npe\u{1B}=1"], status: 2,
                 stderr: "error: unknown key 'no\\npe\\u{1B}'; known keys: firstname, lastname\n"),
        DemoCase("an unknown option", ["--bo\u{1B}[2Jgus"], status: 2, stderr: "error: unknown option '--bo\\u{1B}[2Jgus' (see --help)\n"),
        DemoCase("an unknown option with a value", ["--x\n=y\n"], status: 2, stderr: "error: unknown option '--x\\n=y\\n' (see --help)\n"),
        DemoCase("an unknown form", ["--form", "x\ny"], status: 2,
                 stderr: "error: unknown form 'x\\ny'; known forms: settings, contact, profile, household, members, survey\n"),
        DemoCase("an unexpected argument", ["\u{9B}2J"], status: 2, stderr: "error: unexpected argument '\\u{9B}2J' (see --help)\n"),
        DemoCase("a malformed assignment", ["--set", "a\u{1B}b"], status: 2,
                 stderr: "error: malformed --set 'a\\u{1B}b': expected <key>=<value>\n"),
        DemoCase("text that does not parse", ["--form", "profile", "--set", "age=1\n2"], status: 2,
                 stderr: "error: unreadable text for key 'age': expected Int, found \"1\\n2\"\n"),
        DemoCase("a quote in an echoed name", ["--form", "it's"], status: 2,
                 stderr: "error: unknown form 'it\\'s'; known forms: settings, contact, profile, household, members, survey\n"),
    ]

    @Test("every printed line shows control characters as escapes", arguments: escapingCases)
    func escaping(_ demo: DemoCase) throws {
        #expect(try demo.run() == demo.expected)
    }

    static let invalidCases: [DemoCase] = [
        DemoCase("an empty Bool", ["--set", "hotspot.isEnabled="], status: 1, stderr: "hotspot.isEnabled: is required\n"),
        DemoCase("an empty text", ["--set", "hotspot.networkName="], status: 1, stderr: "hotspot.networkName: is required\n"),
        DemoCase("two errors", ["--form", "contact", "--set", "firstname= ", "--set", "lastname="], status: 1,
                 stderr: "firstname: is required\nlastname: is required\n"),
        DemoCase("an error with a control character in the value", ["--form", "profile", "--set", "name=\u{1B}"], status: 1,
                 stderr: "name: must be letters, spaces, dots, apostrophes or hyphens\n"),
    ]

    @Test("every exit-1 line is key: message", arguments: invalidCases)
    func invalidValues(_ demo: DemoCase) throws {
        #expect(try demo.run() == demo.expected)
    }

    static let long = String(repeating: "1", count: 100_000)

    static let argumentCases: [DemoCase] = [
        DemoCase("an argument that is not UTF-8", raw: [Array("--form".utf8), [0xFF]], status: 2,
                 stderr: "error: argument 2 is not valid UTF-8 (byte 0xFF at offset 0)\n"),
        DemoCase("a truncated sequence", raw: [Array("--set".utf8), Array("hotspot.networkName=ab".utf8) + [0xC3, 0x28]], status: 2,
                 stderr: "error: argument 2 is not valid UTF-8 (byte 0xC3 at offset 22)\n"),
        DemoCase("an encoded surrogate", raw: [[0xED, 0xA0, 0x80]], status: 2,
                 stderr: "error: argument 1 is not valid UTF-8 (byte 0xED at offset 0)\n"),
        DemoCase("an overlong encoding", raw: [Array("--json".utf8), Array("--form=".utf8) + [0xC0, 0xAF]], status: 2,
                 stderr: "error: argument 2 is not valid UTF-8 (byte 0xC0 at offset 7)\n"),
        DemoCase("a long value that does not parse", ["--form", "profile", "--set", "age=\(long)x"], status: 2,
                 stderr: "error: unreadable text for key 'age': expected Int, found \"\(String(long.prefix(80)))…\" (100001 characters)\n"),
        DemoCase("a long unknown option", ["--\(long)"], status: 2,
                 stderr: "error: unknown option '--\(String(long.prefix(78)))…' (100002 characters) (see --help)\n"),
        DemoCase("a long unknown key", ["--set", "\(long)=1"], status: 2,
                 stderr: "error: unknown key '\(String(long.prefix(80)))…' (100000 characters); known keys: hotspot.isEnabled, hotspot.networkName, hotspot.password, hotspot.showPreview\n"),
    ]

    @Test("arguments are valid UTF-8, and echoed text is cut to a sensible length", arguments: argumentCases)
    func arguments(_ demo: DemoCase) throws {
        #expect(try demo.run() == demo.expected)
    }

    static let markerCases: [DemoCase] = [
        DemoCase("--version", ["--version"], stdout: "ContextDemo \(FormContextPackage.version)\n"),
        DemoCase("-- alone", ["--"], stdout: settings),
        DemoCase("options before --", ["--form", "contact", "--"], stdout: "firstname: Hello\nlastname: World\n==========\n"),
        DemoCase("an option after -- is an operand", ["--", "--json"], status: 2, stderr: "error: unexpected argument '--json' (see --help)\n"),
        DemoCase("an operand after --", ["--", "stray"], status: 2, stderr: "error: unexpected argument 'stray' (see --help)\n"),
        DemoCase("-- after --", ["--", "--"], status: 2, stderr: "error: unexpected argument '--' (see --help)\n"),
        DemoCase("-- as a value", ["--form", "contact", "--set", "lastname=--"], stdout: "firstname: Hello\nlastname: --\n==========\n"),
    ]

    @Test("--version prints the package's version; -- ends the options", arguments: markerCases)
    func versionAndMarker(_ demo: DemoCase) throws {
        #expect(try demo.run() == demo.expected)
    }

    @Test("a ten-megabyte value that does not parse is echoed cut, with its length")
    func hugeValue() async {
        // Too long for one argument of a process (the kernel caps one at 128 KiB), so run in-process.
        let huge = String(repeating: "9", count: 10_485_760) + "x"
        let outcome = await DemoCommand.run(["--form", "profile", "--set", "age=" + huge])
        #expect(outcome == .init(status: 2, output: "", errorOutput:
            "error: unreadable text for key 'age': expected Int, found \"\(String(repeating: "9", count: 80))…\" (10485761 characters)\n"))
    }

    @Test func helpDocumentsTheNewOptions() throws {
        let help = try DemoSpawn.run([Array("--help".utf8)])
        #expect(help.status == 0)
        for text in ["--version", "--  ", "true or false", "3  ", "escape"] {
            #expect(help.output.contains(text), "help lacks \(text)")
        }
    }

    @Test("an error that reaches the submit keeps the key: message form")
    func failureLines() {
        #expect(DemoCommand.failureLine(FormBridgeError.missingValue(key: "hotspot.isEnabled", expected: "Bool"))
            == "hotspot.isEnabled: missing value (expected Bool)")
        #expect(DemoCommand.failureLine(FormBridgeError.typeMismatch(key: "k", expected: "Bool", found: "String"))
            == "k: expected Bool, found String")
        #expect(DemoCommand.failureLine(FormBridgeError.unknownRawValue(key: "k", type: "ShowPreview", text: "a\nb"))
            == "k: 'a\\nb' is not a raw value of ShowPreview")
        #expect(DemoCommand.failureLine(SubmissionError.nonFiniteNumber(key: "k", value: "nan"))
            == "k: cannot encode the value of 'k' as JSON: nan is not a finite number")
        #expect(DemoCommand.failureLine(CancellationError()) == "(form): CancellationError()")
    }
}
