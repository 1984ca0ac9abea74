public import Foundation
#if canImport(FoundationNetworking)
public import FoundationNetworking
#endif

/// The loopback OpenRosa server in openrosa_server.py beside this file, run on 127.0.0.1 for one test.
///
/// ```swift
/// let server = try OpenRosaServer(forms: formsFolder, submissions: scratch.path)
/// defer { server.stop() }
/// try await server.inject([.status(500, retryAfter: 1, on: .submission)])
/// ```
public final class OpenRosaServer: Sendable {
    public let process: Process
    /// The server's standard input: it stops when this is closed (or this process ends).
    private let input: FileHandle
    public let port: Int
    /// Where submissions are stored: `<submissions>/<instanceID, percent-encoded>/submission.xml` and
    /// each attachment beside it.
    public let submissions: String
    public let token: String?
    public let project: Int

    public static var script: String {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("openrosa_server.py").path
    }

    /// Whether python3 can be run here.
    public static var isAvailable: Bool { Receiver.isAvailable }

    /// Starts the server.
    ///
    /// - Parameters:
    ///   - forms: A folder of forms (`NAME.xml`, with media files in `NAME-media/`), or `nil` for none.
    ///   - submissions: Where submissions are stored (a folder the test made).
    ///   - user: The user name Basic credentials must carry, or `nil` for no credentials.
    ///   - passwordFile: A file whose first line is `user`'s password.
    ///   - token: The app-user token of the `/v1/key/{token}/projects/{project}/` endpoints.
    ///   - project: The project id of those endpoints.
    ///   - acceptContentLength: The `X-OpenRosa-Accept-Content-Length` the server announces.
    ///   - maxBody: A POST body above this many bytes is answered 413.
    ///   - lifetimeSeconds: The server stops by itself after this long: an hour by default, a backstop
    ///     only (it stops when the test process that started it ends), long enough for a suite run
    ///     under ThreadSanitizer on a busy machine.
    public init(
        forms: String? = nil, submissions: String, user: String? = nil, passwordFile: String? = nil, token: String? = nil,
        project: Int = 1, acceptContentLength: Int? = nil, maxBody: Int? = nil, lifetimeSeconds: Double = 3600
    ) throws {
        var arguments = ["python3", Self.script, "--stop-on-eof", "--submissions", submissions, "--project", String(project)]
        arguments += ["--lifetime", String(lifetimeSeconds)]
        if let forms { arguments += ["--forms", forms] }
        if let user { arguments += ["--user", user] }
        if let passwordFile { arguments += ["--password-file", passwordFile] }
        if let token { arguments += ["--token", token] }
        if let acceptContentLength { arguments += ["--accept-content-length", String(acceptContentLength)] }
        if let maxBody { arguments += ["--max-body", String(maxBody)] }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = arguments
        let output = Pipe()
        let input = Pipe()
        process.standardInput = input
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        try process.run()
        var line = Data()
        while let byte = try output.fileHandleForReading.read(upToCount: 1), !byte.isEmpty, byte != Data([0x0A]) {
            line.append(byte)
        }
        guard let port = Int(String(decoding: line, as: UTF8.self)) else {
            kill(process.processIdentifier, SIGKILL)
            process.waitUntilExit()
            throw CocoaError(.fileReadCorruptFile)
        }
        self.process = process
        self.input = input.fileHandleForWriting
        self.port = port
        self.submissions = submissions
        self.token = token
        self.project = project
    }

    /// `http://127.0.0.1:<port>`: the plain endpoints (`/formList`, `/submission`) are under it.
    public var baseURL: URL { URL(string: "http://127.0.0.1:\(port)")! }

    /// `http://127.0.0.1:<port>/v1/key/<token>/projects/<project>`, ODK Central's app-user URL; `nil`
    /// without a token.
    public var tokenURL: URL? {
        token.map { URL(string: "http://127.0.0.1:\(port)/v1/key/\($0)/projects/\(project)")! }
    }

    /// `path` on this server, such as `/formList` or `/submission`.
    public func url(_ path: String) -> URL { URL(string: "http://127.0.0.1:\(port)\(path)")! }

    /// What a fault applies to.
    public enum Route: String, Sendable {
        case formList, form, manifest, media, submission
        case any = "*"
    }

    /// A fault for the next request on a route (see the top of openrosa_server.py).
    /// Its fields are strings; the server reads numbers from them.
    public struct Fault: Sendable {
        public let fields: [String: String]

        /// Reads the request, then closes the connection without answering; nothing is stored.
        public static func drop(on route: Route = .any) -> Fault { Fault(fields: ["fault": "drop", "on": route.rawValue]) }
        /// Handles the request (a submission is stored), then closes the connection without answering.
        public static func storeThenDrop(on route: Route = .submission) -> Fault {
            Fault(fields: ["fault": "store-drop", "on": route.rawValue])
        }
        /// Answers `status` with an OpenRosaResponse message and `Retry-After` when given; nothing is stored.
        public static func status(_ status: Int, retryAfter: Int? = nil, message: String? = nil, on route: Route = .any) -> Fault {
            var fields = ["fault": "status", "status": String(status), "on": route.rawValue]
            if let retryAfter { fields["retryAfter"] = String(retryAfter) }
            if let message { fields["message"] = message }
            return Fault(fields: fields)
        }
        /// Answers normally, the body one byte every `interval` seconds.
        public static func drip(interval: Double = 0.2, on route: Route = .any) -> Fault {
            Fault(fields: ["fault": "drip", "interval": String(interval), "on": route.rawValue])
        }
        /// Waits `seconds` before answering normally.
        public static func stall(seconds: Double, on route: Route = .any) -> Fault {
            Fault(fields: ["fault": "stall", "seconds": String(seconds), "on": route.rawValue])
        }
        /// Answers normally with the body's last byte changed.
        public static func corrupt(on route: Route) -> Fault { Fault(fields: ["fault": "corrupt", "on": route.rawValue]) }
        /// Answers with the whole body's `Content-Length`, sends the first half of the body, and closes.
        public static func cut(on route: Route) -> Fault { Fault(fields: ["fault": "cut", "on": route.rawValue]) }
        /// Answers `status` with `Location: to` (a path, or a whole URL for another origin); by default
        /// to `/moved` + the request's path, which this server serves as the same endpoint.
        public static func redirect(_ status: Int = 307, to target: String? = nil, on route: Route = .any) -> Fault {
            var fields = ["fault": "redirect", "status": String(status), "on": route.rawValue]
            if let target { fields["to"] = target }
            return Fault(fields: fields)
        }
    }

