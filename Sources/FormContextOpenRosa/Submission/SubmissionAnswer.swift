internal import FormContextXForms
internal import FormContextDurability
internal import Foundation

/// What the server's answer to one `POST` of a submission means, by the Form Submission API and ODK
/// Central's notes on it.
enum SubmissionAnswer: Equatable {
    /// The server has this `POST`'s parts: 201 or 202.
    case received
    /// 413: the body was too large; `limit` is the server's `X-OpenRosa-Accept-Content-Length`, if given.
    case tooLarge(limit: Int?, reason: String)
    /// Anything else: a passing failure to try again, or a refusal that parks the record.
    case failed(Delivery)

    /// The statuses besides 5xx that are passing: 408 Request Timeout, 425 Too Early, 429 Too Many Requests.
    static let passingStatuses: Set<Int> = [408, 425, 429]

    /// How a response counts.
    ///
    /// - Parameters:
    ///   - status: The HTTP status.
    ///   - body: The response body (an `OpenRosaResponse` whose message is kept, escaped).
    ///   - headers: The response headers, names in any case.
    ///   - now: The time, for a `Retry-After` given as a date.
    /// - Returns: The answer.
    static func reading(status: Int, body: Data, headers: [String: String], now: Date = Date()) -> SubmissionAnswer {
        func header(_ name: String) -> String? {
            headers.first { $0.key.caseInsensitiveCompare(name) == .orderedSame }?.value
        }
        let reason = "HTTP \(status)" + (OpenRosaDocuments.message(in: body).map { ": " + $0 } ?? "")
        if (500..<600).contains(status) || passingStatuses.contains(status) {
            return .failed(.retry(reason: reason, after: header("Retry-After").flatMap { retryAfter($0, now: now) }))
        }
        switch status {
        case 201, 202:
            return .received
        case 409:
            // Central answers 409 when it holds this instanceID with other XML, holds it deleted, or
            // the deprecatedID was replaced already: this record is not on the server. (A record sent
            // again with the same XML is answered 201.)
            return .failed(.rejected(reason: "\(reason); the server holds another record under this instanceID, and not this one"))
        case 200..<300:
            return .failed(.retry(reason: "\(reason); only 201 or 202 means the server received the submission (a proxy or a sign-in page may stand in between)"))
        case 300..<400:
            let target = header("Location").map { "redirected to \(Quoted.value($0, limit: 120))" } ?? "a redirect without a Location"
            return .failed(.rejected(reason: "HTTP \(status): \(target); redirects are not followed"))
        case 401:
            return .failed(.retry(reason: "\(reason); the server wants credentials, or refused the ones given"))
        case 413:
            return .tooLarge(limit: header("X-OpenRosa-Accept-Content-Length").flatMap(contentLength), reason: reason)
        case 400..<500:
            return .failed(.rejected(reason: reason))
        default:
            return .failed(.retry(reason: "\(reason); not a status a submission is answered with"))
        }
    }

    /// A positive byte count of at most 18 digits; `nil` for anything else.
    static func contentLength(_ value: String) -> Int? {
        let text = value.trimmingCharacters(in: .whitespaces)
        guard (1...18).contains(text.count), text.allSatisfy({ $0.isASCII && $0.isNumber }), let number = Int(text), number > 0 else { return nil }
        return number
    }

    /// The wait a `Retry-After` value asks for: seconds, or an HTTP date after `now`; `nil` otherwise.
    static func retryAfter(_ value: String, now: Date) -> Duration? {
        let text = value.trimmingCharacters(in: .whitespaces)
        if !text.isEmpty, text.allSatisfy({ $0.isASCII && $0.isNumber }) {
            guard text.count <= 10, let seconds = Int64(text) else { return .seconds(9_999_999_999) }
            return .seconds(seconds)
        }
        guard let date = HTTPDate.formatter().date(from: text) else { return nil }
        let seconds = date.timeIntervalSince(now)
        guard seconds > 0 else { return nil }
        return .milliseconds(Int64(min(seconds, 9_999_999_999) * 1000))
    }
}

/// The `Date` format of HTTP (`Mon, 14 Feb 2011 16:48:15 GMT`), read from a `Retry-After`.
enum HTTPDate {
    static func formatter() -> DateFormatter {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "GMT")
        formatter.dateFormat = "EEE, dd MMM yyyy HH:mm:ss 'GMT'"
        return formatter
    }
}
