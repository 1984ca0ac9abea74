internal import FormContextXForms
public import Foundation

/// An OpenRosa server to talk to: the URL its `formList` and `submission` are under, and the
/// credentials for it.
///
/// Two kinds of URL work:
/// - ODK Central's app-user URL, as its QR code and "App Users" page give it:
///   `https://central.example.org/v1/key/<token>/projects/7`. The token is the credential; no
///   ``OpenRosaCredentials`` are needed. It is hidden in every description and error.
/// - Any OpenRosa server's base URL (ODK Central's `https://central.example.org/v1/projects/7` with a
///   web user's credentials, ODK Aggregate's `https://aggregate.example.org`, KoboToolbox's
///   `https://kc.kobotoolbox.org/<user>`), with ``OpenRosaCredentials`` when it asks for them.
///
/// The form list is at `<url>/formList` and submissions go to `<url>/submission`, as ODK Collect
/// does. Secrets (a password, a token) travel over HTTPS only, or over plain HTTP to this machine
/// (`localhost`, `127.0.0.0/8`, `::1`); the credentials go to this URL's origin (scheme, host and
/// port) only: a redirect to another origin, or a download URL on another origin, gets none.
///
/// ```swift
/// let central = try OpenRosaEndpoint(url: URL(string: "https://central.example.org/v1/key/\(token)/projects/7")!)
/// let forms = try await OpenRosaClient(endpoint: central).formList()
/// ```
public struct OpenRosaEndpoint: Sendable, Hashable, CustomStringConvertible, CustomReflectable {
    /// The URL `formList` and `submission` are under, without a trailing slash.
    public let url: URL
    /// The Basic credentials, if any.
    public let credentials: OpenRosaCredentials?
    /// ODK Central's app-user token found in ``url``, if any.
    let token: String?

    /// Creates an endpoint.
    ///
    /// - Parameters:
    ///   - url: The server's base URL or ODK Central's app-user URL (`…/v1/key/<token>/projects/<id>`).
    ///   - credentials: Basic credentials, or `nil`.
    /// - Throws: ``OpenRosaError`` of kind ``OpenRosaError/Kind/invalidURL`` when the URL is not `http`
    ///   or `https`, has no host, has a port outside 1–65535, carries a user or password, or the
    ///   credentials are unusable (no message shows the URL's password or token); of kind
    ///   ``OpenRosaError/Kind/insecureCredentials`` when a password or a token would go over plain
    ///   HTTP to a host other than this machine.
    public init(url: URL, credentials: OpenRosaCredentials? = nil) throws(OpenRosaError) {
        guard var components = URLComponents(url: url, resolvingAgainstBaseURL: true) else {
            throw OpenRosaError(.invalidURL, "the server URL cannot be read")
        }
        let token = Self.token(inPath: components.percentEncodedPath)
        // The URL as the messages show it: without its password (refused below), the token hidden.
        var visible = components
        visible.password = nil
        let shown = Self.redacting(visible.string ?? "", token: token, password: nil)
        guard let scheme = components.scheme?.lowercased(), scheme == "http" || scheme == "https" else {
            throw OpenRosaError(.invalidURL, "the server URL \(Quoted.value(shown, limit: 120)) is not http or https")
        }
        guard let host = components.host, !host.isEmpty else {
            throw OpenRosaError(.invalidURL, "the server URL \(Quoted.value(shown, limit: 120)) has no host")
        }
        if let port = components.port, !(1...65535).contains(port) {
            throw OpenRosaError(.invalidURL, "the server URL \(Quoted.value(shown, limit: 120)) has the port \(port), not one from 1 to 65535")
        }
        if components.user != nil || components.password != nil {
            throw OpenRosaError(
                .invalidURL, "the server URL has a user or password in it: give them as OpenRosaCredentials instead")
        }
        if let problem = credentials?.problem { throw OpenRosaError(.invalidURL, problem) }
        while components.percentEncodedPath.hasSuffix("/") { components.percentEncodedPath.removeLast() }
        guard let base = components.url else { throw OpenRosaError(.invalidURL, "the server URL cannot be read") }
        self.url = base
        self.credentials = credentials
        self.token = token
        if credentials != nil || token != nil, !Self.carriesSecrets(safely: base) {
            throw OpenRosaError(
                .insecureCredentials,
                "\(credentials != nil ? "a password" : "an app-user token") would go over plain HTTP to \(Quoted.value(host, limit: 120)): use https (plain http is taken for this machine only)"
            )
        }
    }

    /// `<url>/formList`.
    public var formListURL: URL { url.appendingPathComponent("formList") }

    /// `<url>/submission`.
    public var submissionURL: URL { url.appendingPathComponent("submission") }

