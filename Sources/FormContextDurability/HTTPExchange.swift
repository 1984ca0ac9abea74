import FormContextCore
import Dispatch
import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import Synchronization

/// One URL session for a transport, and the requests on it: each one ends by its deadline, follows no
/// redirect, answers an authentication challenge with the 401 that carried it, and keeps at most
/// ``bodyLimit`` bytes of the response body. The session is let go when the
/// last copy of the transport is gone.
final class HTTPExchange: Sendable {
    /// How one request ended.
    enum Outcome: Sendable {
        case response(HTTPURLResponse, Data)
        case timedOut
        case cancelled
        case notHTTP
        case failed(URLError)
    }

    /// The most of a response body kept: enough for any error message.
    static let bodyLimit = 1 << 20

    private let session: URLSession
    private let requests: RequestTable
    private let timeout: Duration

    init(timeout: Duration) {
        let seconds = Self.seconds(timeout)
        let configuration = URLSessionConfiguration.ephemeral
        configuration.timeoutIntervalForRequest = seconds
        configuration.timeoutIntervalForResource = seconds
        configuration.httpCookieStorage = nil
        configuration.urlCache = nil
        configuration.urlCredentialStorage = nil
        requests = RequestTable()
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
}

/// The requests in flight, by task id, and the session's delegate that completes them.
///
/// Its only state is behind a `Mutex`; the continuation of a request is resumed exactly once, by the
/// session's completion callback, which removes it from the table, and never while the lock is held.
private final class RequestTable: NSObject, URLSessionDataDelegate, Sendable {
    private struct Pending {
        var continuation: CheckedContinuation<HTTPExchange.Outcome, Never>
        var body = Data()
        /// Set when the deadline passed or the caller was cancelled: the outcome, whatever the session says.
        var ending: HTTPExchange.Outcome?
        /// The response that asked for credentials (a 401 with a challenge): the answer, with the body
        /// received, once the session ends the request.
        var challenged: HTTPURLResponse?
    }

    private let pending = Mutex<[Int: Pending]>([:])

    func start(_ id: Int, _ continuation: CheckedContinuation<HTTPExchange.Outcome, Never>) {
        pending.withLock { $0[id] = Pending(continuation: continuation) }
    }

    /// Marks request `id` as ending with `outcome` (timed out, cancelled); `false` when it has already ended.
    func end(_ id: Int, as outcome: HTTPExchange.Outcome) -> Bool {
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
        // The redirect is the answer: the record's body and the caller's headers go to one URL only.
        completionHandler(nil)
    }

    func urlSession(
        _ session: URLSession, task: URLSessionTask, didReceive challenge: URLAuthenticationChallenge,
        completionHandler: @escaping @Sendable (URLSession.AuthChallengeDisposition, URLCredential?) -> Void
    ) {
        #if canImport(Darwin)
        // The system judges server trust, and answers a request for credentials with the response
        // that carried it, since the session stores none.
        completionHandler(.performDefaultHandling, nil)
        #else
        // Foundation on Linux waits for an answer to the challenge until the deadline: the 401 that
        // carried it is the server's answer, so the request ends here with it, and no credential is
        // offered.
        let response = challenge.failureResponse as? HTTPURLResponse
        pending.withLock { table in
            if table[task.taskIdentifier] != nil { table[task.taskIdentifier]?.challenged = response }
        }
        completionHandler(.cancelAuthenticationChallenge, nil)
        task.cancel()
        #endif
    }

    func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, didReceive data: Data) {
        pending.withLock { table in
            guard let count = table[dataTask.taskIdentifier]?.body.count, count < HTTPExchange.bodyLimit else { return }
            table[dataTask.taskIdentifier]?.body.append(data.prefix(HTTPExchange.bodyLimit - count))
        }
    }

    func urlSession(_ session: URLSession, task: URLSessionTask, didCompleteWithError error: (any Error)?) {
        guard let request = pending.withLock({ $0.removeValue(forKey: task.taskIdentifier) }) else { return }
        let outcome: HTTPExchange.Outcome
        if let ending = request.ending {
            outcome = ending
        } else if let challenged = request.challenged {
            outcome = .response(challenged, request.body)
        } else if let error {
            outcome = .failed(error as? URLError ?? URLError(.unknown))
        } else if let response = task.response as? HTTPURLResponse {
            outcome = .response(response, request.body)
        } else {
            outcome = .notHTTP
        }
        request.continuation.resume(returning: outcome)
    }
}
