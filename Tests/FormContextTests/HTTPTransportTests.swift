import Foundation
import Testing
import TestSupport

@testable import FormContextCore
@testable import FormContextDurability

@Suite("HTTP transport")
struct HTTPTransportTests {
    @Test("status codes map to delivered, passing and permanent", arguments: [
        (200, "delivered"), (201, "delivered"), (204, "delivered"),
        (408, "retry: HTTP 408"), (409, "retry: HTTP 409"), (425, "retry: HTTP 425"), (429, "retry: HTTP 429"),
        (500, "retry: HTTP 500"), (503, "retry: HTTP 503"), (599, "retry: HTTP 599"),
        (301, "rejected: HTTP 301: a redirect without a Location; redirects are not followed"), (400, "rejected: HTTP 400"), (401, "rejected: HTTP 401"), (404, "rejected: HTTP 404"),
        (422, "rejected: HTTP 422"),
    ])
    func statusCodes(status: Int, expected: String) {
        #expect(HTTPTransport.delivery(status: status, body: Data()).description == expected)
    }

    @Test("a JSON error body gives the reason and the field errors")
    func errorBody() {
        let body = Data(#"{"message": "invalid survey", "errors": {"count": ["must be at most 10"], "name": "is required"}}"#.utf8)
        #expect(HTTPTransport.delivery(status: 422, body: body)
            == .rejected(reason: "HTTP 422: invalid survey", fieldErrors: ["count": ["must be at most 10"], "name": ["is required"]]))
        #expect(HTTPTransport.delivery(status: 400, body: Data("<html>".utf8)) == .rejected(reason: "HTTP 400"))
        let long = Data(("{\"error\": \"" + String(repeating: "x", count: 300) + "\"}").utf8)
        #expect(HTTPTransport.delivery(status: 503, body: long) == .retry(reason: "HTTP 503: " + String(repeating: "x", count: 200) + "…"))
    }

    @Test("against a real local server: failures, stalls and dropped connections retried; every record arrives; rejections parked",
          .enabled(if: Receiver.isAvailable, "needs python3"), .timeLimit(.minutes(1)))
    func realServer() async throws {
        let receiver = try Receiver(stallSeconds: 5)
        defer { receiver.stop() }
        let folder = try ScratchFolder("http")
        defer { folder.remove() }
        let outbox = try Outbox(folder: folder.path, environment: DurabilityEnvironment(
            now: { Date() }, sleep: { _ in await Task.yield() }, random: { 0.5 }))
        let records = try (1...7).map { try surveyRecord($0, password: "pw-\($0)-secret") }
        for record in records { try outbox.enqueue(record) }
        try await receiver.plan(["500", "ok", "drop", "ok", "stall", "ok", "ok-drop", "ok", "422", "429", "ok", "503", "503", "ok"])
        let http = HTTPTransport(url: receiver.recordsURL, timeout: .seconds(2))
        let events = SendableBox<[String]>([])
        let summary = try await outbox.deliver(using: http.transport) { event in events.mutate { $0.append(event.description) } }

        #expect(summary.sent == 6)
        #expect(summary.parked == [records[4].instanceID.uuidString: "HTTP 422: count is out of range"])
        let parked = try #require(try outbox.parked().first)
        #expect(parked.fieldErrors == ["count": ["must be at most 10"]])
        #expect(try outbox.pendingIDs().isEmpty)

        let log = try await receiver.log()
        #expect(log.map(\.behaviour) == ["500", "ok", "drop", "ok", "stall", "ok", "ok-drop", "ok", "422", "429", "ok", "503", "503", "ok"])
        #expect(log.allSatisfy { $0.contentType == "application/json" })
        let byKey = Dictionary(grouping: log, by: { $0.key ?? "" })
        for record in records {
            let requests = try #require(byKey[record.instanceID.uuidString])
            #expect(requests.allSatisfy { $0.body == record.submission.json(pretty: false) })
        }
        // Accepted, but the answer was lost: sent again with the same key, which lets the server see the duplicate.
        #expect(byKey[records[3].instanceID.uuidString]?.map(\.behaviour) == ["ok-drop", "ok"])
        let stored = Set(log.filter { $0.behaviour.hasPrefix("ok") }.compactMap(\.key))
        #expect(stored == Set(records.map(\.instanceID.uuidString)).subtracting([records[4].instanceID.uuidString]))
        let lines = events.value
        #expect(lines.contains("retrying in 2 s (HTTP 500: try again later)"))
        #expect(lines.contains("retrying in 2 s (timed out)"))
        #expect(lines.contains { $0.hasPrefix("retrying in 2 s (") && $0 != "retrying in 2 s (timed out)" && !$0.contains("HTTP") })
        #expect(lines.last == "sent 6/7")
        #expect(!lines.joined().contains("secret"))
    }

    @Test("a server that is not there is a passing failure", .timeLimit(.minutes(1)))
    func noServer() async throws {
        let http = HTTPTransport(url: URL(string: "http://127.0.0.1:9/records")!, timeout: .seconds(2))
        let delivery = await http.deliver(try FormSubmission(["a": 1]), instanceID: UUID())
        guard case .retry = delivery else {
            Issue.record("expected a retry, got \(delivery)")
            return
        }
    }
}
