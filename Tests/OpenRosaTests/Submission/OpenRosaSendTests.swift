import Foundation
import FormContextDurability
import Testing
import TestSupport
@testable import FormContextOpenRosa

/// XForm records delivered through the outbox to the loopback OpenRosa server (openrosa_server.py),
/// with the server's faults injected: what arrives, what stays, what is parked.
@Suite(.serialized, .enabled(if: OpenRosaServer.isAvailable)) struct OpenRosaSendTests {
    /// A record's instance and its attachments, as the test finalized them.
    struct Made {
        let instanceID: String
        let xml: Data
        let attachments: [String: Data]
    }

    /// Writes `sizes.count` attachments of random bytes and adds a record naming them.
    static func add(to outbox: Outbox, in scratch: ScratchFolder, sizes: [Int], random: inout SplitMix64) throws -> Made {
        let id = "uuid:" + UUID().uuidString.lowercased()
        var files: [String: Data] = [:]
        var paths: [String] = []
        for (position, size) in sizes.enumerated() {
            let name = "\(id.dropFirst(5).prefix(8))-\(position).jpg"
            let bytes = Data((0..<size).map { _ in UInt8.random(in: 0...255, using: &random) })
            try bytes.write(to: URL(fileURLWithPath: scratch.file(name)))
            files[name] = bytes
            paths.append(scratch.file(name))
        }
        let xml = SubmissionFixtures.instance(id: id, files: files.keys.sorted())
        try outbox.enqueue(instance: xml, attachments: paths.sorted())
        return Made(instanceID: id, xml: xml, attachments: files)
    }

    /// The server's stored copy of `made` is byte for byte what was finalized.
    static func expectStored(_ made: Made, on server: OpenRosaServer, _ stored: [OpenRosaServer.Stored]) throws {
        let copies = stored.filter { $0.instanceID == made.instanceID }
        #expect(copies.count == 1, "\(made.instanceID) stored \(copies.count) times")
        let copy = try #require(copies.first)
        #expect(copy.complete, "\(made.instanceID): its last POST said more were to come")
        #expect(copy.files == (["submission.xml"] + made.attachments.keys).sorted())
        #expect(try Data(contentsOf: URL(fileURLWithPath: copy.folder + "/submission.xml")) == made.xml)
        for (name, bytes) in made.attachments {
            #expect(try Data(contentsOf: URL(fileURLWithPath: copy.folder + "/" + name)) == bytes, "\(name)")
        }
    }

    static let quickRetries = RetryPolicy(initialDelay: .milliseconds(20), maximumDelay: .milliseconds(100))

    /// Faults are used one a request, in order: the comments say which request takes each.
    @Test func recordsArriveWholeThroughFaultsAndARefusalIsParked() async throws {
        let scratch = try ScratchFolder("openrosa-send")
        defer { scratch.remove() }
        try FileManager.default.createDirectory(atPath: scratch.file("server"), withIntermediateDirectories: true)
        let server = try OpenRosaServer(submissions: scratch.file("server"), acceptContentLength: 20_000)
        defer { server.stop() }
        let outbox = try Outbox(folder: scratch.file("outbox"), retryPolicy: Self.quickRetries)
        var random = SplitMix64(seed: 24)
        let plain = try Self.add(to: outbox, in: scratch, sizes: [], random: &random)
        let photo = try Self.add(to: outbox, in: scratch, sizes: [5_000], random: &random)
        let large = try Self.add(to: outbox, in: scratch, sizes: [12_000, 9_000, 15_000, 3_000], random: &random)
        let refused = try Self.add(to: outbox, in: scratch, sizes: [], random: &random)
        let last = try Self.add(to: outbox, in: scratch, sizes: [100], random: &random)
        try await server.inject([
            .stall(seconds: 0, on: .submission),  // the HEAD
            .status(500, retryAfter: 1, on: .submission),  // plain: 500, then 201
            .drop(on: .submission),  // plain: the body read, the connection closed
            .storeThenDrop(on: .submission),  // plain: stored, the answer lost: sent again, held once
            .stall(seconds: 0, on: .submission),  // plain, at last: 201
            .drip(interval: 0.01, on: .submission),  // photo: the answer a byte at a time
            .stall(seconds: 0, on: .submission),  // large, POST 1 of 3
            .drop(on: .submission),  // large, POST 2: the retry sends only what is not acknowledged
            .stall(seconds: 0, on: .submission),  // large, again: POST 1 of 2
            .stall(seconds: 0, on: .submission),  // large, again: POST 2 of 2
            .status(400, message: "Form is closed \u{9B}2J \u{202E}", on: .submission),  // refused
        ])
        let events = Locked<[OutboxEvent]>([])
        let summary = try await outbox.deliver(using: OpenRosaTransport(endpoint: try OpenRosaEndpoint(url: server.baseURL)).transport) { event in
            events.withLock { $0.append(event) }
        }
        #expect(summary.sent == 4)
        #expect(summary.parked.count == 1)
        #expect(try outbox.pending().isEmpty)
        let parked = try outbox.parked()
        #expect(parked.count == 1)
        let parkedRecord = try OpenRosaRecord(try #require(parked.first).finalized)
        #expect(parkedRecord.instanceID == refused.instanceID)
        #expect(parked.first?.parkedReason == #"HTTP 400: Form is closed \u{9b}2J \u{202e}"#)
        let stored = try await server.stored()
        #expect(Set(stored.map(\.instanceID)) == [plain.instanceID, photo.instanceID, large.instanceID, last.instanceID])
        for made in [plain, photo, large, last] { try Self.expectStored(made, on: server, stored) }
        // The large record went in several POSTs, each within the accepted size.
        let posts = try await server.log().filter { $0.method == "POST" && $0.path == "/submission" }
        #expect(posts.allSatisfy { $0.openRosaVersion == "1.0" && $0.date != nil })
        #expect(posts.filter { $0.status == 201 && $0.length > 20_000 }.isEmpty)
        // Three POSTs planned; the second lost, the retry sent only the two attachments not acknowledged.
        #expect(stored.first { $0.instanceID == large.instanceID }?.posts == 3)
    }

    @Test func aTooLargeAnswerSplitsTheRecordSmaller() async throws {
        let scratch = try ScratchFolder("openrosa-send")
        defer { scratch.remove() }
        try FileManager.default.createDirectory(atPath: scratch.file("server"), withIntermediateDirectories: true)
        // The server announces no split at all, but refuses any body over 20 000 bytes.
        let server = try OpenRosaServer(submissions: scratch.file("server"), acceptContentLength: 10_000_000, maxBody: 20_000)
        defer { server.stop() }
        let outbox = try Outbox(folder: scratch.file("outbox"), retryPolicy: Self.quickRetries)
        var random = SplitMix64(seed: 413)
        let large = try Self.add(to: outbox, in: scratch, sizes: [9_000, 9_000, 9_000, 9_000], random: &random)
        let huge = try Self.add(to: outbox, in: scratch, sizes: [30_000], random: &random)
        let summary = try await outbox.deliver(using: OpenRosaTransport(endpoint: try OpenRosaEndpoint(url: server.baseURL)).transport)
        #expect(summary.sent == 1)
        try Self.expectStored(large, on: server, try await server.stored())
        // An attachment over the limit on its own cannot be split: the record is parked, named.
        let parked = try outbox.parked()
        #expect(try parked.map { try OpenRosaRecord($0.finalized).instanceID } == [huge.instanceID])
        #expect(parked.first?.parkedReason?.contains("is over the server's limit and cannot be split further") == true)
    }

    @Test func aRedirectIsNotFollowedAndParksTheRecord() async throws {
        let scratch = try ScratchFolder("openrosa-send")
        defer { scratch.remove() }
        try FileManager.default.createDirectory(atPath: scratch.file("server"), withIntermediateDirectories: true)
        let server = try OpenRosaServer(submissions: scratch.file("server"))
        defer { server.stop() }
        let outbox = try Outbox(folder: scratch.file("outbox"), retryPolicy: Self.quickRetries)
        var random = SplitMix64(seed: 307)
        let made = try Self.add(to: outbox, in: scratch, sizes: [], random: &random)
        try await server.inject([.stall(seconds: 0, on: .submission), .redirect(307, on: .submission)])
        let summary = try await outbox.deliver(using: OpenRosaTransport(endpoint: try OpenRosaEndpoint(url: server.baseURL)).transport)
        #expect(summary.sent == 0)
        #expect(try outbox.parked().first?.parkedReason == #"HTTP 307: redirected to "/moved/submission"; redirects are not followed"#)
        #expect(try await server.stored().isEmpty)
        #expect(try await server.log().filter { $0.path.hasPrefix("/moved") }.isEmpty)
        // Queued again as it was, the record goes.
        let parked = try #require(try outbox.parked().first)
        try outbox.requeue(parked.finalized.instanceID)
        #expect(try await outbox.deliver(using: OpenRosaTransport(endpoint: try OpenRosaEndpoint(url: server.baseURL)).transport).sent == 1)
        try Self.expectStored(made, on: server, try await server.stored())
    }

    @Test func withoutCredentialsTheRecordStaysQueued() async throws {
        let scratch = try ScratchFolder("openrosa-send")
        defer { scratch.remove() }
        try FileManager.default.createDirectory(atPath: scratch.file("server"), withIntermediateDirectories: true)
        try Data("secret\n".utf8).write(to: URL(fileURLWithPath: scratch.file("password")))
        let server = try OpenRosaServer(submissions: scratch.file("server"), user: "ada", passwordFile: scratch.file("password"))
        defer { server.stop() }
        let outbox = try Outbox(
            folder: scratch.file("outbox"), retryPolicy: RetryPolicy(initialDelay: .milliseconds(10), maximumDelay: .milliseconds(20), maximumAttempts: 2))
        var random = SplitMix64(seed: 401)
        _ = try Self.add(to: outbox, in: scratch, sizes: [], random: &random)
        let summary = try await outbox.deliver(using: OpenRosaTransport(endpoint: try OpenRosaEndpoint(url: server.baseURL), timeout: .seconds(10)).transport)
        #expect(summary.sent == 0)
        #expect(summary.remaining == 1)
        #expect(summary.stopReason?.hasPrefix("HEAD: HTTP 401") == true, "\(String(describing: summary.stopReason))")
        #expect(try outbox.parked().isEmpty)
        #expect(try await server.stored().isEmpty)
    }

    @Test func basicCredentialsAndAppUserTokensDeliver() async throws {
        let scratch = try ScratchFolder("openrosa-send")
        defer { scratch.remove() }
        try FileManager.default.createDirectory(atPath: scratch.file("server"), withIntermediateDirectories: true)
        try Data("s3cret-pass\n".utf8).write(to: URL(fileURLWithPath: scratch.file("password")))
        let server = try OpenRosaServer(
            submissions: scratch.file("server"), user: "ada", passwordFile: scratch.file("password"), token: "T0k3n-abcdef", project: 7)
        defer { server.stop() }
        var random = SplitMix64(seed: 7)
        let basic = try Outbox(folder: scratch.file("basic"), retryPolicy: Self.quickRetries)
        let first = try Self.add(to: basic, in: scratch, sizes: [300], random: &random)
        let credentials = OpenRosaCredentials(user: "ada", password: "s3cret-pass")
        #expect(try await basic.deliver(using: OpenRosaTransport(endpoint: try OpenRosaEndpoint(url: server.baseURL, credentials: credentials)).transport).sent == 1)
        let token = try Outbox(folder: scratch.file("token"), retryPolicy: Self.quickRetries)
        let second = try Self.add(to: token, in: scratch, sizes: [], random: &random)
        let refused = try Self.add(to: token, in: scratch, sizes: [], random: &random)
        // A redirect whose Location holds the token: the parked reason does not.
        try await server.inject([
            .stall(seconds: 0, on: .submission), .stall(seconds: 0, on: .submission),
            .redirect(307, to: "/v1/key/T0k3n-abcdef/projects/7/moved", on: .submission),
        ])
        let endpoint = try OpenRosaEndpoint(url: try #require(server.tokenURL))
        let summary = try await token.deliver(using: OpenRosaTransport(endpoint: endpoint).transport)
        #expect(summary.sent == 1)
        let reason = try #require(try token.parked().first?.parkedReason)
        #expect(!reason.contains("T0k3n"), "\(reason)")
        #expect(try token.parked().map { try OpenRosaRecord($0.finalized).instanceID } == [refused.instanceID])
        let stored = try await server.stored()
        try Self.expectStored(first, on: server, stored)
        try Self.expectStored(second, on: server, stored)
    }
}
