import FormContextCore
public import FormContextDurability
internal import Foundation
#if canImport(FoundationNetworking)
internal import FoundationNetworking
#endif
internal import Synchronization

/// Delivers an outbox's XForm records to an OpenRosa server, by its Form Submission API: each record
/// a `multipart/form-data` `POST` of its instance (`xml_submission_file`) and its attachments, split
/// into several `POST`s when the server asks for smaller bodies.
///
/// ```swift
/// let central = try OpenRosaEndpoint(url: URL(string: "https://central.example.org/v1/key/\(token)/projects/7")!)
/// let summary = try await outbox.deliver(using: OpenRosaTransport(endpoint: central).transport)
/// ```
///
/// Every request goes to the endpoint's ``OpenRosaEndpoint/submissionURL`` with `X-OpenRosa-Version:
/// 1.0`, a `Date` and the endpoint's credentials (see ``OpenRosaEndpoint`` for where they may go); no
/// reason the transport gives holds an app-user token or a password. Before its first record the
/// transport sends a `HEAD` to the submission URL to learn the server's
/// `X-OpenRosa-Accept-Content-Length`; a record whose body would be larger goes in several `POST`s,
/// each with the instance and as many attachments as fit (an attachment larger than the size alone
/// with the instance), every `POST` but the last carrying the part `*isIncomplete*` = `yes`. A record
/// is delivered only when the server has answered every one of its `POST`s with success; when a later
/// `POST` fails, the retry sends the instance with the attachments the server has not acknowledged
/// yet (remembered by this transport for as long as it lives; a new one sends them all again).
///
/// What each status means, and what the outbox then does, is in the table of the OpenRosa guide:
/// 201 and 202 are received; 413 splits the record smaller and sends again; 401, 408, 425, 429 and
/// 5xx are passing failures (a `Retry-After` is honoured); other 4xx (409 included: the server holds
/// other XML under the instance id) and every 3xx (redirects are not followed) park the record with
/// the server's `OpenRosaResponse` message, escaped.
public struct OpenRosaTransport: Sendable {
    /// The server, its credentials, and where submissions are posted: its ``OpenRosaEndpoint/submissionURL``.
    let endpoint: OpenRosaEndpoint
    /// The longest one request may take, from start to end.
    let timeout: Duration
    /// Whether a `HEAD` learns the server's accepted content length before the first record.
    let checksSize: Bool
    let exchange: HTTPExchange
    let state: State

    /// Creates a transport.
    ///
    /// - Parameters:
    ///   - endpoint: The server (ODK Central's app-user URL, or a base URL with credentials); records
    ///     are posted to its ``OpenRosaEndpoint/submissionURL``.
    ///   - timeout: The longest one request (a `HEAD` or one `POST`) may take; 2 minutes by default.
    ///   - checksSize: Whether a `HEAD` asks the server's accepted content length before the first
    ///     record; on by default. Off, a record is split only after a 413.
    public init(endpoint: OpenRosaEndpoint, timeout: Duration = .seconds(120), checksSize: Bool = true) {
        self.endpoint = endpoint
        self.timeout = timeout
        self.checksSize = checksSize
        exchange = HTTPExchange(timeout: timeout)
        state = State()
    }

    /// The transport to hand to ``FormContextDurability/Outbox/deliver(using:progress:)``.
    public var transport: OutboxTransport {
        { submission, instanceID in await deliver(submission, instanceID: instanceID) }
    }

    /// What the transport learned of the server: its accepted content length, once asked, and which
    /// attachments of a record being retried it already acknowledged.
    final class State: Sendable {
        /// `nil` until learned; then the size, or `.some(nil)` when the server gave none.
        let maximumSize = Mutex<Int??>(nil)
        /// By instance id, the positions of the attachments of a split record that the server answered
        /// with success, until the record is delivered or refused: a retry sends only the rest.
        let received = Mutex<[UUID: Set<Int>]>([:])
    }
}
