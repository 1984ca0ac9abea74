import Foundation
import Testing
import TestSupport

/// `ContextDemo pull`, run as a process against the loopback OpenRosa server.
@Suite(.serialized, .enabled(if: OpenRosaServer.isAvailable)) struct DemoPullTests {
    @Test func pullFetchesEachFormWithItsMediaAndNothingTheSecondTime() async throws {
        let scratch = try ScratchFolder("demo-pull")
        defer { scratch.remove() }
        let server = try OpenRosaServer(forms: TestForms.folder, submissions: scratch.path)
        defer { server.stop() }
        let forms = scratch.file("forms")
        let first = try await DemoRun.run(["pull", server.baseURL.absoluteString, "--into", forms])
        #expect(first.status == 0, "\(first.errorOutput)")
        #expect(first.errorOutput == "")
        #expect(
            first.output == """
                form 'tally' 'Daily tally'
                  fetched \(forms)/tally.xml
                form 'visit' 'Clinic visit' version '2026112601'
                  fetched \(forms)/visit.xml
                  fetched \(forms)/visit-media/logo.svg
                pulled 2 forms into \(forms)

                """)
        for name in ["tally.xml", "visit.xml", "visit-media/logo.svg"] {
            #expect(try Data(contentsOf: URL(fileURLWithPath: forms + "/" + name)) == TestForms.bytes(name), "\(name)")
        }
        let again = try await DemoRun.run(["pull", server.baseURL.absoluteString, "--form", "visit", "--into", forms])
        #expect(again.status == 0)
        #expect(again.output == "form 'visit' 'Clinic visit' version '2026112601': up to date\npulled 1 form into \(forms)\n")
        let missing = try await DemoRun.run(["pull", server.baseURL.absoluteString, "--form", "nope\u{1B}[2J", "--into", forms])
        #expect(missing.status == 1)
        #expect(missing.errorOutput == "error: the server lists no form 'nope\\u{1B}[2J'\n")
    }

    @Test func aFailedFormLeavesNothingAndIsNamed() async throws {
        let scratch = try ScratchFolder("demo-pull-fail")
        defer { scratch.remove() }
        let server = try OpenRosaServer(forms: TestForms.folder, submissions: scratch.path)
        defer { server.stop() }
        try await server.inject([.corrupt(on: .media)])
        let forms = scratch.file("forms")
        let run = try await DemoRun.run(["pull", server.baseURL.absoluteString, "--form", "visit", "--into", forms])
        #expect(run.status == 1)
        #expect(run.output == "pulled 0 forms into \(forms)\n")
        #expect(run.errorOutput.hasPrefix("error: form 'visit': "), "\(run.errorOutput)")
        #expect(run.errorOutput.contains("logo.svg"))
        #expect(try FileManager.default.contentsOfDirectory(atPath: forms).isEmpty)
    }

    @Test func credentialsAndTokensAreNeverPrinted() async throws {
        let scratch = try ScratchFolder("demo-pull-secrets")
        defer { scratch.remove() }
        let password = "pa55-word"
        let token = "s3cretT0ken"
        try Data("\(password)\r\nsecond line\n".utf8).write(to: URL(fileURLWithPath: scratch.file("password")))
        try Data("wrong-\(password)\n".utf8).write(to: URL(fileURLWithPath: scratch.file("wrong")))
        let server = try OpenRosaServer(
            forms: TestForms.folder, submissions: scratch.path, user: "ann", passwordFile: scratch.file("password"), token: token, project: 7)
        defer { server.stop() }
        let url = server.baseURL.absoluteString
        let forms = scratch.file("forms")
        let runs = [
            // The right password (its first line), the wrong one, none.
            try await DemoRun.run(["pull", url, "--form", "tally", "--into", forms, "--user", "ann", "--password-file", scratch.file("password")]),
            try await DemoRun.run(["pull", url, "--into", forms, "--user", "ann", "--password-file", scratch.file("wrong")]),
            try await DemoRun.run(["pull", url, "--into", forms]),
            // The app-user URL, right and wrong; a token over plain HTTP to another host.
            try await DemoRun.run(["pull", "\(url)/v1/key/\(token)/projects/7", "--form", "visit", "--into", forms]),
            try await DemoRun.run(["pull", "\(url)/v1/key/\(token)x/projects/7", "--into", forms]),
            try await DemoRun.run(["pull", "http://example.org/v1/key/\(token)/projects/7", "--into", forms]),
        ]
        #expect(runs.map(\.status) == [0, 1, 1, 0, 1, 2], "\(runs.map(\.errorOutput))")
        // The server's message comes with its 401.
        #expect(
            runs[1].errorOutput.contains("HTTP 401, the server refused the credentials: \"Could not authenticate with the provided credentials.\""),
            "\(runs[1].errorOutput)")
        #expect(runs[2].errorOutput.contains("HTTP 401, the server asks for credentials"), "\(runs[2].errorOutput)")
        #expect(runs[4].errorOutput.contains("HTTP 403"), "\(runs[4].errorOutput)")
        #expect(runs[5].errorOutput.contains("would go over plain HTTP"), "\(runs[5].errorOutput)")
        for run in runs {
            for secret in [password, token, Data("ann:\(password)".utf8).base64EncodedString()] {
                #expect(!run.output.contains(secret) && !run.errorOutput.contains(secret), "\(run.output)\(run.errorOutput)")
            }
        }
    }

    @Test func aPasswordFileReachedThroughALinkIsReadAndAFIFOIsRefusedWithoutWaiting() async throws {
        let scratch = try ScratchFolder("demo-pull-password-link")
        defer { scratch.remove() }
        let password = "pa55-word"
        try Data("\(password)\n".utf8).write(to: URL(fileURLWithPath: scratch.file("password")))
        try FileManager.default.createSymbolicLink(atPath: scratch.file("link"), withDestinationPath: scratch.file("password"))
        #expect(mkfifo(scratch.file("fifo"), 0o600) == 0)
        try FileManager.default.createSymbolicLink(atPath: scratch.file("fifo-link"), withDestinationPath: scratch.file("fifo"))
        let server = try OpenRosaServer(forms: TestForms.folder, submissions: scratch.path, user: "ann", passwordFile: scratch.file("password"))
        defer { server.stop() }
        let url = server.baseURL.absoluteString
        let linked = try await DemoRun.run(["pull", url, "--form", "tally", "--into", scratch.file("forms"), "--user", "ann", "--password-file", "link"], in: scratch.path)
        #expect(linked.status == 0, "\(linked.errorOutput)")
        #expect(linked.output.contains("fetched"), "\(linked.output)")
        for name in ["fifo", "fifo-link"] {
            let run = try await DemoRun.run(["pull", url, "--into", scratch.file("forms"), "--user", "ann", "--password-file", name], in: scratch.path)
            #expect(run.status == 2)
            #expect(run.errorOutput == "error: invalid value '\(name)' for '--password-file': not a regular file\n")
        }
    }

    @Test(arguments: [
        (["pull", "--into", "x"], "error: missing value for 'pull <url>'\n"),
        (["pull", "http://127.0.0.1:9"], "error: missing value for '--into'\n"),
        (["pull", "http://127.0.0.1:9", "--into", "x", "--user", "ann"], "error: missing value for '--password-file'\n"),
        (["pull", "http://127.0.0.1:9", "--into", "x", "--password-file", "p"], "error: missing value for '--user'\n"),
        (["pull", "http://127.0.0.1:9", "--into", "x", "--bogus"], "error: unknown option '--bogus' (see --help)\n"),
        (["pull", "http://127.0.0.1:9", "http://127.0.0.1:8", "--into", "x"], "error: unexpected argument 'http://127.0.0.1:8' (see --help)\n"),
        (["pull", "http://127.0.0.1:9", "https://central.example.org/v1/key/s3cret/projects/2", "--into", "x"],
         "error: unexpected argument 'https://central.example.org/v1/key/…/projects/2' (see --help)\n"),
        (["pull", "ftp://127.0.0.1/v1/key/t0k3n/projects/1", "--into", "x"], "error: the server URL \"ftp://127.0.0.1/v1/key/…/projects/1\" is not http or https\n"),
        (["pull", "http://127.0.0.1:9", "--into", "x", "--user", "ann", "--password-file", "/nonexistent/p"],
         "error: invalid value '/nonexistent/p' for '--password-file': the file cannot be found or read\n"),
    ])
    func badArgumentsAreNamedWithStatus2(arguments: [String], message: String) async throws {
        let scratch = try ScratchFolder("demo-pull-arguments")
        defer { scratch.remove() }
        let run = try await DemoRun.run(arguments, in: scratch.path)
        #expect(run.status == 2)
        #expect(run.output == "")
        #expect(run.errorOutput == message)
        #expect(try FileManager.default.contentsOfDirectory(atPath: scratch.path).isEmpty)
    }
}
