import Foundation
import FormContextDurability
import FormContextOpenRosa
import Testing
import TestSupport

/// `ContextDemo --xform … --outbox`, `send` and `pull` run as processes with what a careless or hostile
/// user gives them: a record the server already holds another version of, URLs with a password in them.
@Suite(.serialized, .enabled(if: OpenRosaServer.isAvailable)) struct DemoHostileSendTests {
    /// `--seed` repeats the instance id: a second record under it, with other answers, is refused by
    /// the server with 409. It stays in the outbox, parked with the server's message, and `send` fails;
    /// it was counted as sent and deleted.
    @Test func aRecordTheServerRefusesAsAConflictIsParkedNotLost() async throws {
        let scratch = try ScratchFolder("demo-send-conflict")
        defer { scratch.remove() }
        try FileManager.default.createDirectory(atPath: scratch.file("server"), withIntermediateDirectories: false)
        let server = try OpenRosaServer(forms: TestForms.folder, submissions: scratch.file("server"))
        defer { server.stop() }
        let form = TestForms.folder + "/visit.xml"
        let outbox = scratch.file("outbox")
        let send = ["send", outbox, "--to", server.baseURL.absoluteString, "--initial-delay", "0.01"]
        let first = try await DemoRun.run(["--xform", form, "--seed", "5", "--set", "/visit/clinic=First", "--outbox", outbox])
        #expect(first.status == 0, "\(first.errorOutput)")
        let sent = try await DemoRun.run(send)
        #expect(sent.status == 0 && sent.output == "sent 1/1\noutbox empty\n", "\(sent.output)\(sent.errorOutput)")
        let second = try await DemoRun.run(["--xform", form, "--seed", "5", "--set", "/visit/clinic=Second", "--outbox", outbox])
        #expect(second.status == 0 && second.output == first.output, "\(second.output)\(second.errorOutput)")
        let refused = try await DemoRun.run(send)
        #expect(refused.status == 1, "\(refused.output)\(refused.errorOutput)")
        let id = String(first.output.split(separator: " ")[1])
        let lines = refused.output.split(separator: "\n").map(String.init)
        #expect(lines.last?.hasPrefix("parked '\(id)' (form 'visit'): HTTP 409: A submission already exists with this ID") == true, "\(lines)")
        #expect(!lines.contains("outbox empty"), "\(lines)")
        let parked = try Outbox(folder: outbox, createsFolder: false).parked().map { try OpenRosaRecord($0.finalized) }
        #expect(parked.map(\.instanceID) == [id])
        #expect(parked.first.map { String(decoding: $0.instanceXML, as: UTF8.self).contains("<clinic>Second</clinic>") } == true)
        let stored = try await server.stored()
        #expect(stored.map(\.instanceID) == [id])
        let held = try String(decoding: Data(contentsOf: URL(fileURLWithPath: stored[0].folder + "/submission.xml")), as: UTF8.self)
        #expect(held.contains("<clinic>First</clinic>"))
    }

    /// A URL the demo refuses is named without its password or app-user token, whichever command
    /// reads it; a port no server can have is refused at once, not retried.
    @Test(arguments: [
        (["send", "OUTBOX", "--to", "ftp://ann:s3cret@example.org/v1/key/T0KEN/projects/1"],
         #"error: the server URL "ftp://ann@example.org/v1/key/…/projects/1" is not http or https"#),
        (["send", "EMPTY", "--to", "ftp://ann:s3cret@example.org/v1/key/T0KEN/projects/1"],
         "error: invalid value 'ftp://ann:…@example.org/v1/key/…/projects/1' for '--to': the scheme must be http or https"),
        (["pull", "https://ann:s3cret@/v1/test/T0KEN/projects/1", "--into", "FORMS"], #"error: the server URL "https://ann@/v1/test/…/projects/1" has no host"#),
        (["pull", "http://127.0.0.1:9", "ftp://ann:s3cret@example.org/v1/key/T0KEN/projects/1", "--into", "FORMS"],
         "error: unexpected argument 'ftp://ann:…@example.org/v1/key/…/projects/1' (see --help)"),
        (["send", "OUTBOX", "--to", "http://127.0.0.1:99999"], #"error: the server URL "http://127.0.0.1:99999" has the port 99999, not one from 1 to 65535"#),
        (["pull", "http://127.0.0.1:99999", "--into", "FORMS"], #"error: the server URL "http://127.0.0.1:99999" has the port 99999, not one from 1 to 65535"#),
    ])
    func aRefusedURLShowsNoSecret(arguments: [String], message: String) async throws {
        let scratch = try ScratchFolder("demo-url-secrets")
        defer { scratch.remove() }
        let outbox = scratch.file("outbox")
        try await DemoFill.finalize(TestForms.folder + "/visit.xml", answers: ["/visit/clinic": "North"], into: outbox)
        let empty = try Outbox(folder: scratch.file("empty"))
        let paths = ["OUTBOX": outbox, "EMPTY": empty.folder, "FORMS": scratch.file("forms")]
        let run = try await DemoRun.run(arguments.map { paths[$0] ?? $0 })
        #expect(run.status == 2, "\(run.output)\(run.errorOutput)")
        #expect(run.output == "")
        #expect(run.errorOutput == message + "\n")
        #expect(!run.errorOutput.contains("s3cret") && !run.errorOutput.contains("T0KEN"))
    }

    /// An upload answer whose file no `--attach` gives is refused before anything is queued, the draft
    /// kept; the record was finalized and would have reached the server without its photo.
    @Test func anUploadAnswerWithoutItsFileIsNotQueued() async throws {
        let scratch = try ScratchFolder("demo-unattached")
        defer { scratch.remove() }
        let outbox = scratch.file("outbox")
        let draft = scratch.file("draft.json")
        try Data("photo bytes".utf8).write(to: URL(fileURLWithPath: scratch.file("register.jpg")))
        let base = ["--xform", TestForms.folder + "/visit.xml", "--set", "/visit/clinic=Tema", "--set", "/visit/photo=register.jpg", "--draft", draft]
        let missing = try await DemoRun.run(base + ["--outbox", outbox])
        #expect(missing.status == 1)
        #expect(missing.output == "")
        #expect(missing.errorOutput == "error: '/visit/photo' names the file 'register.jpg', which no --attach gives: the record would be sent without it\n")
        #expect(try Outbox(folder: outbox).pendingIDs().isEmpty)
        #expect(FileManager.default.fileExists(atPath: draft))
        let attached = try await DemoRun.run(base + ["--attach", scratch.file("register.jpg"), "--outbox", outbox])
        #expect(attached.status == 0, "\(attached.errorOutput)")
        #expect(try Outbox(folder: outbox).pending().map { try OpenRosaRecord($0.finalized).attachments.map(\.name) } == [["register.jpg"]])
        #expect(!FileManager.default.fileExists(atPath: draft))
    }
}
