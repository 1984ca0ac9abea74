import Dispatch
package import Foundation
#if canImport(FoundationNetworking)
package import FoundationNetworking
#endif
import Synchronization

/// One URL session and the requests on it, for the outbox's JSON transport and the OpenRosa module:
/// each request ends by its deadline, follows no redirect (the caller decides, so a body and
/// credentials never follow one to another origin), keeps at most its limit of body bytes (cut there,
/// or refused), and answers an authentication challenge with the response that carried it (a 401),
/// never with stored credentials. The session is let go when the last owner is gone.
package final class HTTPExchange: Sendable {
    /// How one request ended.
    package enum Outcome: Sendable {
        case response(HTTPURLResponse, Data)
        /// The body went over the limit of a request that refuses more.
        case tooLarge
        case timedOut
        case cancelled
        /// The answer was not HTTP.
        case notHTTP
        /// The connection ended before the whole body its `Content-Length` announced had arrived.
        case cutShort(received: Int, expected: Int)
        case failed(URLError)
    }

    /// What a request does with a body longer than its limit.
    package enum Overflow: Sendable {
        /// Keeps the first bytes, up to the limit (enough of an error message).
        case cut
        /// Ends the request as ``Outcome/tooLarge``.
        case refuse
    }

    /// The reason given for ``Outcome/cutShort(received:expected:)``.
    package static func cutShort(received: Int, expected: Int) -> String {
        "the answer was cut short: \(received) bytes of the \(expected) announced arrived"
    }

    /// The most of a response body kept by default: enough for any error message.
    package static let bodyLimit = 1 << 20

    private let session: URLSession
    private let requests: RequestTable
    package let timeout: Duration

    package init(timeout: Duration) {
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

    package static func seconds(_ duration: Duration) -> Double {
        Double(duration.components.seconds) + Double(duration.components.attoseconds) * 1e-18
    }

    /// Sends `request` and waits for its whole answer, at most `limit` bytes of body (what is over
    /// `limit` cut or refused, as `overflow` says), never past the deadline.
    package func send(_ request: URLRequest, limit: Int = bodyLimit, overflow: Overflow = .cut) async -> Outcome {
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
                requests.start(id, limit: limit, overflow: overflow, continuation)
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

/// The requests in flight, by task id, and the session's delegate that completes them. Its state is
/// behind a `Mutex`; each continuation is resumed exactly once, outside the lock.
private final class RequestTable: NSObject, URLSessionDataDelegate, Sendable {
    private struct Pending {
        var continuation: CheckedContinuation<HTTPExchange.Outcome, Never>
        var limit: Int
        var overflow: HTTPExchange.Overflow
        var body = Data()
        /// Set when the request must end so, whatever the session says next.
        var ending: HTTPExchange.Outcome?
        /// The response that asked for credentials (a 401 with a challenge): the answer, with the body
        /// received, once the session ends the request.
        var challenged: HTTPURLResponse?
    }

    private let pending = Mutex<[Int: Pending]>([:])

    func start(_ id: Int, limit: Int, overflow: HTTPExchange.Overflow, _ continuation: CheckedContinuation<HTTPExchange.Outcome, Never>) {
        pending.withLock { $0[id] = Pending(continuation: continuation, limit: limit, overflow: overflow) }
    }

    /// Marks request `id` as ending with `outcome`; `false` when it has already ended.
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
        completionHandler(nil)
    }

    func urlSession(
        _ session: URLSession, task: URLSessionTask, didReceive challenge: URLAuthenticationChallenge,
        completionHandler: @escaping @Sendable (URLSession.AuthChallengeDisposition, URLCredential?) -> Void
    ) {
        // Server trust (TLS) is the system's to judge; a request for credentials is the answer itself:
        // the 401 that carried it, so no stored credential is ever offered and nothing waits.
        #if canImport(Darwin)
        if challenge.protectionSpace.authenticationMethod == NSURLAuthenticationMethodServerTrust {
            completionHandler(.performDefaultHandling, nil)
            return
        }
        #endif
        let response = challenge.failureResponse as? HTTPURLResponse
        pending.withLock { table in
            if table[task.taskIdentifier] != nil { table[task.taskIdentifier]?.challenged = response }
        }
        completionHandler(.cancelAuthenticationChallenge, nil)
        // Foundation on Linux may leave a task whose challenge was cancelled waiting: the 401 is the
        // answer, so the task ends here.
        task.cancel()
    }

    func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, didReceive data: Data) {
        let over = pending.withLock { table -> Bool in
            guard let entry = table[dataTask.taskIdentifier], entry.ending == nil else { return false }
            if entry.body.count + data.count > entry.limit, entry.overflow == .cut {
                table[dataTask.taskIdentifier]?.body.append(data.prefix(max(0, entry.limit - entry.body.count)))
                return false
            }
            if entry.body.count + data.count > entry.limit {
                table[dataTask.taskIdentifier]?.ending = .tooLarge
                table[dataTask.taskIdentifier]?.body = Data()
                return true
            }
            table[dataTask.taskIdentifier]?.body.append(data)
            return false
        }
        if over { dataTask.cancel() }
    }

    func urlSession(_ session: URLSession, task: URLSessionTask, didCompleteWithError error: (any Error)?) {
        guard let request = pending.withLock({ $0.removeValue(forKey: task.taskIdentifier) }) else { return }
        let outcome: HTTPExchange.Outcome
        if let ending = request.ending {
            outcome = ending
        } else if let challenged = request.challenged {
            outcome = .response(challenged, request.body)
        } else if let error {
            let expected = (task.response as? HTTPURLResponse)?.expectedContentLength ?? -1
            outcome =
                expected > Int64(request.body.count)
                ? .cutShort(received: request.body.count, expected: Int(expected))
                : .failed(error as? URLError ?? URLError(.unknown))
        } else if let response = task.response as? HTTPURLResponse {
            outcome = .response(response, request.body)
        } else {
            outcome = .notHTTP
        }
        request.continuation.resume(returning: outcome)
    }
}
