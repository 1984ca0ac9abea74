import FormContextDurability
import FormContextXForms
import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Talks to an OpenRosa server: lists its forms and downloads them with their media files.
///
/// ```swift
/// let client = OpenRosaClient(endpoint: try OpenRosaEndpoint(url: serverURL, credentials: credentials))
/// for form in try await client.formList() {
///     let download = try await client.download(form, into: formsFolder)
///     print(download.formFile, download.downloaded)
/// }
/// ```
///
/// Every request carries `X-OpenRosa-Version: 1.0`, `Date` and `Accept-Language` (the OpenRosa HTTP
/// Request API). Redirects are followed (at most five, never from HTTPS to plain HTTP); the
/// credentials go only to the endpoint's origin, so a redirect or a download URL elsewhere gets none.
/// A status other than 200 is an ``OpenRosaError`` of kind ``OpenRosaError/Kind/status(_:)`` that says
/// what it means and carries the server's message; nothing secret is ever in an error.
public struct OpenRosaClient: Sendable {
    /// The server and its credentials.
    public let endpoint: OpenRosaEndpoint
    /// The most bytes one response (a form list, a form, a media file) may have.
    public let maximumBytes: Int
    let exchange: HTTPExchange

    /// Creates a client.
    ///
    /// - Parameters:
    ///   - endpoint: The server and its credentials.
    ///   - timeout: The longest one request may take, from start to end; 60 seconds by default.
    ///   - maximumBytes: The most bytes one response may have; 100 MiB by default.
    public init(endpoint: OpenRosaEndpoint, timeout: Duration = .seconds(60), maximumBytes: Int = 100 << 20) {
        self.endpoint = endpoint
        self.maximumBytes = maximumBytes
        exchange = HTTPExchange(timeout: timeout)
    }

    /// The forms the server lists (`GET <url>/formList`), in its order.
    ///
    /// - Parameter formID: Asks for this form only (`?formID=`, which the specification requires and
    ///   ODK Central ignores: the answer is filtered here too).
    /// - Returns: The forms.
    /// - Throws: ``OpenRosaError``: the request failed, or the document is not a form list
    ///   (``OpenRosaError/Kind/malformedDocument``, naming the entry and the element).
    public func formList(formID: String? = nil) async throws(OpenRosaError) -> [OpenRosaForm] {
        var url = endpoint.formListURL
        if let formID, var components = URLComponents(url: url, resolvingAgainstBaseURL: true) {
            components.queryItems = [URLQueryItem(name: "formID", value: formID)]
            url = components.url ?? url
        }
        let data = try await get(url, what: "the form list")
        let forms = try OpenRosaDocuments.forms(in: data, redact: endpoint.redacted)
        return formID.map { id in forms.filter { $0.formID == id } } ?? forms
    }

    /// The media files of `form`, from its manifest; none when it has no manifest.
    ///
    /// - Parameter form: A form of the form list.
    /// - Returns: The media files, each name checked to be a plain file name.
    /// - Throws: ``OpenRosaError``: the request failed, the document is not a manifest, or a file name
    ///   has a folder part or `..` (``OpenRosaError/Kind/unsafeName``).
    public func mediaFiles(of form: OpenRosaForm) async throws(OpenRosaError) -> [OpenRosaMediaFile] {
        guard let manifest = form.manifestURL else { return [] }
        let data = try await get(manifest, what: "the manifest of \(Quoted.value(form.formID, limit: 60))")
        return try OpenRosaDocuments.mediaFiles(in: data, form: form.formID, redact: endpoint.redacted)
    }

