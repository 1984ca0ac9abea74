public import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

extension HTTPTransport {
    /// The statuses that are passing failures besides 5xx: 408 Request Timeout, 409 Conflict (the same
    /// key in flight), 425 Too Early, 429 Too Many Requests.
    public static let passingStatuses: Set<Int> = [408, 409, 425, 429]

    /// How a response with `status` and `body` counts.
    ///
    /// - Parameters:
    ///   - status: The HTTP status code.
    ///   - body: The response body.
    /// - Returns: The delivery.
    public static func delivery(status: Int, body: Data) -> Delivery {
        if (200..<300).contains(status) { return .delivered }
        let message = serverMessage(in: body)
        let reason = "HTTP \(status)" + (message.text.map { ": \($0)" } ?? "")
        if passingStatuses.contains(status) || (500..<600).contains(status) { return .retry(reason: reason) }
        return .rejected(reason: reason, fieldErrors: message.fieldErrors)
    }

    /// The `message` (or `error`) and `errors` (or `fieldErrors`) of a JSON error body; the message cut
    /// to 200 characters.
    static func serverMessage(in body: Data) -> (text: String?, fieldErrors: [String: [String]]) {
        guard body.count <= 1 << 20, case .object(let members)? = try? JSONValue(parsing: body) else { return (nil, [:]) }
        var text: String?
        for name in ["message", "error"] {
            if case .string(let value)? = members[name] {
                text = value.count > 200 ? String(value.prefix(200)) + "…" : value
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
        default: "network error \(error.code.rawValue)"
        }
    }
}
