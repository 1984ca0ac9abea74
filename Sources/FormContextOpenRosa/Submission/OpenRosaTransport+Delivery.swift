internal import FormContextXForms
internal import FormContextCore
internal import FormContextDurability
internal import Foundation
#if canImport(FoundationNetworking)
internal import FoundationNetworking
#endif

extension OpenRosaTransport {
    /// Sends one record, split as the server's size asks, and says how it went.
    func deliver(_ submission: FormSubmission, instanceID: UUID) async -> Delivery {
        guard let record = OpenRosaRecord(submission: submission), record.uuid == instanceID else {
            return .rejected(reason: "the record \(instanceID.uuidString) is not an XForm record; add XForm records with enqueue(instance:attachments:)")
        }
        var maximumSize: Int?
        if checksSize || state.maximumSize.withLock({ $0 != nil }) {
            switch await learnedMaximumSize() {
            case .success(let size): maximumSize = size
            case .failure(let failure): return failure.delivery.mappingReason(endpoint.redacted)
            }
        }
        let outcome = await send(record, maximumSize: maximumSize)
        if case .retry = outcome {} else { _ = state.received.withLock { $0.removeValue(forKey: instanceID) } }
        // A Location or a message may repeat the URL: no token or password leaves in a reason.
        return outcome.mappingReason(endpoint.redacted)
    }

    /// Sends the attachments of `record` that the server has not acknowledged yet, with the instance,
    /// in as many `POST`s as `maximumSize` asks.
    private func send(_ record: OpenRosaRecord, maximumSize: Int?) async -> Delivery {
        guard let instanceID = record.uuid else { return .rejected(reason: "the record has no instance id") }
        let acknowledged = state.received.withLock { $0[instanceID] ?? [] }
        let unsent = record.attachments.indices.filter { !acknowledged.contains($0) }
        var posts = SubmissionPlan.posts(for: record, attachments: unsent, maximumSize: maximumSize)
        var index = 0
        while index < posts.count {
            let body = MultipartBody(record, attachments: posts[index], isIncomplete: index < posts.count - 1)
            let which = posts.count > 1 ? "POST \(index + 1) of \(posts.count): " : ""
            switch await exchange(request(method: "POST", body: body)) {
            case .failure(let failure): return failure.delivery.prefixed(which)
            case .success(let (status, headers, responseBody)):
                switch SubmissionAnswer.reading(status: status, body: responseBody, headers: headers) {
                case .received:
                    if index < posts.count - 1 {
                        let sent = posts[index]
                        state.received.withLock { $0[instanceID, default: []].formUnion(sent) }
                    }
                    index += 1
                case .failed(.retry(let reason, let after)):
                    return .retry(reason: which + reason, after: after)
                case .failed(.rejected(let reason, let fieldErrors)):
                    return .rejected(reason: which + reason, fieldErrors: fieldErrors)
                case .failed(.delivered):
                    index += 1
                case .tooLarge(let limit, let reason):
                    // Smaller POSTs are possible only while this one carries two attachments or more.
                    guard posts[index].count > 1 else {
                        let what = posts[index].first.map { "the instance with its attachment \(Quoted.value(record.attachments[$0].name, limit: 120))" } ?? "the instance alone"
                        return .rejected(reason: which + reason + "; \(what) is over the server's limit and cannot be split further")
                    }
                    let smaller = min(limit ?? body.bytes.count - 1, body.bytes.count - 1)
                    state.maximumSize.withLock { $0 = .some(smaller) }
                    let rest = Array(posts[index...].joined())
                    posts = Array(posts[..<index]) + SubmissionPlan.posts(for: record, attachments: rest, maximumSize: smaller)
                }
            }
        }
        return .delivered
    }

    /// The server's accepted content length: learned once by a `HEAD`, or after a 413.
    private func learnedMaximumSize() async -> Result<Int?, DeliveryFailure> {
        if let known = state.maximumSize.withLock({ $0 }) { return .success(known) }
        switch await exchange(request(method: "HEAD", body: nil)) {
        case .failure(let failure): return .failure(DeliveryFailure(failure.delivery.prefixed("HEAD: ")))
        case .success(let (status, headers, body)):
            if (200..<300).contains(status) {
                let size = headers.first { $0.key.caseInsensitiveCompare("X-OpenRosa-Accept-Content-Length") == .orderedSame }
                    .flatMap { SubmissionAnswer.contentLength($0.value) }
                state.maximumSize.withLock { $0 = .some(size) }
                return .success(size)
            }
            // Credentials refused or a server in trouble: no POST would fare better. Any other answer
            // (a server without HEAD) leaves the size unknown, and the POST answers for itself.
            if status == 401 || (500..<600).contains(status) || SubmissionAnswer.passingStatuses.contains(status),
                case .failed(let delivery) = SubmissionAnswer.reading(status: status, body: body, headers: headers)
            {
                return .failure(DeliveryFailure(delivery.prefixed("HEAD: ")))
            }
            return .success(nil)
        }
    }

    /// Sends `request`: the status, headers and body of the answer (at most 1 MiB of body), or the
    /// passing failure of a request that got none.
    private func exchange(_ request: URLRequest) async -> Result<(Int, [String: String], Data), DeliveryFailure> {
        switch await exchange.send(request, limit: HTTPExchange.bodyLimit, overflow: .refuse) {
        case .response(let response, let body):
            var headers: [String: String] = [:]
            for (name, value) in response.allHeaderFields {
                if let name = name as? String, let value = value as? String { headers[name] = value }
            }
            return .success((response.statusCode, headers, body))
        case .tooLarge: return .failure(DeliveryFailure(.retry(reason: "the answer is over 1 MiB, larger than any OpenRosa answer")))
        case .timedOut: return .failure(DeliveryFailure(.retry(reason: "timed out")))
        case .cancelled: return .failure(DeliveryFailure(.retry(reason: "cancelled")))
        case .notHTTP: return .failure(DeliveryFailure(.retry(reason: OpenRosaClient.reason(for: URLError(.badServerResponse)))))
        case .cutShort(let received, let expected):
            return .failure(DeliveryFailure(.retry(reason: OpenRosaClient.cutShort(received: received, expected: expected))))
        case .failed(let error): return .failure(DeliveryFailure(.retry(reason: OpenRosaClient.reason(for: error))))
        }
    }

    /// A request to the submission URL with the OpenRosa headers and the endpoint's credentials, and
    /// `body` as `multipart/form-data`.
    private func request(method: String, body: MultipartBody?) -> URLRequest {
        var request = URLRequest(url: endpoint.submissionURL)
        request.httpMethod = method
        for (name, value) in endpoint.headers(for: endpoint.submissionURL) { request.setValue(value, forHTTPHeaderField: name) }
        if let body {
            request.setValue(body.contentType, forHTTPHeaderField: "Content-Type")
            request.httpBody = body.bytes
        }
        return request
    }
}

/// A delivery that ends a record's attempt before its `POST`s, as an error for `Result`.
struct DeliveryFailure: Error {
    let delivery: Delivery

    init(_ delivery: Delivery) {
        self.delivery = delivery
    }
}

extension Delivery {
    /// The same delivery with `prefix` before its reason.
    func prefixed(_ prefix: String) -> Delivery {
        mappingReason { prefix + $0 }
    }

    /// The same delivery with its reason transformed.
    func mappingReason(_ transform: (String) -> String) -> Delivery {
        switch self {
        case .delivered: .delivered
        case .retry(let reason, let after): .retry(reason: transform(reason), after: after)
        case .rejected(let reason, let fieldErrors): .rejected(reason: transform(reason), fieldErrors: fieldErrors)
        }
    }
}
