import Foundation
import FormContextDurability
import Testing
import TestSupport
@testable import FormContextOpenRosa

/// The demo end to end, each step a run of the `ContextDemo` executable against the loopback OpenRosa
/// server: `pull` a form with a media file, fill and finalize three records (one with a photo), `send`
/// killed with SIGKILL at random moments fifty times while the server fails now and then, then `send`
/// to the end. The server then holds each record exactly once, byte for byte as it was finalized, with
/// its attachment, and the outbox is empty; a record the server refuses is parked and named.
@Suite(.serialized, .enabled(if: OpenRosaServer.isAvailable)) struct DemoEndToEndTests {
    @Test func pullFillAndSendKilledFiftyTimesDeliversEachRecordOnce() async throws {
        let scratch = try ScratchFolder("demo-end-to-end")
        defer { scratch.remove() }
        try FileManager.default.createDirectory(atPath: scratch.file("server"), withIntermediateDirectories: false)
        let server = try OpenRosaServer(forms: TestForms.folder, submissions: scratch.file("server"), acceptContentLength: 20_000)
        defer { server.stop() }
        let url = server.baseURL.absoluteString
        var random = SplitMix64(seed: 2_411)

        // Pull the form and its media file.
        let forms = scratch.file("forms")
        let pull = try await DemoRun.run(["pull", url, "--form", "visit", "--into", forms])
        #expect(pull.status == 0, "\(pull.errorOutput)")
        #expect(try Data(contentsOf: URL(fileURLWithPath: forms + "/visit-media/logo.svg")) == TestForms.bytes("visit-media/logo.svg"))

        // Fill and finalize three records, the second with a photo of 30 kB (over the server's 20 kB a POST).
        let photo = Data((0..<30_000).map { _ in UInt8.random(in: 0...255, using: &random) })
        try photo.write(to: URL(fileURLWithPath: scratch.file("register.jpg")))
        let outbox = scratch.file("outbox")
        var ids: [String] = []
        ids.append(try await DemoFill.finalize(forms + "/visit.xml", answers: ["/visit/clinic": "Tema", "/visit/patients": "12"], into: outbox))
        ids.append(try await DemoFill.finalize(
            forms + "/visit.xml", answers: ["/visit/clinic": "Accra — Ŋkran", "/visit/patients": "3", "/visit/photo": "register.jpg"],
            attachments: [scratch.file("register.jpg")], into: outbox))
        ids.append(try await DemoFill.finalize(forms + "/visit.xml", answers: ["/visit/clinic": "Ho", "/visit/patients": "0"], into: outbox))
        let finalized = try Outbox(folder: outbox).pending().map { try OpenRosaRecord($0.finalized) }
        #expect(finalized.map(\.instanceID) == ids)
        #expect(finalized.map(\.attachments.count) == [0, 1, 0])
        #expect(finalized[1].attachments.first?.contents == photo)
        func expected(_ record: OpenRosaRecord) -> OpenRosaSendTests.Made {
            OpenRosaSendTests.Made(
                instanceID: record.instanceID, xml: record.instanceXML,
                attachments: Dictionary(uniqueKeysWithValues: record.attachments.map { ($0.name, $0.contents) }))
        }
        var made = finalized.map(expected)

        // The server fails most requests, in every way it can: stored with the answer lost, a 500, the
        // body read and the connection closed; the answers that do come are slow (a drip of the body,
        // a stall), which widens the moments a kill falls between the server's store and the outbox's
        // removal. Every one of the fifty kills falls while records are queued: when the outbox has
        // emptied between kills, another record is finalized before the next run.
        let cycle: [OpenRosaServer.Fault] = [
            .storeThenDrop(), .status(500, on: .submission), .drip(interval: 0.005, on: .submission), .drop(on: .submission),
            .storeThenDrop(), .status(503, retryAfter: 0, on: .submission), .drop(on: .submission), .drip(interval: 0.005, on: .submission),
        ]
        try await server.inject(Array((0..<80).map { _ in cycle }.joined()))
        let send = ["send", outbox, "--to", url, "--initial-delay", "0.02"]
        var interrupted = 0
        var runs = 0
        while interrupted < 50 && runs < 200 {
            runs += 1
            if try Outbox(folder: outbox).pendingIDs().isEmpty {
                let id = try await DemoFill.finalize(
                    forms + "/visit.xml", answers: ["/visit/clinic": "Hohoe \(runs)", "/visit/patients": "\(runs)"], into: outbox)
                let record = try #require(try Outbox(folder: outbox).pending().map { try OpenRosaRecord($0.finalized) }.first { $0.instanceID == id })
                made.append(expected(record))
            }
            let run = try await DemoRun.run(send, killAfter: .milliseconds(Int.random(in: 0...900, using: &random)))
            if run.wasKilled { interrupted += 1 }
        }
        try await server.clearFaults()
        let last = try await DemoRun.run(send)
        #expect(last.status == 0, "\(last.output)\(last.errorOutput)")
        #expect(last.output.hasSuffix("outbox empty\n"), "\(last.output)")
        #expect(interrupted == 50, "\(interrupted) kills in \(runs) runs")
        #expect(try Outbox(folder: outbox).pending().isEmpty)
        #expect(try Outbox(folder: outbox).parked().isEmpty)
        let stored = try await server.stored()
        #expect(stored.count == made.count)
        for record in made { try OpenRosaSendTests.expectStored(record, on: server, stored) }

        // A record the server refuses is parked, named with its form and the server's message, escaped.
        try await DemoFill.finalize(forms + "/visit.xml", answers: ["/visit/clinic": "Keta", "/visit/patients": "1"], into: outbox)
        let refused = try #require(try Outbox(folder: outbox).pending().first.map { try OpenRosaRecord($0.finalized) })
        try await server.inject([
            .stall(seconds: 0, on: .submission),  // the HEAD
            .status(403, message: "Form is closed \u{9B}2J \u{202E}", on: .submission),
        ])
        let refusal = try await DemoRun.run(send)
        #expect(refusal.status == 1)
        #expect(
            refusal.output.hasSuffix(
                "parked '\(refused.instanceID)' (form 'visit'): HTTP 403: Form is closed \\u{9b}2J \\u{202e}\n"), "\(refusal.output)")
        #expect(!refusal.output.unicodeScalars.contains { $0.value == 0x9B || $0.value == 0x202E })
        #expect(try Outbox(folder: outbox).parked().count == 1)
        #expect(try await server.stored().count == made.count)
    }
}
