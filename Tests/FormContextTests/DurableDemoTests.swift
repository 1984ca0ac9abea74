import Foundation
import Testing
import TestSupport

@testable import FormContextCore
@testable import FormContextDurability

/// The demo's drafts, outbox and `send`, run as a process.
@Suite("Demo: drafts, outbox and send", .serialized)
struct DurableDemoTests {
    @Test("--draft keeps the form between runs: the second run shows the first run's edits")
    func draftBetweenRuns() throws {
        let folder = try ScratchFolder("demo")
        defer { folder.remove() }
        let draft = folder.file("settings.draft")
        let first = try DemoProcess.run(["--draft", draft, "--set", "hotspot.networkName=cafe", "--set", "hotspot.password=hunter22"])
        #expect(first.status == 0)
        #expect(first.output.contains("hotspot.networkName: cafe"))
        let second = try DemoProcess.run(["--draft=\(draft)"])
        #expect(second.status == 0)
        #expect(second.output == first.output)
        #expect(try !String(contentsOfFile: draft, encoding: .utf8).contains("hunter22"))
        let plain = try DemoProcess.run([])
        #expect(!plain.output.contains("cafe"))
    }

    @Test("a damaged draft is moved aside with a warning and the run goes on")
    func unreadableDraft() throws {
        let folder = try ScratchFolder("demo")
        defer { folder.remove() }
        let draft = folder.file("settings.draft")
        #expect(try DemoProcess.run(["--draft", draft, "--set", "hotspot.networkName=kept"]).status == 0)
        var bytes = try [UInt8](Data(contentsOf: URL(fileURLWithPath: draft)))
        bytes[bytes.count - 2] ^= 0x01
        try Data(bytes).write(to: URL(fileURLWithPath: draft))
        let result = try DemoProcess.run(["--draft", draft, "--set", "hotspot.networkName=cafe"])
        #expect(result.status == 0)
        #expect(result.errorOutput.hasPrefix("warning: the draft '\(draft)' cannot be read: damaged: the checksum is "))
        #expect(result.errorOutput.contains("; it was moved to '\(draft).unreadable-"))
        #expect(folder.names().count == 2)
    }

    @Test("a file that is not a draft stops the run, is left as it is, and is not shown")
    func foreignDraft() throws {
        let folder = try ScratchFolder("demo")
        defer { folder.remove() }
        let draft = folder.file("settings.draft")
        try Data("not a draft".utf8).write(to: URL(fileURLWithPath: draft))
        let result = try DemoProcess.run(["--draft", draft, "--set", "hotspot.networkName=cafe"])
        #expect(result == DemoProcess.Result(status: 1, output: "", errorOutput:
            "error: '\(draft)' is not a draft file: it is not a FormContext draft; it was left as it is\n"))
        #expect(folder.names() == ["settings.draft"])
        #expect(try Data(contentsOf: URL(fileURLWithPath: draft)) == Data("not a draft".utf8))
    }

    @Test("--outbox finalizes into the outbox instead of printing; an invalid form queues nothing")
    func outbox() throws {
        let folder = try ScratchFolder("demo")
        defer { folder.remove() }
        let outbox = folder.file("outbox")
        let draft = folder.file("contact.draft")
        let invalid = try DemoProcess.run(["--form", "contact", "--set", "firstname=", "--outbox", outbox])
        #expect(invalid.status == 1 && invalid.errorOutput == "firstname: is required\n")
        _ = try DemoProcess.run(["--form", "contact", "--set", "firstname=Grace", "--draft", draft])
        let result = try DemoProcess.run(["--form", "contact", "--draft", draft, "--outbox", outbox])
        #expect(result.status == 0)
        let ids = try Outbox(folder: outbox).pendingIDs()
        #expect(ids.count == 1)
        #expect(result.output == "finalized \(ids[0].uuidString) into \(outbox) (1 queued)\n")
        #expect(try Outbox(folder: outbox).pending().first?.finalized.submission.json(pretty: false) == #"{"firstname":"Grace","lastname":"World"}"#)
        #expect(!FileManager.default.fileExists(atPath: draft))
    }

    @Test("send drains the outbox with progress lines; exit 1 lists parked records, exit 0 when empty",
          .enabled(if: Receiver.isAvailable, "needs python3"), .timeLimit(.minutes(1)))
    func send() async throws {
        let folder = try ScratchFolder("demo")
        defer { folder.remove() }
        let outbox = folder.file("outbox")
        for name in ["Ada", "Grace", "Edsger"] {
            _ = try DemoProcess.run(["--form", "contact", "--set", "firstname=\(name)", "--outbox", outbox])
        }
        let ids = try Outbox(folder: outbox).pendingIDs()
        let receiver = try Receiver()
        defer { receiver.stop() }
        try await receiver.plan(["500", "ok", "422", "ok"])
        let url = receiver.recordsURL.absoluteString
        let result = try DemoProcess.run(["send", outbox, "--to", url, "--initial-delay", "0.001"])
        #expect(result.status == 1)
        let lines = result.output.split(separator: "\n").map(String.init)
        // The wait is drawn between 0 and the initial delay (full jitter), so its figure varies.
        #expect(lines.first?.hasPrefix("retrying in 0") == true && lines.first?.hasSuffix(" s (HTTP 500: try again later)") == true)
        #expect(Array(lines.dropFirst().prefix(3)) == ["sent 1/3", "parked \(ids[1].uuidString): HTTP 422: count is out of range", "sent 2/3"])
        #expect(result.output.hasSuffix("parked \(ids[1].uuidString): HTTP 422: count is out of range\n  count: must be at most 10\n"))

        try Outbox(folder: outbox).requeue(ids[1])
        let again = try DemoProcess.run(["send", outbox, "--to", url])
        #expect(again.status == 0)
        #expect(again.output == "sent 1/1\noutbox empty\n")
        let log = try await receiver.log()
        #expect(Set(log.compactMap(\.key)) == Set(ids.map(\.uuidString)))
    }

    @Test("send refuses bad command lines", arguments: [
        (["send"], "error: missing value for 'send <dir>'\n"),
        (["send", "/tmp/x"], "error: missing value for '--to'\n"),
        (["send", "/tmp/x", "--to", "ftp://host"], "error: invalid value 'ftp://host' for '--to': the scheme must be http or https\n"),
        (["--draft"], "error: missing value for '--draft'\n"),
    ])
    func sendUsage(arguments: [String], message: String) throws {
        let result = try DemoProcess.run(arguments)
        #expect(result.status == 2)
        #expect(result.errorOutput == message)
    }

    @Test("--help documents drafts, the outbox and send")
    func help() throws {
        let result = try DemoProcess.run(["--help"])
        for option in ["--draft <file>", "--outbox <dir>", "ContextDemo send <dir> --to <url>"] {
            #expect(result.output.contains(option))
        }
    }
}
