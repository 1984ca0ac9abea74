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
/// are passing (``Delivery/retry(reason:)``: the server was slow, busy, mid-way through the same key,
/// or broken for now); every other status (the other 4xx, and 1xx or 3xx the session did not resolve)
/// is ``Delivery/rejected(reason:fieldErrors:)``. A network failure or a timeout is passing too.
/// The body of a rejection is read as JSON when it is: `message` (or `error`) gives the reason and
/// `errors` (or `fieldErrors`), an object of field keys to messages, the field errors.
/// Nothing is logged; reasons carry the status and the server's message, never the values sent.
public struct HTTPTransport: Sendable {
    /// Where records are posted.
    public let url: URL
    /// How long a request may take before it counts as a passing failure.
    public let timeout: Duration
    /// Extra request headers, such as `Authorization`.
    public let headers: [String: String]
    private let owner: SessionOwner

    /// Creates a transport.
    ///
    /// - Parameters:
    ///   - url: Where records are posted.
    ///   - timeout: The longest a request may take; 30 seconds by default.
    ///   - headers: Extra request headers.
    public init(url: URL, timeout: Duration = .seconds(30), headers: [String: String] = [:]) {
        self.url = url
        self.timeout = timeout
        self.headers = headers
        let configuration = URLSessionConfiguration.ephemeral
        let seconds = Double(timeout.components.seconds) + Double(timeout.components.attoseconds) * 1e-18
        configuration.timeoutIntervalForRequest = seconds
        configuration.timeoutIntervalForResource = seconds
        configuration.httpCookieStorage = nil
        configuration.urlCache = nil
        owner = SessionOwner(URLSession(configuration: configuration))
    }

    /// The transport to hand to ``Outbox/deliver(using:progress:)``.
    public var transport: OutboxTransport {
        { submission, instanceID in await deliver(submission, instanceID: instanceID) }
    }

    /// Posts one record and says how it went.
    ///
    /// - Parameters:
    ///   - submission: The values; their JSON is the request body.
    ///   - instanceID: The record's id, sent as `Idempotency-Key`.
    /// - Returns: The delivery.
    public func deliver(_ submission: FormSubmission, instanceID: UUID) async -> Delivery {
        var request = URLRequest(url: url)
        request.httpMethod = "POST"
        request.httpBody = submission.jsonData(pretty: false)
        request.setValue("application/json", forHTTPHeaderField: "Content-Type")
        request.setValue(instanceID.uuidString, forHTTPHeaderField: "Idempotency-Key")
        for (name, value) in headers { request.setValue(value, forHTTPHeaderField: name) }
        let seconds = Double(timeout.components.seconds) + Double(timeout.components.attoseconds) * 1e-18
        request.timeoutInterval = seconds
        do {
            let (body, response) = try await owner.session.data(for: request)
            guard let http = response as? HTTPURLResponse else { return .retry(reason: "the response is not HTTP") }
            return Self.delivery(status: http.statusCode, body: body)
        } catch let error as URLError {
            return .retry(reason: Self.reason(for: error))
        } catch {
            return .retry(reason: "the request failed")
        }
    }
}

/// Owns a transport's session and lets it go when the last copy of the transport is gone.
private final class SessionOwner: Sendable {
    let session: URLSession

    init(_ session: URLSession) {
        self.session = session
    }

    deinit {
        session.finishTasksAndInvalidate()
    }
}
