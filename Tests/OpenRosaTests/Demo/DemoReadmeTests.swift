import Foundation
import Testing
import TestSupport

/// The README's pull → fill → send transcript, run exactly as written: the server it starts is started
/// here (on a port of its own, which replaces 8080 in the commands and their output), and each
/// `swift run ContextDemo` command runs the built demo in a scratch folder and must print what the
/// README shows.
@Suite(.serialized, .enabled(if: OpenRosaServer.isAvailable)) struct DemoReadmeTests {
    /// The transcript's commands, each with the lines printed after it.
    static func transcript() throws -> [(command: String, printed: String)] {
        let readme = try String(contentsOf: DocSnippet.packageRoot.appendingPathComponent("README.md"), encoding: .utf8)
        let lines = readme.components(separatedBy: "\n")
        guard let start = lines.firstIndex(where: { $0.hasPrefix("$ python3 Tests/TestSupport/openrosa_server.py") }) else { return [] }
        var runs: [(command: String, printed: String)] = []
        for line in lines[start...] {
            if line.hasPrefix("```") { break }
            if line.hasPrefix("$ ") {
                runs.append((String(line.dropFirst(2)), ""))
            } else {
                runs[runs.count - 1].printed += line + "\n"
            }
        }
        return runs
    }

    @Test func theReadmeTranscriptRunsAsShown() async throws {
        let runs = try Self.transcript()
        #expect(runs.count == 4)
        let scratch = try ScratchFolder("demo-readme")
        defer { scratch.remove() }
        // The server's command is the one started here: the test forms, submissions in `received`.
        let serverCommand = try #require(runs.first)
        #expect(
            serverCommand.command
                == "python3 Tests/TestSupport/openrosa_server.py --port 8080 --forms Tests/OpenRosaTests/Forms --submissions received &")
        #expect(serverCommand.printed == "8080\n")
        let received = scratch.file("received")
        try FileManager.default.createDirectory(atPath: received, withIntermediateDirectories: false)
        let server = try OpenRosaServer(forms: TestForms.folder, submissions: received)
        defer { server.stop() }
        let address = "127.0.0.1:\(server.port)"
        for run in runs.dropFirst() {
            let prefix = "swift run ContextDemo "
            #expect(run.command.hasPrefix(prefix), "\(run.command)")
            let arguments = run.command.dropFirst(prefix.count).split(separator: " ").map {
                $0.replacingOccurrences(of: "127.0.0.1:8080", with: address)
            }
            let result = try await DemoRun.run(arguments, in: scratch.path)
            #expect(result.status == 0, "\(run.command): \(result.errorOutput)")
            #expect(result.errorOutput == "", "\(run.command)")
            #expect(result.output == run.printed.replacingOccurrences(of: "127.0.0.1:8080", with: address), "\(run.command)")
        }
        // What the README says the server holds.
        let stored = try await server.stored()
        #expect(stored.map(\.instanceID) == ["uuid:6304e695-733f-4753-a269-1af5ebdfdd8c"])
        #expect(stored.first?.files == ["logo.svg", "submission.xml"])
        #expect(try Data(contentsOf: URL(fileURLWithPath: received + "/uuid%3A6304e695-733f-4753-a269-1af5ebdfdd8c/logo.svg")) == TestForms.bytes("visit-media/logo.svg"))
    }
}
