import FormContextCore
import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

extension HTTPTransport {
    /// The statuses that are passing failures besides 5xx: 408 Request Timeout, 409 Conflict (the same
    /// key in flight), 425 Too Early, 429 Too Many Requests.
    static let passingStatuses: Set<Int> = [408, 409, 425, 429]

    /// How a response with `status`, `body` and `headers` counts.
    ///
    /// A 3xx is rejected with its `Location` (redirects are not followed); a passing status carries the
    /// wait of its `Retry-After` header, in seconds or as an HTTP date.
    ///
    /// - Parameters:
    ///   - status: The HTTP status code.
    ///   - body: The response body.
    ///   - headers: The response headers; names in any case.
    /// - Returns: The delivery.
    static func delivery(status: Int, body: Data, headers: [String: String] = [:]) -> Delivery {
        if (200..<300).contains(status) { return .delivered }
        func header(_ name: String) -> String? {
            headers.first { $0.key.caseInsensitiveCompare(name) == .orderedSame }?.value
        }
        if (300..<400).contains(status) {
            let target = header("Location").map { "redirected to '\(cut($0))'" } ?? "a redirect without a Location"
            return .rejected(reason: "HTTP \(status): \(target); redirects are not followed")
        }
        let message = serverMessage(in: body)
        let reason = "HTTP \(status)" + (message.text.map { ": \($0)" } ?? "")
        if passingStatuses.contains(status) || (500..<600).contains(status) {
            return .retry(reason: reason, after: header("Retry-After").flatMap { retryAfter($0, now: Date()) })
        }
        return .rejected(reason: reason, fieldErrors: message.fieldErrors)
    }

    /// The wait a `Retry-After` value asks for: a number of seconds, or an HTTP date (`Wed, 21 Oct 2015
    /// 07:28:00 GMT`) after `now`; `nil` for anything else or a date already past.
    static func retryAfter(_ value: String, now: Date) -> Duration? {
        let text = value.trimmingCharacters(in: .whitespaces)
        if !text.isEmpty, text.allSatisfy({ $0.isASCII && $0.isNumber }) {
            // More than ten digits is longer than any cap; read it as the longest wait a Duration holds here.
            guard text.count <= 10, let seconds = Int64(text) else { return .seconds(9_999_999_999) }
            return .seconds(seconds)
        }
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "GMT")
        formatter.dateFormat = "EEE, dd MMM yyyy HH:mm:ss 'GMT'"
        guard let date = formatter.date(from: text) else { return nil }
        let seconds = date.timeIntervalSince(now)
        guard seconds > 0 else { return nil }
        return .milliseconds(Int64(min(seconds, 9_999_999_999) * 1000))
    }

    /// `text` cut to 200 characters.
    private static func cut(_ text: String) -> String {
        text.count > 200 ? String(text.prefix(200)) + "…" : text
    }

    /// The `message` (or `error`) and `errors` (or `fieldErrors`) of a JSON error body; the message cut
    /// to 200 characters.
    static func serverMessage(in body: Data) -> (text: String?, fieldErrors: [String: [String]]) {
        guard body.count <= 1 << 20, case .object(let members)? = try? JSONValue(parsing: body) else { return (nil, [:]) }
        var text: String?
        for name in ["message", "error"] {
            if case .string(let value)? = members[name] {
                text = cut(value)
                break
            }
        }
        var fieldErrors: [String: [String]] = [:]
        for name in ["errors", "fieldErrors"] {
            guard case .object(let errors)? = members[name] else { continue }
            for (key, value) in errors {
                switch value {
                case .string(let message): fieldErrors[key] = [message]
                case .array(let messages): fieldErrors[key] = messages.compactMap { if case .string(let m) = $0 { m } else { nil } }
                default: continue
                }
            }
            break
        }
        return (text, fieldErrors)
    }

    /// A short reason for a network failure, without the URL's query or any value.
    static func reason(for error: URLError) -> String {
        switch error.code {
        case .timedOut: "timed out"
        case .cannotConnectToHost: "cannot connect to the server"
        case .networkConnectionLost: "the connection was lost"
        case .notConnectedToInternet: "not connected to the internet"
        case .cannotFindHost, .dnsLookupFailed: "cannot find the server"
        case .badServerResponse: "bad response from the server"
        case .cancelled: "cancelled"
        default: "network error \(error.code.rawValue)"
        }
    }
}
