import FormContextCore
public import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Delivers outbox records by HTTP: a `POST` of the submission's JSON, the instance id in an
/// `Idempotency-Key` header.
///
/// ```swift
/// let http = HTTPTransport(url: URL(string: "https://example.com/surveys")!, headers: ["Authorization": token])
/// try await outbox.deliver(using: http.transport)
/// ```
///
/// Status codes map to deliveries so: 2xx is ``Delivery/delivered``; 408, 409, 425, 429 and every 5xx
/// are passing (``Delivery/retry(reason:after:)``: the server was slow, busy, mid-way through the same
/// key, or broken for now), with the server's `Retry-After` (seconds or an HTTP date) as the wait it
/// asked for; every other status is ``Delivery/rejected(reason:fieldErrors:)``. A network failure or a
/// timeout is passing too. A 401 that carries a `WWW-Authenticate` challenge is answered as it came:
/// no stored credential is offered (give yours in `headers`), and the record is parked with it.
///
/// **Redirects are not followed.** A 3xx is the server's answer, not a delivery: the record is parked
/// with the status and the `Location` as the reason (`HTTP 308: redirected to '…'; redirects are not
/// followed`), so a record is never counted as delivered by a server that did not receive its body,
/// and the headers (your `Authorization`) never go to any URL but the one it was made with.
///
/// **The timeout is a deadline** for the whole request: connecting, sending, waiting and receiving.
/// A server that answers slowly, a byte at a time, is cut off when it runs out.
///
/// The body of a rejection is read as JSON when it is: `message` (or `error`) gives the reason and
/// `errors` (or `fieldErrors`), an object of field keys to messages, the field errors. At most 1 MiB of
/// a response body is kept. Nothing is logged; reasons carry the status and the server's message,
/// never the values sent.
public struct HTTPTransport: Sendable {
    /// Where records are posted.
    let url: URL
    /// The longest a request may take, from start to end, before it counts as a passing failure.
    let timeout: Duration
    /// Extra request headers, such as `Authorization`; sent to ``url`` only.
    let headers: [String: String]
    private let exchange: HTTPExchange

    /// Creates a transport.
    ///
    /// - Parameters:
    ///   - url: Where records are posted: an `http` or `https` URL with a host (see ``problem(with:)``).
    ///   - timeout: The longest a request may take, from start to end; 30 seconds by default.
    ///   - headers: Extra request headers.
    public init(url: URL, timeout: Duration = .seconds(30), headers: [String: String] = [:]) {
        self.url = url
        self.timeout = timeout
        self.headers = headers
        exchange = HTTPExchange(timeout: timeout)
    }

    /// The transport to hand to ``Outbox/deliver(using:progress:)``.
    public var transport: OutboxTransport {
        { submission, instanceID in await deliver(submission, instanceID: instanceID) }
    }

    /// Why records cannot be posted to `url`, or `nil` when they can: the scheme is `http` or `https`
    /// (in any case), there is a host, and a port, if given, is from 1 to 65535.
    ///
    /// - Parameter url: The URL.
    /// - Returns: What is wrong with it, or `nil`.
    public static func problem(with url: URL) -> String? {
        guard let scheme = url.scheme?.lowercased(), scheme == "http" || scheme == "https" else {
            return "the scheme must be http or https"
        }
        guard let host = url.host, !host.isEmpty else { return "it has no host" }
        if let port = url.port, !(1...65535).contains(port) { return "the port \(port) is not from 1 to 65535" }
        return nil
    }

    /// Posts one record and says how it went.
    ///
    /// - Parameters:
    ///   - submission: The values; their JSON is the request body.
    ///   - instanceID: The record's id, sent as `Idempotency-Key`.
    /// - Returns: The delivery; a URL that cannot be posted to is a passing failure naming the problem.
    func deliver(_ submission: FormSubmission, instanceID: UUID) async -> Delivery {
        if let problem = Self.problem(with: url) { return .retry(reason: "the URL cannot be used: \(problem)") }
        var request = URLRequest(url: url)
        request.httpMethod = "POST"
        request.httpBody = Data(submission.json(pretty: false).utf8)
        request.setValue("application/json", forHTTPHeaderField: "Content-Type")
        request.setValue(instanceID.uuidString, forHTTPHeaderField: "Idempotency-Key")
        for (name, value) in headers { request.setValue(value, forHTTPHeaderField: name) }
        switch await exchange.send(request) {
        case .response(let response, let body):
            var fields: [String: String] = [:]
            for (name, value) in response.allHeaderFields {
                if let name = name as? String, let value = value as? String { fields[name] = value }
            }
            return Self.delivery(status: response.statusCode, body: body, headers: fields)
        case .timedOut:
            return .retry(reason: "timed out")
        case .cancelled:
            return .retry(reason: "cancelled")
        case .notHTTP:
            return .retry(reason: "the response is not HTTP")
        case .cutShort(let received, let expected):
            return .retry(reason: HTTPExchange.cutShort(received: received, expected: expected))
        case .tooLarge:
            return .retry(reason: "the answer is larger than \(HTTPExchange.bodyLimit) bytes")
        case .failed(let error):
            return .retry(reason: Self.reason(for: error))
        }
    }
}
