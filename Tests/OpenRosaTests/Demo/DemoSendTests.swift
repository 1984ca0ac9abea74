import Foundation
import FormContextCore
import FormContextDurability
import Testing
import TestSupport
@testable import FormContextOpenRosa

/// `ContextDemo send` with an outbox of XForm records, run as a process against the loopback OpenRosa
/// server; and which delivery `send` picks for which outbox.
@Suite(.serialized, .enabled(if: OpenRosaServer.isAvailable)) struct DemoSendTests {
    @Test func xformRecordsGoOverOpenRosaAndARefusedOneIsParkedAndNamed() async throws {
        let scratch = try ScratchFolder("demo-send")
        defer { scratch.remove() }
        try FileManager.default.createDirectory(atPath: scratch.file("server"), withIntermediateDirectories: false)
        let server = try OpenRosaServer(submissions: scratch.file("server"), acceptContentLength: 20_000)
        defer { server.stop() }
        let outbox = try Outbox(folder: scratch.file("outbox"))
        var random = SplitMix64(seed: 7)
        let photo = try OpenRosaSendTests.add(to: outbox, in: scratch, sizes: [5_000], random: &random)
        let refused = try OpenRosaSendTests.add(to: outbox, in: scratch, sizes: [], random: &random)
        let large = try OpenRosaSendTests.add(to: outbox, in: scratch, sizes: [12_000, 15_000], random: &random)
        try await server.inject([
            .stall(seconds: 0, on: .submission),  // the HEAD
            .status(500, on: .submission),  // photo: 500, then 201
            .stall(seconds: 0, on: .submission),  // photo
            .status(400, message: "Form is closed \u{9B}2J \u{202E}\nlevel: ok", on: .submission),  // refused
        ])
        let run = try await DemoRun.run(["send", scratch.file("outbox"), "--to", server.baseURL.absoluteString, "--initial-delay", "0.01"])
        #expect(run.status == 1, "\(run.errorOutput)")
        #expect(run.errorOutput == "")
        let lines = run.output.split(separator: "\n").map(String.init)
        #expect(lines.contains { $0.hasPrefix("retrying in ") && $0.contains("HTTP 500") }, "\(lines)")
        #expect(lines.contains("sent 1/3") && lines.contains("sent 2/3"), "\(lines)")
        let parked = "parked '\(refused.instanceID)' (form 'household'): HTTP 400"
        #expect(lines.last?.hasPrefix(parked) == true, "\(lines)")
        #expect(lines.last?.hasSuffix(#"HTTP 400: Form is closed \u{9b}2J \u{202e}\nlevel: ok"#) == true, "\(lines)")
        // Nothing the server said reaches the terminal as a control: every line is one line.
        #expect(!run.output.unicodeScalars.contains { $0.value == 0x9B || $0.value == 0x202E })
        #expect(try outbox.pending().isEmpty)
        #expect(try outbox.parked().map(\.finalized.instanceID.uuidString) == [String(refused.instanceID.dropFirst(5)).uppercased()])
        let stored = try await server.stored()
        #expect(stored.count == 2)
        for made in [photo, large] { try OpenRosaSendTests.expectStored(made, on: server, stored) }
    }

    @Test func credentialsGoToTheServerAndAreNeverPrinted() async throws {
        let scratch = try ScratchFolder("demo-send-credentials")
        defer { scratch.remove() }
        try FileManager.default.createDirectory(atPath: scratch.file("server"), withIntermediateDirectories: false)
        try Data("pa55-word\n".utf8).write(to: URL(fileURLWithPath: scratch.file("password")))
        try Data("nope\n".utf8).write(to: URL(fileURLWithPath: scratch.file("wrong")))
        let server = try OpenRosaServer(submissions: scratch.file("server"), user: "ann", passwordFile: scratch.file("password"))
        defer { server.stop() }
        let outbox = try Outbox(folder: scratch.file("outbox"))
        var random = SplitMix64(seed: 8)
        let made = try OpenRosaSendTests.add(to: outbox, in: scratch, sizes: [100], random: &random)
        let url = server.baseURL.absoluteString
        let refused = try await DemoRun.run(
            ["send", scratch.file("outbox"), "--to", url, "--user", "ann", "--password-file", scratch.file("wrong"), "--max-attempts", "1"])
        #expect(refused.status == 1)
        #expect(refused.output.contains("HTTP 401"), "\(refused.output)")
        #expect(try outbox.pending().count == 1)
        let sent = try await DemoRun.run(["send", scratch.file("outbox"), "--to", url, "--user", "ann", "--password-file", scratch.file("password")])
        #expect(sent.status == 0, "\(sent.output)\(sent.errorOutput)")
        #expect(sent.output == "sent 1/1\noutbox empty\n")
        try OpenRosaSendTests.expectStored(made, on: server, try await server.stored())
        for run in [refused, sent] {
            for secret in ["pa55-word", "nope", Data("ann:pa55-word".utf8).base64EncodedString()] {
                #expect(!run.output.contains(secret) && !run.errorOutput.contains(secret))
            }
        }
    }

    @Test func theOutboxDecidesTheDelivery() async throws {
        let scratch = try ScratchFolder("demo-send-route")
        defer { scratch.remove() }
        try Data("pw\n".utf8).write(to: URL(fileURLWithPath: scratch.file("password")))
        let json = try Outbox(folder: scratch.file("json"))
        try json.enqueue(FinalizedSubmission(submission: try FormSubmission(FormContext(["name": "Ada"]))))
        let mixed = try Outbox(folder: scratch.file("mixed"))
        try mixed.enqueue(FinalizedSubmission(submission: try FormSubmission(FormContext(["name": "Ada"]))))
        var random = SplitMix64(seed: 9)
        _ = try OpenRosaSendTests.add(to: mixed, in: scratch, sizes: [], random: &random)
        _ = try Outbox(folder: scratch.file("empty"))
        let url = "http://127.0.0.1:9"
        let credentials = ["--user", "ann", "--password-file", scratch.file("password")]

        // The built-in forms' records are JSON: credentials are not for them.
        let jsonRun = try await DemoRun.run(["send", scratch.file("json"), "--to", url] + credentials)
        #expect(jsonRun.status == 2)
        #expect(
            jsonRun.errorOutput
                == "error: --user and --password-file are for outboxes of XForm records; '\(scratch.file("json"))' holds the built-in forms' records, sent as JSON\n")
        let mixedRun = try await DemoRun.run(["send", scratch.file("mixed"), "--to", url])
        #expect(mixedRun.status == 1)
        #expect(mixedRun.errorOutput.contains("holds both XForm records and the built-in forms' records"))
        #expect(try mixed.pending().count == 2)
        // An empty outbox has nothing to send either way.
        for arguments in [[], credentials] {
            let emptyRun = try await DemoRun.run(["send", scratch.file("empty"), "--to", url] + arguments)
            #expect(emptyRun.status == 0)
            #expect(emptyRun.output == "outbox empty\n")
        }
        // A folder that is not an outbox is refused as before, with or without credentials.
        for arguments in [[], credentials] {
            let missing = try await DemoRun.run(["send", scratch.file("none"), "--to", url] + arguments)
            #expect(missing.status == 2)
            #expect(missing.errorOutput.hasPrefix("error: "))
            #expect(!FileManager.default.fileExists(atPath: scratch.file("none")))
        }
    }

    @Test func attachSendsTheNamedFileAndRefusesAnyOther() async throws {
        let scratch = try ScratchFolder("demo-attach")
        defer { scratch.remove() }
        let form = TestForms.folder + "/visit.xml"
        try Data("photo bytes".utf8).write(to: URL(fileURLWithPath: scratch.file("register.jpg")))
        let outbox = scratch.file("outbox")
        let base = ["--xform", form, "--set", "/visit/clinic=Tema", "--set", "/visit/photo=register.jpg"]
        // Without --outbox there is no record to send the file with.
        let alone = try await DemoRun.run(base + ["--attach", scratch.file("register.jpg")])
        #expect(alone.status == 2)
        #expect(alone.errorOutput.hasSuffix("for '--attach': needs --outbox: a file is sent with a finalized record\n"), "\(alone.errorOutput)")
        // A file no answer names is refused, and nothing is queued.
        try Data("other".utf8).write(to: URL(fileURLWithPath: scratch.file("other.jpg")))
        let other = try await DemoRun.run(base + ["--attach", scratch.file("register.jpg"), "--attach", scratch.file("other.jpg"), "--outbox", outbox])
        #expect(other.status == 1)
        #expect(other.errorOutput.contains("is not named in the instance: no answer holds \"other.jpg\""), "\(other.errorOutput)")
        #expect(try Outbox(folder: outbox).pendingIDs().isEmpty)
        // The named file goes with the record, byte for byte.
        let named = try await DemoRun.run(base + ["--attach", scratch.file("register.jpg"), "--outbox", outbox])
        #expect(named.status == 0, "\(named.errorOutput)")
        let record = try OpenRosaRecord(try #require(try Outbox(folder: outbox).pending().first).finalized)
        #expect(record.attachments.map(\.name) == ["register.jpg"])
        #expect(record.attachments.first?.contents == Data("photo bytes".utf8))
        #expect(named.output == "finalized \(record.instanceID) into \(outbox) (1 queued)\n")
    }

    @Test func helpDescribesPullSendAndAttach() async throws {
        let help = try await DemoRun.run(["--help"])
        #expect(help.status == 0)
        for text in ["ContextDemo pull <url> --into <dir>", "ContextDemo send <dir> --to <url> [--user <name> --password-file <file>]", "--attach <file>"] {
            #expect(help.output.contains(text), "\(text)")
        }
    }
}
