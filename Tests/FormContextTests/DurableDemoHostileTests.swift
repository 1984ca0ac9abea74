import Foundation
import Testing
import TestSupport

@testable import FormContextCore
@testable import FormContextDurability

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// The demo's drafts, outbox and `send` with hostile paths, folders, files and servers, run as a process.
@Suite("Demo: drafts, outbox and send with hostile input", .serialized)
struct DurableDemoHostileTests {
    // MARK: What the outbox and the draft own

    @Test("--outbox refuses a folder that holds other files and is not an outbox; nothing in it is touched")
    func outboxRefusesForeignFolder() throws {
        let folder = try ScratchFolder("demo-hostile")
        defer { folder.remove() }
        let target = folder.file("p")
        try FileManager.default.createDirectory(atPath: target + "/tmp", withIntermediateDirectories: true)
        try Data("notes".utf8).write(to: URL(fileURLWithPath: target + "/tmp/notes.txt"))
        let result = try DemoProcess.run(["--form", "contact", "--outbox", target])
        #expect(result == DemoProcess.Result(status: 1, output: "", errorOutput:
            "error: '\(target)' is not an outbox: it is not empty and has no outbox marker (.formcontext-outbox); nothing in it was touched\n"))
        #expect(folder.names("p") == ["tmp"] && folder.names("p/tmp") == ["notes.txt"])
    }

    @Test("an empty path is a usage error", arguments: [["--outbox="], ["--outbox", ""], ["--draft="], ["--draft", ""]])
    func emptyPaths(arguments: [String]) throws {
        let option = arguments[0].hasPrefix("--outbox") ? "--outbox" : "--draft"
        #expect(try DemoProcess.run(["--form", "contact"] + arguments)
            == DemoProcess.Result(status: 2, output: "", errorOutput: "error: the path given to '\(option)' is empty\n"))
    }

    static let refusedDrafts: [(kind: String, problem: String)] = [
        ("fifo", "it is a FIFO (named pipe)"), ("link to a secret", "it is a symbolic link"), ("link to /dev/zero", "it is a symbolic link"),
        ("folder", "it is a folder"), ("someone's file", "it is not a FormContext draft"),
    ]

    @Test("--draft refuses what is not a draft: an error naming the path and what it is, status 1, nothing read, shown or written",
          .timeLimit(.minutes(1)), arguments: refusedDrafts)
    func refusedDraft(kind: String, problem: String) throws {
        let folder = try ScratchFolder("demo-hostile")
        defer { folder.remove() }
        let path = folder.file("settings.draft")
        let secret = "root:x:0:0:\u{1B}]0;owned\u{7}"
        switch kind {
        case "fifo": #expect(mkfifo(path, 0o600) == 0)
        case "link to a secret":
            try Data(secret.utf8).write(to: URL(fileURLWithPath: folder.file("passwd")))
            try FileManager.default.createSymbolicLink(atPath: path, withDestinationPath: folder.file("passwd"))
        case "link to /dev/zero": try FileManager.default.createSymbolicLink(atPath: path, withDestinationPath: "/dev/zero")
        case "folder": try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: false)
        default: try Data(secret.utf8).write(to: URL(fileURLWithPath: path))
        }
        let before = DraftPathTests.describe(path)
        let names = folder.names()
        let result = try DemoProcess.run(["--draft", path, "--set", "hotspot.networkName=cafe"])
        #expect(result == DemoProcess.Result(status: 1, output: "", errorOutput:
            "error: '\(path)' is not a draft file: \(problem); it was left as it is\n"))
        #expect(DraftPathTests.describe(path) == before)
        #expect(folder.names() == names)
    }

    @Test("a device node as --draft is refused, not renamed aside and replaced", .enabled(if: getuid() == 0, "creating a device node needs root"))
    func deviceDraft() throws {
        let folder = try ScratchFolder("demo-hostile")
        defer { folder.remove() }
        let path = folder.file("null")
        #expect(mknod(path, S_IFCHR | 0o666, dev_t(259)) == 0)
        let before = DraftPathTests.describe(path)
        let result = try DemoProcess.run(["--draft", path])
        #expect(result == DemoProcess.Result(status: 1, output: "", errorOutput:
            "error: '\(path)' is not a draft file: it is a character device; it was left as it is\n"))
        #expect(DraftPathTests.describe(path) == before && folder.names() == ["null"])
    }

    /// How to run the demo as a user who cannot read a file of mode 000: this user if it is not root,
    /// or `nobody` through `setpriv` if it is root.
    static let unprivileged: [String]? = {
        if getuid() != 0 { return [] }
        let setpriv = "/usr/bin/setpriv"
        return FileManager.default.isExecutableFile(atPath: setpriv) ? [setpriv, "--reuid=65534", "--regid=65534", "--clear-groups"] : nil
    }()

    @Test("a draft that exists but cannot be opened is an error, status 1, and nothing is written over it",
          .enabled(if: unprivileged != nil, "needs a user that file permissions stop: not root, or root with setpriv"))
    func unopenableDraft() throws {
        let folder = try ScratchFolder("demo-hostile")
        defer { folder.remove() }
        let path = folder.file("settings.draft")
        // A draft of a real run, made unreadable; the folder open to the unprivileged user, so a save could replace it.
        #expect(try DemoProcess.run(["--draft", path, "--set", "hotspot.networkName=kept"]).status == 0)
        let saved = try Data(contentsOf: URL(fileURLWithPath: path))
        #expect(chmod(folder.path, 0o777) == 0 && chmod(path, 0o000) == 0)
        let prefix = try #require(Self.unprivileged)
        let process = Process()
        let demo = try DemoProcess.executable.path
        process.executableURL = URL(fileURLWithPath: prefix.first ?? demo)
        process.arguments = Array(prefix.dropFirst()) + (prefix.isEmpty ? [] : [demo]) + ["--draft", path, "--set", "hotspot.networkName=new"]
        process.environment = ChildEnvironment.variables
        let output = Pipe()
        let errors = Pipe()
        process.standardOutput = output
        process.standardError = errors
        try process.run()
        let printed = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        let errorText = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        #expect(process.terminationStatus == 1)
        #expect(printed == "")
        #expect(errorText == "error: cannot read the draft '\(path)': open failed: Permission denied (errno 13)\n")
        #expect(chmod(path, 0o600) == 0)
        #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == saved)
        #expect(folder.names() == ["settings.draft"])
    }

    // MARK: send

    @Test("send never creates its folder: a missing or foreign folder is a usage error", arguments: ["missing", "foreign", "empty"])
    func sendNeedsAnOutbox(kind: String) throws {
        let folder = try ScratchFolder("demo-hostile")
        defer { folder.remove() }
        let target = folder.file("outbox")
        if kind == "foreign" {
            try FileManager.default.createDirectory(atPath: target, withIntermediateDirectories: false)
            try Data("x".utf8).write(to: URL(fileURLWithPath: target + "/notes.txt"))
        } else if kind == "empty" {
            try FileManager.default.createDirectory(atPath: target, withIntermediateDirectories: false)
        }
        let names = folder.names()
        let result = try DemoProcess.run(["send", target, "--to", "http://127.0.0.1:9/records"])
        let problem = kind == "missing" ? "it does not exist" : "it has no outbox marker (.formcontext-outbox)"
        #expect(result == DemoProcess.Result(status: 2, output: "", errorOutput: "error: '\(target)' is not an outbox: \(problem)\n"))
        #expect(folder.names() == names)
        #expect(kind != "empty" || folder.names("outbox").isEmpty)
    }

    @Test("send names a damaged record and exits 1: it was not delivered")
    func sendReportsDamaged() throws {
        let folder = try ScratchFolder("demo-hostile")
        defer { folder.remove() }
        let outbox = folder.file("outbox")
        #expect(try DemoProcess.run(["--form", "contact", "--outbox", outbox]).status == 0)
        let name = try #require(folder.names("outbox/new").first)
        try Data("garbage".utf8).write(to: URL(fileURLWithPath: outbox + "/new/" + name))
        let result = try DemoProcess.run(["send", outbox, "--to", "http://127.0.0.1:9/records"])
        #expect(result == DemoProcess.Result(status: 1, output:
            "damaged \(name): not a FormContext file; moved to \(outbox)/damaged/\(name)\n"
            + "damaged \(name): it could not be read; it is in \(outbox)/damaged\n", errorOutput: ""))
    }

    @Test("send refuses bad values up front, naming the option and what is wrong", arguments: [
        (["--to", "http://"], "error: invalid value 'http://' for '--to': it has no host\n"),
        (["--to", "http://127.0.0.1:99999/"], "error: invalid value 'http://127.0.0.1:99999/' for '--to': the port 99999 is not from 1 to 65535\n"),
        (["--to", "http://[::1]:0/"], "error: invalid value 'http://[::1]:0/' for '--to': the port 0 is not from 1 to 65535\n"),
        (["--to", "ftp://host"], "error: invalid value 'ftp://host' for '--to': the scheme must be http or https\n"),
        (["--to", "http://127.0.0.1:9/", "--timeout", "abc"], "error: invalid value 'abc' for '--timeout': expected a number of seconds from 0.001 to 86400\n"),
        (["--to", "http://127.0.0.1:9/", "--timeout", "0"], "error: invalid value '0' for '--timeout': expected a number of seconds from 0.001 to 86400\n"),
        (["--to", "http://127.0.0.1:9/", "--timeout=nan"], "error: invalid value 'nan' for '--timeout': expected a number of seconds from 0.001 to 86400\n"),
        (["--to", "http://127.0.0.1:9/", "--initial-delay", "-1"], "error: invalid value '-1' for '--initial-delay': expected a number of seconds from 0 to 86400\n"),
        (["--to", "http://127.0.0.1:9/", "--max-attempts", "0"], "error: invalid value '0' for '--max-attempts': expected a whole number of at least 1\n"),
        (["--to", "http://127.0.0.1:9/", "--max-attempts", "two"], "error: invalid value 'two' for '--max-attempts': expected a whole number of at least 1\n"),
        (["--to", "http://127.0.0.1:9/", ""], "error: unexpected argument '' (see --help)\n"),
    ])
    func sendBadValues(options: [String], message: String) throws {
        let result = try DemoProcess.run(["send", "/nonexistent-outbox"] + options)
        #expect(result == DemoProcess.Result(status: 2, output: "", errorOutput: message))
    }

    @Test("send takes a scheme in any case", arguments: ["HTTP://127.0.0.1:9/records", "Https://127.0.0.1:9/records"])
    func sendSchemeCase(url: String) throws {
        // The URL is accepted: what stops the run is the folder.
        #expect(try DemoProcess.run(["send", "/nonexistent-outbox", "--to", url])
            == DemoProcess.Result(status: 2, output: "", errorOutput: "error: '/nonexistent-outbox' is not an outbox: it does not exist\n"))
    }

    @Test("send with --max-attempts 1 says why a record was not sent, escaped, names it, and exits 1",
          .enabled(if: Receiver.isAvailable, "needs python3"), .timeLimit(.minutes(1)))
    func sendOutOfAttempts() async throws {
        let folder = try ScratchFolder("demo-hostile")
        defer { folder.remove() }
        let outbox = folder.file("outbox")
        #expect(try DemoProcess.run(["--form", "contact", "--outbox", outbox]).status == 0)
        let id = try #require(try Outbox(folder: outbox).pendingIDs().first).uuidString
        let receiver = try Receiver()
        defer { receiver.stop() }
        try await receiver.plan(json: """
            ["503",
             {"status": 503, "body": \(Self.json(#"{"message": "\#(Self.hostile)"}"#))},
             {"status": 503, "body": \(Self.json(#"{"message": "x\ud800y"}"#))}]
            """)
        for reason in ["HTTP 503: try again later", "HTTP 503: \(Self.hostileShown)", "HTTP 503"] {
            let result = try DemoProcess.run(["send", outbox, "--to", receiver.recordsURL.absoluteString, "--max-attempts", "1"])
            #expect(result == DemoProcess.Result(status: 1, output:
                "not sent \(id) after 1 attempt: \(reason)\nnot sent \(id): still queued\n", errorOutput: ""))
        }
    }

    /// Text a server might send to act on a terminal or forge lines: ESC sequences, CR, LF, NUL.
    static let hostile = #"a\u001b[2J\u001b]0;owned\u0007\rb\nsent 1/1\u0000c"#
    /// The same, as the demo prints it.
    static let hostileShown = #"a\u{1B}[2J\u{1B}]0;owned\u{7}\rb\nsent 1/1\0c"#

    @Test("send escapes every byte a server sends: messages, field errors, Location, in progress lines and the closing list",
          .enabled(if: Receiver.isAvailable, "needs python3"), .timeLimit(.minutes(1)))
    func sendEscapesServerText() async throws {
        let folder = try ScratchFolder("demo-hostile")
        defer { folder.remove() }
        let outbox = folder.file("outbox")
        for name in ["Ada", "Grace", "Edsger", "Barbara"] {
            #expect(try DemoProcess.run(["--form", "contact", "--set", "firstname=\(name)", "--outbox", outbox]).status == 0)
        }
        let ids = try Outbox(folder: outbox).pendingIDs().map(\.uuidString)
        let receiver = try Receiver()
        defer { receiver.stop() }
        let errorBody = #"{"message": "\#(Self.hostile)", "errors": {"k\u001b[1m\nx": ["m\r\nsent 9/9", "\u0000"]}}"#
        // A lone surrogate makes the JSON invalid: the body is not read, and the status stands alone.
        let surrogateBody = #"{"message": "x\ud800y", "errors": {"\ud800": ["z"]}}"#
        try await receiver.plan(json: """
            [{"status": 503, "body": \(Self.json(#"{"message": "\#(Self.hostile)"}"#))},
             "ok",
             {"status": 422, "body": \(Self.json(errorBody))},
             {"status": 308, "headers": {"Location": "http://x/\\u001b[2J\\u00c3\\u00a9"}},
             {"status": 422, "body": \(Self.json(surrogateBody))}]
            """)
        let result = try DemoProcess.run(["send", outbox, "--to", receiver.recordsURL.absoluteString, "--initial-delay", "0"])
        // The Location's bytes are UTF-8 for "é"; a header that is not UTF-8 is a network error to URLSession.
        let redirect = #"HTTP 308: redirected to 'http://x/\u{1B}[2Jé'; redirects are not followed"#
        #expect(result.status == 1)
        #expect(result.errorOutput == "")
        #expect(result.output.split(separator: "\n", omittingEmptySubsequences: false).map(String.init) == [
            "retrying in 0 s (HTTP 503: \(Self.hostileShown))",
            "sent 1/4",
            "parked \(ids[1]): HTTP 422: \(Self.hostileShown)",
            "parked \(ids[2]): \(redirect)",
            "parked \(ids[3]): HTTP 422",
            "parked \(ids[1]): HTTP 422: \(Self.hostileShown)",
            #"  k\u{1B}[1m\nx: m\r\nsent 9/9; \0"#,
            "parked \(ids[2]): \(redirect)",
            "parked \(ids[3]): HTTP 422",
            "",
        ])
        #expect(!result.output.utf8.contains { $0 < 0x20 && $0 != 0x0A })
    }

    /// `text` as a JSON string literal.
    static func json(_ text: String) -> String {
        String(decoding: (try? JSONSerialization.data(withJSONObject: [text], options: [.fragmentsAllowed])) ?? Data(), as: UTF8.self)
            .dropFirst().dropLast().description
    }

    @Test("paths from the command line are escaped in every line that shows them")
    func pathsAreEscaped() throws {
        let folder = try ScratchFolder("demo-hostile")
        defer { folder.remove() }
        let outbox = folder.file("o\u{1B}[2J\r\nx")
        let shown = folder.path + #"/o\u{1B}[2J\r\nx"#
        let queued = try DemoProcess.run(["--form", "contact", "--outbox", outbox])
        let id = try #require(try Outbox(folder: outbox).pendingIDs().first)
        #expect(queued == DemoProcess.Result(status: 0, output: "finalized \(id.uuidString) into \(shown) (1 queued)\n", errorOutput: ""))
        let fifo = folder.file("d\u{1B}]0;t\u{7}\n.draft")
        #expect(mkfifo(fifo, 0o600) == 0)
        #expect(try DemoProcess.run(["--draft", fifo]) == DemoProcess.Result(status: 1, output: "", errorOutput:
            "error: '\(folder.path)/d\\u{1B}]0;t\\u{7}\\n.draft' is not a draft file: it is a FIFO (named pipe); it was left as it is\n"))
        #expect(try DemoProcess.run(["send", outbox + "-missing", "--to", "http://127.0.0.1:9/"]) == DemoProcess.Result(status: 2, output: "",
            errorOutput: "error: '\(shown)-missing' is not an outbox: it does not exist\n"))
    }
}
