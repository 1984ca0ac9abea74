internal import Dispatch
internal import Foundation
#if canImport(FoundationNetworking)
internal import FoundationNetworking
#endif
internal import Synchronization

/// One URL session for a submission transport, and the requests on it: each one ends by its
/// deadline, follows no redirect (a body and its credentials go to one URL only), stores no cookie
/// or credential, and keeps at most ``bodyLimit`` bytes of the response body.
final class SubmissionExchange: Sendable {
    /// How one request ended.
    enum Outcome: Sendable {
        case response(status: Int, headers: [String: String], body: Data)
        case timedOut
        case cancelled
        case failed(String)
    }

    /// The most of a response body kept: enough for any OpenRosa response.
    static let bodyLimit = 1 << 20

    private let session: URLSession
    private let requests: SubmissionRequestTable
    private let timeout: Duration

    init(timeout: Duration) {
        let seconds = Self.seconds(timeout)
        let configuration = URLSessionConfiguration.ephemeral
        configuration.timeoutIntervalForRequest = seconds
        configuration.timeoutIntervalForResource = seconds
        configuration.httpCookieStorage = nil
        configuration.urlCache = nil
        configuration.urlCredentialStorage = nil
        requests = SubmissionRequestTable()
        session = URLSession(configuration: configuration, delegate: requests, delegateQueue: nil)
        self.timeout = timeout
    }

    deinit {
        session.finishTasksAndInvalidate()
    }

    static func seconds(_ duration: Duration) -> Double {
        Double(duration.components.seconds) + Double(duration.components.attoseconds) * 1e-18
    }

    /// Sends `request` and waits for its whole answer, but never past the deadline.
    func send(_ request: URLRequest) async -> Outcome {
        if Task.isCancelled { return .cancelled }
        var request = request
        request.timeoutInterval = Self.seconds(timeout)
        let task = session.dataTask(with: request)
        let id = task.taskIdentifier
        let requests = requests
        let deadline = DispatchWorkItem {
            if requests.end(id, as: .timedOut) { task.cancel() }
        }
        let outcome = await withTaskCancellationHandler {
            await withCheckedContinuation { (continuation: CheckedContinuation<Outcome, Never>) in
                requests.start(id, continuation)
                task.resume()
                DispatchQueue.global().asyncAfter(deadline: .now() + Self.seconds(timeout), execute: deadline)
            }
        } onCancel: {
            if requests.end(id, as: .cancelled) { task.cancel() }
        }
        deadline.cancel()
        return outcome
    }

    /// The headers of `response`, by name.
    static func headers(of response: HTTPURLResponse?) -> [String: String] {
        var headers: [String: String] = [:]
        for (name, value) in response?.allHeaderFields ?? [:] {
            if let name = name as? String, let value = value as? String { headers[name] = value }
        }
        return headers
    }

    /// A short reason for a network failure, without the URL or any value.
    static func reason(for error: any Error) -> String {
        guard let error = error as? URLError else { return "network error" }
        switch error.code {
        case .timedOut: return "timed out"
        case .cannotConnectToHost: return "cannot connect to the server"
        case .networkConnectionLost: return "the connection was lost"
        case .notConnectedToInternet: return "not connected to the internet"
        case .cannotFindHost, .dnsLookupFailed: return "cannot find the server"
        case .badServerResponse: return "bad response from the server"
        case .cancelled: return "cancelled"
        default: return "network error \(error.code.rawValue)"
        }
    }
}

/// The requests in flight, by task id, and the session's delegate that completes them.
///
/// Its only state is behind a `Mutex`; the continuation of a request is resumed exactly once, by the
/// session's completion callback, which removes it from the table, and never while the lock is held.
private final class SubmissionRequestTable: NSObject, URLSessionDataDelegate, Sendable {
    private struct Pending {
        var continuation: CheckedContinuation<SubmissionExchange.Outcome, Never>
        var body = Data()
        /// Set when the deadline passed or the caller was cancelled: the outcome, whatever the session says.
        var ending: SubmissionExchange.Outcome?
    }

    private let pending = Mutex<[Int: Pending]>([:])

    func start(_ id: Int, _ continuation: CheckedContinuation<SubmissionExchange.Outcome, Never>) {
        pending.withLock { $0[id] = Pending(continuation: continuation) }
    }

    /// Marks request `id` as ending with `outcome` (timed out, cancelled); `false` when it has already ended.
    func end(_ id: Int, as outcome: SubmissionExchange.Outcome) -> Bool {
        pending.withLock { table in
            guard table[id] != nil, table[id]?.ending == nil else { return false }
            table[id]?.ending = outcome
            return true
        }
    }

    func urlSession(
        _ session: URLSession, task: URLSessionTask, willPerformHTTPRedirection response: HTTPURLResponse,
        newRequest request: URLRequest, completionHandler: @escaping @Sendable (URLRequest?) -> Void
    ) {
        // The redirect is the answer: the record and the credentials go to one URL only.
        completionHandler(nil)
    }

    func urlSession(
        _ session: URLSession, task: URLSessionTask, didReceive challenge: URLAuthenticationChallenge,
        completionHandler: @escaping @Sendable (URLSession.AuthChallengeDisposition, URLCredential?) -> Void
    ) {
        // A challenge is the server's answer (a 401 with WWW-Authenticate): no credential is offered or
        // asked for. The request is cancelled (Foundation on Linux never completes one left to its
        // default handling) and completes as the response that carried the challenge.
        let response = challenge.failureResponse as? HTTPURLResponse
        pending.withLock { table in
            guard table[task.taskIdentifier] != nil, table[task.taskIdentifier]?.ending == nil else { return }
            table[task.taskIdentifier]?.ending = .response(
                status: response?.statusCode ?? 401, headers: SubmissionExchange.headers(of: response), body: Data())
        }
        completionHandler(.cancelAuthenticationChallenge, nil)
    }

    func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, didReceive data: Data) {
        pending.withLock { table in
            guard let count = table[dataTask.taskIdentifier]?.body.count, count < SubmissionExchange.bodyLimit else { return }
            table[dataTask.taskIdentifier]?.body.append(data.prefix(SubmissionExchange.bodyLimit - count))
        }
    }

    func urlSession(_ session: URLSession, task: URLSessionTask, didCompleteWithError error: (any Error)?) {
        guard let request = pending.withLock({ $0.removeValue(forKey: task.taskIdentifier) }) else { return }
        let outcome: SubmissionExchange.Outcome
        if let ending = request.ending {
            outcome = ending
        } else if let error {
            outcome = .failed(SubmissionExchange.reason(for: error))
        } else if let response = task.response as? HTTPURLResponse {
            outcome = .response(status: response.statusCode, headers: SubmissionExchange.headers(of: response), body: request.body)
        } else {
            outcome = .failed("the response is not HTTP")
        }
        request.continuation.resume(returning: outcome)
    }
}
