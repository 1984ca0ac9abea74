import Foundation
import FormContextDurability
import Testing
import TestSupport
@testable import FormContextOpenRosa

/// Delivery killed with SIGKILL at random moments, again and again, while the server answers slowly
/// and fails now and then; then run to the end: the server holds exactly one copy of each record,
/// byte for byte, and the outbox is empty.
@Suite(.serialized, .enabled(if: OpenRosaServer.isAvailable)) struct SendKillTests {
    /// The `DurabilityProbe` executable built beside the test bundle.
    static func probe() throws -> URL {
        let candidates = [
            Bundle.main.bundleURL, Bundle.main.bundleURL.deletingLastPathComponent(),
            URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent(),
        ].map { $0.appendingPathComponent("DurabilityProbe") }
        guard let found = candidates.first(where: { FileManager.default.isExecutableFile(atPath: $0.path) }) else {
            throw CocoaError(.fileNoSuchFile, userInfo: [NSFilePathErrorKey: candidates.map(\.path).joined(separator: ", ")])
        }
        return found
    }

    /// Runs the probe's `openrosa` mode; kills it after `killAfter`, or waits for it when `nil`. Its output.
    static func run(outbox: String, url: URL, killAfter: Duration?) async throws -> String {
        let process = Process()
        process.executableURL = try probe()
        process.arguments = ["openrosa", outbox, url.absoluteString]
        let output = Pipe()
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        process.standardInput = FileHandle.nullDevice
        try process.run()
        if let killAfter {
            try await Task.sleep(for: killAfter)
            kill(process.processIdentifier, SIGKILL)
        }
        process.waitUntilExit()
        return String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    }

    @Test func deliveryKilledFiftyTimesStillSendsEachRecordOnce() async throws {
        let scratch = try ScratchFolder("openrosa-kill")
        defer { scratch.remove() }
        try FileManager.default.createDirectory(atPath: scratch.file("server"), withIntermediateDirectories: true)
        let server = try OpenRosaServer(submissions: scratch.file("server"), acceptContentLength: 20_000)
        defer { server.stop() }
        let outbox = try Outbox(folder: scratch.file("outbox"))
        var random = SplitMix64(seed: 50)
        let made = [
            try OpenRosaSendTests.add(to: outbox, in: scratch, sizes: [], random: &random),
            try OpenRosaSendTests.add(to: outbox, in: scratch, sizes: [5_000], random: &random),
            try OpenRosaSendTests.add(to: outbox, in: scratch, sizes: [12_000, 9_000, 15_000, 3_000], random: &random),
        ]
        // Slow answers (a drip of the body) widen the moments a kill falls between the server's store
        // and the outbox's removal; a 500 now and then.
        var faults: [OpenRosaServer.Fault] = []
        for position in 0..<120 {
            faults.append(position % 7 == 3 ? .status(500, on: .submission) : .drip(interval: 0.002, on: .submission))
        }
        try await server.inject(faults)
        var kills = 0
        for _ in 0..<50 {
            let output = try await Self.run(
                outbox: scratch.file("outbox"), url: server.baseURL, killAfter: .milliseconds(Int.random(in: 0...400, using: &random)))
            if !output.contains("done") { kills += 1 }
        }
        let last = try await Self.run(outbox: scratch.file("outbox"), url: server.baseURL, killAfter: nil)
        // The last run ends by itself, having parked nothing.
        #expect(last.contains("done ") && last.hasSuffix(" 0\n"), "\(last)")
        #expect(kills > 0)
        #expect(try outbox.pending().isEmpty)
        #expect(try outbox.parked().isEmpty)
        let stored = try await server.stored()
        #expect(stored.count == made.count)
        for record in made { try OpenRosaSendTests.expectStored(record, on: server, stored) }
    }
}
