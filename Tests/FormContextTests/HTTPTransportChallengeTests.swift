import Foundation
import Testing
import TestSupport

@testable import FormContextCore
@testable import FormContextDurability

/// A server that asks for credentials (a 401 with a `WWW-Authenticate` challenge) has answered: the
/// transport reports its status and message at once, offers no stored credential, and does not wait
/// out its deadline for an answer to the challenge that will never come.
@Suite("HTTP transport: authentication challenges", .serialized)
struct HTTPTransportChallengeTests {
    @Test("a 401 with a challenge is the server's answer: the record is parked with it, not timed out",
          .enabled(if: Receiver.isAvailable, "needs python3"), .timeLimit(.minutes(1)),
          arguments: [#"Basic realm="records""#, #"Digest realm="records", nonce="abc", qop="auth""#, "Bearer"])
    func challengeIsAnAnswer(challenge: String) async throws {
        let receiver = try Receiver()
        defer { receiver.stop() }
        let folder = try ScratchFolder("challenge")
        defer { folder.remove() }
        let waits = SendableBox<[Duration]>([])
        let outbox = try HTTPTransportSafetyTests.outbox(folder, policy: RetryPolicy(maximumAttempts: 1), waits: waits)
        let record = try surveyRecord(1)
        try outbox.enqueue(record)
        let header = challenge.replacingOccurrences(of: "\"", with: "\\\"")
        try await receiver.plan(json: #"[{"status": 401, "headers": {"WWW-Authenticate": "\#(header)"}, "body": "{\"message\": \"sign in\"}"}]"#)
        // A deadline far longer than the answer takes: a transport that waits on the challenge reports
        // `timed out` instead of the status.
        let http = HTTPTransport(url: receiver.recordsURL, timeout: .seconds(8))
        let summary = try await outbox.deliver(using: http.transport)
        #expect(summary.sent == 0)
        #expect(summary.parked == [record.instanceID.uuidString: "HTTP 401: sign in"])
        #expect(try await receiver.log().count == 1)
    }
}
