import Foundation
import Testing
import TestSupport

@testable import FormContextCore
@testable import FormContextDurability

/// What `HTTPTransport` must never do: count a record as delivered by a server that did not get its
/// body, send the caller's headers anywhere but its URL, wait past its deadline, or ignore the wait a
/// server asks for.
@Suite("HTTP transport: redirects, deadlines and Retry-After", .serialized)
struct HTTPTransportSafetyTests {
    /// An outbox whose waits return at once and are recorded, with no jitter.
    static func outbox(_ folder: ScratchFolder, policy: RetryPolicy = RetryPolicy(), waits: SendableBox<[Duration]>) throws -> Outbox {
        try Outbox(folder: folder.path, retryPolicy: policy, environment: DurabilityEnvironment(
            now: { Date(timeIntervalSince1970: 1_700_000_000) }, sleep: { duration in waits.mutate { $0.append(duration) } }, random: { 0 }))
    }

    @Test("a redirect is not followed: the record is parked with the Location, nothing reaches the target, and no header leaves its URL",
          .enabled(if: Receiver.isAvailable, "needs python3"), .timeLimit(.minutes(1)), arguments: [301, 302, 303, 307, 308])
    func redirectsAreNotFollowed(status: Int) async throws {
        let receiver = try Receiver()
        defer { receiver.stop() }
        let folder = try ScratchFolder("redirect")
        defer { folder.remove() }
        let waits = SendableBox<[Duration]>([])
        let outbox = try Self.outbox(folder, waits: waits)
        let record = try surveyRecord(1)
        try outbox.enqueue(record)
        // Another origin (another host name for the same server), which answers every request with 200.
        let target = "http://localhost:\(receiver.port)/elsewhere"
        try await receiver.plan(json: #"[{"status": \#(status), "headers": {"Location": "\#(target)"}, "body": "moved"}]"#)
        let http = HTTPTransport(url: receiver.recordsURL, timeout: .seconds(10), headers: ["Authorization": "Bearer s3cret-token"])
        let summary = try await outbox.deliver(using: http.transport)

        let reason = "HTTP \(status): redirected to '\(target)'; redirects are not followed"
        #expect(summary.sent == 0)
        #expect(summary.parked == [record.instanceID.uuidString: reason])
        #expect(try outbox.parked().map(\.finalized.instanceID) == [record.instanceID])
        #expect(try await receiver.others().isEmpty, "the redirect was followed")
        #expect(try await receiver.log().count == 1)
    }

    @Test("3xx statuses map to a rejection naming the Location, cut to 200 characters")
    func redirectReasons() {
        #expect(HTTPTransport.delivery(status: 307, body: Data(), headers: ["location": "https://example.com/x"])
            == .rejected(reason: "HTTP 307: redirected to 'https://example.com/x'; redirects are not followed"))
        let long = "https://example.com/" + String(repeating: "a", count: 300)
        #expect(HTTPTransport.delivery(status: 301, body: Data(), headers: ["Location": long])
            == .rejected(reason: "HTTP 301: redirected to '\(long.prefix(200))…'; redirects are not followed"))
        #expect(HTTPTransport.delivery(status: 304, body: Data())
            == .rejected(reason: "HTTP 304: a redirect without a Location; redirects are not followed"))
    }

    @Test("the timeout is a deadline for the whole request: a server that trickles its answer is cut off",
          .enabled(if: Receiver.isAvailable, "needs python3"), .timeLimit(.minutes(1)))
    func deadline() async throws {
        let receiver = try Receiver()
        defer { receiver.stop() }
        try await receiver.plan(["trickle"])
        // A byte every half second never lets an idle timeout of 2 s pass; the answer would take 10 s.
        let http = HTTPTransport(url: receiver.recordsURL, timeout: .seconds(2))
        let delivery = await http.deliver(try FormSubmission(["a": 1]), instanceID: UUID())
        #expect(delivery == .retry(reason: "timed out"))
    }

    @Test("a cancelled delivery ends as a passing failure", .enabled(if: Receiver.isAvailable, "needs python3"), .timeLimit(.minutes(1)))
    func cancelled() async throws {
        let receiver = try Receiver(stallSeconds: 20)
        defer { receiver.stop() }
        try await receiver.plan(["stall"])
        let http = HTTPTransport(url: receiver.recordsURL, timeout: .seconds(30))
        let submission = try FormSubmission(["a": 1])
        let task = Task { await http.deliver(submission, instanceID: UUID()) }
        while try await receiver.log().isEmpty { try await Task.sleep(for: .milliseconds(20)) }
        task.cancel()
        #expect(await task.value == .retry(reason: "cancelled"))
    }

    @Test("Retry-After, in seconds or as an HTTP date, is the wait a passing failure asks for", arguments: [
        ("120", Duration.seconds(120) as Duration?), ("0", .seconds(0)), (" 7 ", .seconds(7)),
        ("Tue, 14 Nov 2023 22:15:20 GMT", .seconds(7)), ("Tue, 14 Nov 2023 22:00:00 GMT", nil),
        ("soon", nil), ("-5", nil), ("1.5", nil), ("", nil), ("99999999999999999999", .seconds(9_999_999_999)),
    ])
    func retryAfterValues(value: String, expected: Duration?) {
        #expect(HTTPTransport.retryAfter(value, now: Date(timeIntervalSince1970: 1_700_000_113)) == expected)
    }

    @Test("a 503 or 429 with Retry-After is retried no sooner than asked, up to the policy's longest wait",
          .enabled(if: Receiver.isAvailable, "needs python3"), .timeLimit(.minutes(1)))
    func retryAfterIsHonoured() async throws {
        let receiver = try Receiver()
        defer { receiver.stop() }
        let folder = try ScratchFolder("retry-after")
        defer { folder.remove() }
        let waits = SendableBox<[Duration]>([])
        let outbox = try Self.outbox(folder, policy: RetryPolicy(maximumDelay: .seconds(600)), waits: waits)
        let record = try surveyRecord(1)
        try outbox.enqueue(record)
        try await receiver.plan(json: """
            [{"status": 503, "headers": {"Retry-After": "120"}, "body": "{\\"message\\": \\"busy\\"}"},
             {"status": 429, "headers": {"Retry-After": "3600"}, "body": ""},
             "ok"]
            """)
        let events = SendableBox<[String]>([])
        let summary = try await outbox.deliver(using: HTTPTransport(url: receiver.recordsURL, timeout: .seconds(10)).transport) { event in
            events.mutate { $0.append(event.description) }
        }
        #expect(summary.sent == 1)
        // No jitter (random 0): without Retry-After both waits would be zero.
        #expect(waits.value == [.seconds(120), .seconds(600)])
        #expect(events.value == ["retrying in 120 s (HTTP 503: busy)", "retrying in 600 s (HTTP 429)", "sent 1/1"])
    }

    @Test("the policy turns a server's wait into a delay: at least the backoff, at most the longest wait")
    func serverWaitInThePolicy() {
        let policy = RetryPolicy(initialDelay: .seconds(4), maximumDelay: .seconds(300))
        #expect(policy.delay(beforeRetry: 1, random: 1, serverAsked: .seconds(120)) == .seconds(120))
        #expect(policy.delay(beforeRetry: 1, random: 1, serverAsked: .seconds(1)) == .seconds(4))
        #expect(policy.delay(beforeRetry: 1, random: 0.5, serverAsked: .seconds(86_400)) == .seconds(300))
        #expect(policy.delay(beforeRetry: 3, random: 0.5, serverAsked: nil) == .seconds(8))
    }

    @Test("a URL records cannot be posted to is named, not retried as a network error", arguments: [
        ("http://", "it has no host"), ("ftp://example.com/x", "the scheme must be http or https"),
        ("http://[::1]:0/", "the port 0 is not from 1 to 65535"), ("mailto:someone@example.com", "the scheme must be http or https"),
    ])
    func urlProblems(text: String, problem: String) async throws {
        let url = try #require(URL(string: text))
        #expect(HTTPTransport.problem(with: url) == problem)
        #expect(await HTTPTransport(url: url).deliver(try FormSubmission(["a": 1]), instanceID: UUID())
            == .retry(reason: "the URL cannot be used: \(problem)"))
    }

    @Test("schemes are case-insensitive", arguments: ["HTTP://127.0.0.1:8080/records", "Https://example.com/x", "http://example.com"])
    func schemesIgnoreCase(text: String) throws {
        #expect(HTTPTransport.problem(with: try #require(URL(string: text))) == nil)
    }
}
