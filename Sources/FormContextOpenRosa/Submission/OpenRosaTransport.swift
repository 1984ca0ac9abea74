import FormContextCore
public import FormContextDurability
public import Foundation
#if canImport(FoundationNetworking)
internal import FoundationNetworking
#endif
internal import Synchronization

/// Delivers an outbox's XForm records to an OpenRosa server, by its Form Submission API: each record
/// a `multipart/form-data` `POST` of its instance (`xml_submission_file`) and its attachments, split
/// into several `POST`s when the server asks for smaller bodies.
///
/// ```swift
/// let openRosa = OpenRosaTransport(submissionURL: URL(string: "https://central.example.org/v1/key/TOKEN/projects/7/submission")!)
/// let summary = try await outbox.deliver(using: openRosa.transport)
/// ```
///
/// Every request carries `X-OpenRosa-Version: 1.0` and a `Date`. Before its first record the
/// transport sends a `HEAD` to the submission URL to learn the server's
/// `X-OpenRosa-Accept-Content-Length`; a record whose body would be larger goes in several `POST`s,
/// each with the instance and as many attachments as fit (an attachment larger than the size alone
/// with the instance), every `POST` but the last carrying the part `*isIncomplete*` = `yes`. A record
/// is delivered only when the server has answered every one of its `POST`s with success; when a later
/// `POST` fails, the retry sends the instance with the attachments the server has not acknowledged
/// yet (remembered by this transport for as long as it lives; a new one sends them all again).
///
/// What each status means, and what the outbox then does, is in the table of the OpenRosa guide:
/// 201 and 202 are received; 409 (the server already holds the instance) counts as received, since
/// the outbox delivers at least once; 413 splits the record smaller and sends again; 401, 408, 425,
/// 429 and 5xx are passing failures (a `Retry-After` is honoured); other 4xx and every 3xx (redirects are
/// not followed) park the record with the server's `OpenRosaResponse` message, escaped.
public struct OpenRosaTransport: Sendable {
    /// Where submissions are posted.
    let submissionURL: URL
    /// The longest one request may take, from start to end.
    let timeout: Duration
    /// Whether a `HEAD` learns the server's accepted content length before the first record.
    let checksSize: Bool
    /// The `Authorization` header's value, sent to ``submissionURL`` only.
    let authorization: String?
    let exchange: SubmissionExchange
    let state: State

    /// Creates a transport.
    ///
    /// - Parameters:
    ///   - submissionURL: The server's submission URL (`https://host/submission`, or ODK Central's
    ///     `https://host/v1/key/TOKEN/projects/ID/submission`); `http` or `https` with a host.
    ///   - timeout: The longest one request (a `HEAD` or one `POST`) may take; 2 minutes by default.
    ///   - checksSize: Whether a `HEAD` asks the server's accepted content length before the first
    ///     record; on by default. Off, a record is split only after a 413.
    public init(submissionURL: URL, timeout: Duration = .seconds(120), checksSize: Bool = true) {
        self.init(submissionURL: submissionURL, timeout: timeout, checksSize: checksSize, authorization: nil)
    }

    init(submissionURL: URL, timeout: Duration, checksSize: Bool, authorization: String?) {
        self.submissionURL = submissionURL
        self.timeout = timeout
        self.checksSize = checksSize
        self.authorization = authorization
        exchange = SubmissionExchange(timeout: timeout)
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