    /// The URL with an app-user token hidden (`/v1/key/…/projects/7`), and whether it has credentials.
    public var description: String {
        redacted(url.absoluteString) + (credentials == nil ? "" : " with Basic credentials (password hidden)")
    }

    /// A mirror without the token or the password, so that `dump` and the debugger show neither.
    public var customMirror: Mirror {
        Mirror(self, children: ["url": redacted(url.absoluteString), "credentials": credentials as Any])
    }

    // MARK: - For requests (the download and the submission side share these)

    /// Whether `url` is on this endpoint's origin: the same scheme, host and port.
    func isSameOrigin(_ other: URL) -> Bool {
        Self.origin(of: other) == Self.origin(of: url)
    }

    /// The headers every OpenRosa request carries (`X-OpenRosa-Version`, `Date`, `Accept-Language`),
    /// and `Authorization` when `target` is on this endpoint's origin and has credentials.
    func headers(for target: URL, now: Date = Date()) -> [String: String] {
        var headers = [
            "X-OpenRosa-Version": "1.0",
            "Date": Self.httpDate(now),
            "Accept-Language": Self.language,
        ]
        if let credentials, isSameOrigin(target), Self.carriesSecrets(safely: target) {
            headers["Authorization"] = credentials.authorization
        }
        return headers
    }

    /// `text` with this endpoint's secrets (the token, the password, the `Authorization` value) replaced
    /// by `…`, wherever they are, escaped or not.
    func redacted(_ text: String) -> String {
        var out = Self.redacting(text, token: token, password: credentials?.password)
        if let credentials { out = out.replacingOccurrences(of: credentials.authorization, with: "Basic …") }
        return out
    }

    // MARK: - Rules

    /// Whether secrets may go to `url`: HTTPS, or HTTP to this machine.
    static func carriesSecrets(safely url: URL) -> Bool {
        switch url.scheme?.lowercased() {
        case "https": return true
        case "http": return isLoopback(url.host ?? "")
        default: return false
        }
    }

    /// Whether `host` is this machine: `localhost`, `127.0.0.0/8`, `::1`.
    static func isLoopback(_ host: String) -> Bool {
        let name = host.lowercased().trimmingCharacters(in: CharacterSet(charactersIn: "[]"))
        if name == "localhost" || name == "::1" || name == "0:0:0:0:0:0:0:1" { return true }
        let parts = name.split(separator: ".", omittingEmptySubsequences: false)
        guard parts.count == 4, parts[0] == "127" else { return false }
        return parts.allSatisfy { part in
            !part.isEmpty && part.count <= 3 && part.allSatisfy { $0.isASCII && $0.isNumber } && (Int(part) ?? 256) < 256
        }
    }

    /// Scheme, host and port (the scheme's default when none is given), lowercased.
    static func origin(of url: URL) -> String {
        let scheme = url.scheme?.lowercased() ?? ""
        let port = url.port ?? (scheme == "https" ? 443 : scheme == "http" ? 80 : 0)
        return "\(scheme)://\(url.host?.lowercased() ?? ""):\(port)"
    }

    /// The token of an ODK Central app-user (`…/key/<token>/projects/…`) or draft-test
    /// (`…/test/<token>/projects/…`) path, decoded.
    static func token(inPath path: String) -> String? {
        let parts = path.split(separator: "/").map(String.init)
        guard parts.count >= 3 else { return nil }
        for index in 0..<(parts.count - 2) where (parts[index] == "key" || parts[index] == "test") && parts[index + 2] == "projects" {
            return parts[index + 1].removingPercentEncoding ?? parts[index + 1]
        }
        return nil
    }

    static func redacting(_ text: String, token: String?, password: String?) -> String {
        var out = text
        for secret in [token, password].compactMap({ $0 }) where !secret.isEmpty {
            out = out.replacingOccurrences(of: secret, with: "…")
            if let encoded = secret.addingPercentEncoding(withAllowedCharacters: .alphanumerics), encoded != secret {
                out = out.replacingOccurrences(of: encoded, with: "…")
            }
            if let encoded = secret.addingPercentEncoding(withAllowedCharacters: .urlPathAllowed), encoded != secret {
                out = out.replacingOccurrences(of: encoded, with: "…")
            }
        }
        return out
    }

    /// `Mon, 14 Feb 2011 16:48:15 GMT`.
    static func httpDate(_ date: Date) -> String {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "GMT")
        formatter.dateFormat = "EEE, dd MMM yyyy HH:mm:ss 'GMT'"
        return formatter.string(from: date)
    }

    /// The user's preferred language as a language tag (`fr-CA`), `en` when none is known.
    static var language: String {
        let tag = (Locale.preferredLanguages.first ?? "en").replacingOccurrences(of: "_", with: "-")
        let clean = tag.filter { $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "-") }
        return clean.isEmpty ? "en" : clean
    }
}