    /// Sends a `GET` and returns the body of its 200, following redirects.
    func get(_ url: URL, what: String) async throws(OpenRosaError) -> Data {
        var target = url
        var redirects = 0
        while true {
            var request = URLRequest(url: target)
            request.httpMethod = "GET"
            for (name, value) in endpoint.headers(for: target) { request.setValue(value, forHTTPHeaderField: name) }
            let shown = Quoted.value(endpoint.redacted(target.absoluteString), limit: 200)
            switch await exchange.send(request, limit: maximumBytes, overflow: .refuse) {
            case .response(let response, let body):
                let status = response.statusCode
                if status == 200 { return body }
                guard [301, 302, 303, 307, 308].contains(status) else {
                    throw statusError(status, body: body, response: response, what: "\(what) at \(shown)")
                }
                redirects += 1
                guard redirects <= 5 else {
                    throw OpenRosaError(.redirect, "\(what): more than 5 redirects, the last from \(shown)")
                }
                guard let location = response.value(forHTTPHeaderField: "Location"),
                    let next = URL(string: location, relativeTo: target)?.absoluteURL,
                    let scheme = next.scheme?.lowercased(), scheme == "http" || scheme == "https"
                else {
                    throw OpenRosaError(.redirect, "\(what) at \(shown): HTTP \(status) without a usable Location")
                }
                if target.scheme?.lowercased() == "https" && scheme == "http" {
                    throw OpenRosaError(
                        .redirect,
                        "\(what) at \(shown): HTTP \(status) to plain HTTP (\(Quoted.value(endpoint.redacted(next.absoluteString), limit: 200))), which is not followed"
                    )
                }
                target = next
            case .tooLarge:
                throw OpenRosaError(.tooLarge, "\(what) at \(shown) is larger than \(maximumBytes) bytes")
            case .timedOut:
                throw OpenRosaError(.timedOut, "\(what) at \(shown): no whole answer within \(exchange.timeout)")
            case .cancelled:
                throw OpenRosaError(.network, "\(what) at \(shown): cancelled")
            case .notHTTP:
                throw OpenRosaError(.network, "\(what) at \(shown): \(Self.reason(for: URLError(.badServerResponse)))")
            case .cutShort(let received, let expected):
                throw OpenRosaError(.network, "\(what) at \(shown): \(Self.cutShort(received: received, expected: expected))")
            case .failed(let error):
                throw OpenRosaError(.network, "\(what) at \(shown): \(Self.reason(for: error))")
            }
        }
    }

    /// The error for a status other than 200 and the redirects, saying what the status means.
    func statusError(_ status: Int, body: Data, response: HTTPURLResponse, what: String) -> OpenRosaError {
        let meaning: String
        switch status {
        case 401:
            meaning = endpoint.credentials == nil
                ? "the server asks for credentials (give OpenRosaCredentials, or use an app-user URL)"
                : "the server refused the credentials"
        case 403: meaning = "no right to it (an app user without access to this form, or revoked)"
        case 404: meaning = "not found"
        case 500..<600:
            let wait = response.value(forHTTPHeaderField: "Retry-After").map { " (Retry-After: \(Quoted.plain($0, limit: 40)))" } ?? ""
            meaning = "the server failed; try again later\(wait)"
        default: meaning = "refused"
        }
        let message = OpenRosaDocuments.message(in: body).map { ": " + Quoted.value(endpoint.redacted($0), limit: 300) } ?? ""
        return OpenRosaError(.status(status), "\(what): HTTP \(status), \(meaning)\(message)")
    }

    /// The reason for an answer whose connection ended before its whole body arrived.
    static func cutShort(received: Int, expected: Int) -> String {
        HTTPExchange.cutShort(received: received, expected: expected)
    }

    /// A short reason for a network failure, without the URL.
    static func reason(for error: URLError) -> String {
        switch error.code {
        case .timedOut: "timed out"
        case .cannotConnectToHost: "cannot connect to the server"
        case .networkConnectionLost: "the connection was lost"
        case .notConnectedToInternet: "not connected to the internet"
        case .cannotFindHost, .dnsLookupFailed: "cannot find the server"
        case .badServerResponse: "bad response from the server"
        case .secureConnectionFailed, .serverCertificateUntrusted, .serverCertificateHasBadDate, .serverCertificateNotYetValid:
            "the secure connection failed"
        default: "network error \(error.code.rawValue)"
        }
    }
}