    /// Plans faults: each is used once, by the next request its route matches, in order.
    public func inject(_ faults: [Fault]) async throws {
        try await control("/control/faults", body: JSONSerialization.data(withJSONObject: faults.map(\.fields)))
    }

    /// Drops the planned faults that no request has used yet.
    public func clearFaults() async throws {
        try await control("/control/faults/clear", body: Data("null".utf8))
    }

    /// Changes the announced `X-OpenRosa-Accept-Content-Length` and the 413 limit (`nil`: none).
    public func configure(acceptContentLength: Int, maxBody: Int?) async throws {
        let settings: [String: Any] = ["acceptContentLength": acceptContentLength, "maxBody": maxBody.map { $0 as Any } ?? NSNull()]
        try await control("/control/settings", body: JSONSerialization.data(withJSONObject: settings))
    }

    /// One request the server received.
    public struct Request: Decodable, Sendable {
        public let method: String
        public let path: String
        /// The status answered; `nil` when the connection was closed without an answer.
        public let status: Int?
        /// The `Authorization` header as sent.
        public let authorization: String?
        public let openRosaVersion: String?
        public let date: String?
        public let acceptLanguage: String?
        public let contentType: String?
        public let length: Int
        public let fault: String?
    }

    /// Every request so far (the control endpoints' too).
    public func log() async throws -> [Request] {
        try JSONDecoder().decode([Request].self, from: try await control("/control/log"))
    }

    /// One stored submission.
    public struct Stored: Decodable, Sendable {
        public let instanceID: String
        public let folder: String
        public let deprecatedID: String?
        /// How many POSTs were accepted for it.
        public let posts: Int
        /// `submission.xml` and the attachments' names, sorted.
        public let files: [String]
        /// Whether its last POST came without the `*isIncomplete*` part of a split submission.
        public let complete: Bool
    }

    /// Every submission stored so far, by instance id.
    public func stored() async throws -> [Stored] {
        try JSONDecoder().decode([Stored].self, from: try await control("/control/submissions"))
    }

    /// Sends `request` without following redirects, and answers a 401 as a response: the system's URL
    /// session on Linux waits forever on a `WWW-Authenticate` challenge nobody answers, so the challenge
    /// is refused here and its response returned.
    ///
    /// - Returns: The status, the body (empty for a 401) and the response.
    public static func exchange(_ request: URLRequest) async throws -> (status: Int, body: Data, response: HTTPURLResponse) {
        let delegate = PlainExchange()
        // Every answer of the loopback server comes at once or after a fault's short wait: a request
        // that hangs fails the test in seconds rather than after URLSession's minute.
        var request = request
        request.timeoutInterval = min(request.timeoutInterval, 20)
        let session = URLSession(configuration: .ephemeral, delegate: delegate, delegateQueue: nil)
        defer { session.finishTasksAndInvalidate() }
        do {
            let (data, response) = try await session.data(for: request)
            guard let http = response as? HTTPURLResponse else { throw URLError(.badServerResponse) }
            return (http.statusCode, data, http)
        } catch {
            if let refused = delegate.refused.withLock({ $0 }) { return (refused.statusCode, Data(), refused) }
            throw error
        }
    }

    @discardableResult
    private func control(_ path: String, body: Data? = nil) async throws -> Data {
        var request = URLRequest(url: url(path))
        if let body {
            request.httpMethod = "POST"
            request.httpBody = body
        }
        let (data, _) = try await URLSession.shared.data(for: request)
        return data
    }

    /// Stops the server: closes its standard input (it shuts down cleanly), then SIGKILL if it is still
    /// running after five seconds.
    public func stop() {
        try? input.close()
        for _ in 0..<50 where process.isRunning {
            usleep(100_000)
        }
        if process.isRunning { kill(process.processIdentifier, SIGKILL) }
        process.waitUntilExit()
    }
}

/// A session delegate that follows no redirect and refuses every authentication challenge, keeping the
/// response that carried it.
private final class PlainExchange: NSObject, URLSessionTaskDelegate, Sendable {
    let refused = Locked<HTTPURLResponse?>(nil)

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
        refused.withLock { $0 = challenge.failureResponse as? HTTPURLResponse }
        completionHandler(.cancelAuthenticationChallenge, nil)
        // Foundation on Linux may leave a task whose challenge was cancelled waiting until its
        // timeout: the 401 is the answer, so the task ends here (the exchange returns the 401 kept).
        task.cancel()
    }
}
