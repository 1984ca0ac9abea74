import FormContextOpenRosa
import FormContextXForms
import Foundation

/// The options `pull` and the OpenRosa `send` share: the server's URL, its Basic credentials (the
/// password read from a file, never from the command line) and the timeout of one request.
///
/// Nothing secret is ever printed: a URL is shown only as ``OpenRosaEndpoint`` shows it (an app-user
/// token hidden), and the password is never in any message.
struct OpenRosaServerOptions {
    /// The server's URL as given: a base URL, or ODK Central's app-user URL.
    var url: String?
    /// `--user`.
    var user: String?
    /// `--password-file`: a file whose first line is the password.
    var passwordFile: String?
    /// `--timeout`: the longest one request may take.
    var timeout: Duration?

    /// Whether `--user` or `--password-file` was given: only XForm records are sent with credentials.
    var hasCredentials: Bool { user != nil || passwordFile != nil }

    /// The largest password file read: a password is one line.
    static let passwordFileLimit = 64 << 10

    /// Takes `flag` and its value when it is `--user`, `--password-file` or `--timeout`.
    ///
    /// - Returns: Whether the flag was one of these.
    mutating func take(_ flag: String, inline: String?, from remaining: inout ArraySlice<String>) throws(DemoError) -> Bool {
        guard ["--user", "--password-file", "--timeout"].contains(flag) else { return false }
        guard let value = inline ?? remaining.popFirst() else { throw .missingValue(flag) }
        switch flag {
        case "--user":
            guard !value.isEmpty else { throw .invalidOptionValue(flag: flag, value: value, problem: "expected a user name") }
            user = value
        case "--password-file":
            guard !value.isEmpty else { throw .emptyPath(flag) }
            passwordFile = value
        default:
            timeout = try SendCommand.seconds(value, for: flag, allowingZero: false)
        }
        return true
    }

    /// Checks that the credentials come as a pair.
    func validated() throws(DemoError) -> Self {
        if user != nil && passwordFile == nil { throw .missingValue("--password-file") }
        if passwordFile != nil && user == nil { throw .missingValue("--user") }
        return self
    }

    /// The server, with the credentials read from the password file.
    ///
    /// - Throws: ``OpenRosaDemoFailure``: a bad argument (status 2) when the URL cannot be used or the
    ///   password file cannot be read; the message never holds the URL's token or the password.
    func endpoint() throws(OpenRosaDemoFailure) -> OpenRosaEndpoint {
        guard let text = url else { throw .usage(.missingValue("<url>")) }
        var credentials: OpenRosaCredentials?
        if let user, let passwordFile {
            credentials = OpenRosaCredentials(user: user, password: try Self.password(in: passwordFile))
        }
        // The URL is never echoed: it may hold an app-user token. The endpoint's own messages hide it.
        guard let url = URL(string: text) else {
            throw .usageMessage("the server URL cannot be read: expected an http or https URL")
        }
        do {
            return try OpenRosaEndpoint(url: url, credentials: credentials)
        } catch {
            throw .usageMessage("\(error)")
        }
    }

    /// `text` as an endpoint shows a URL, an app-user token hidden; for text no endpoint takes,
    /// ``withoutSecrets(_:)``.
    static func shown(_ text: String) -> String {
        guard let url = URL(string: text), let endpoint = try? OpenRosaEndpoint(url: url) else { return withoutSecrets(text) }
        return endpoint.description
    }

    /// `text` as given, but with a URL's password and any app-user token (`…/key/<token>/projects/…`,
    /// `…/test/<token>/projects/…`) shown as `…`; text that cannot be read as a URL as it is, unless
    /// it holds an `@`, after which a password may stand: then `…`.
    static func withoutSecrets(_ text: String) -> String {
        guard let components = URLComponents(string: text) else { return text.contains("@") ? "…" : text }
        var shown = components.scheme.map { $0 + ":" } ?? ""
        if let host = components.percentEncodedHost {
            shown += "//"
            if let user = components.percentEncodedUser { shown += user + (components.percentEncodedPassword == nil ? "" : ":…") + "@" }
            shown += host + (components.port.map { ":\($0)" } ?? "")
        }
        var segments = components.percentEncodedPath.split(separator: "/", omittingEmptySubsequences: false).map(String.init)
        for index in segments.indices.dropLast(2) where ["key", "test"].contains(segments[index]) && segments[index + 2] == "projects" {
            segments[index + 1] = "…"
        }
        shown += segments.joined(separator: "/")
        if let query = components.percentEncodedQuery { shown += "?" + query }
        if let fragment = components.percentEncodedFragment { shown += "#" + fragment }
        return shown
    }

    /// The first line of `path`, without its line break.
    static func password(in path: String) throws(OpenRosaDemoFailure) -> String {
        func refused(_ problem: String) -> OpenRosaDemoFailure {
            .usage(.invalidOptionValue(flag: "--password-file", value: path, problem: problem))
        }
        // A link to a regular file is read (secrets are often mounted so); a FIFO or device is
        // refused as it was opened, never waited on.
        let data: Data
        do {
            data = try BoundedFile.bytes(atPath: path, maximumBytes: passwordFileLimit)
        } catch .unreadable {
            throw refused("the file cannot be found or read")
        } catch .notRegular {
            throw refused("not a regular file")
        } catch {
            throw refused("larger than \(passwordFileLimit) bytes; its first line must be the password")
        }
        guard let text = String(data: data, encoding: .utf8) else { throw refused("not UTF-8 text") }
        // A line ends at LF, CR LF or CR (Swift reads CR LF as one character, a line break).
        let line = text.split(maxSplits: 1, omittingEmptySubsequences: false, whereSeparator: \.isNewline).first.map(String.init) ?? ""
        guard !line.isEmpty else { throw refused("its first line is empty; it must be the password") }
        return line
    }
}

/// Why `pull` or the OpenRosa `send` stopped before talking to the server.
enum OpenRosaDemoFailure: Error {
    /// A bad argument, as the demo reports every other (status 2).
    case usage(DemoError)
    /// A bad argument whose message is already safe to print (status 2): no secret, text escaped.
    case usageMessage(String)
    /// The run failed (status 1): the message, safe to print.
    case failed(String)

    /// The outcome: one `error: …` line on standard error.
    var outcome: DemoCommand.Outcome {
        switch self {
        case .usage(let error): DemoCommand.usageFailure(error)
        case .usageMessage(let message):
            DemoCommand.Outcome(status: DemoCommand.usageError, output: "", errorOutput: DemoText.joined(["error: \(message)"]))
        case .failed(let message):
            DemoCommand.Outcome(status: DemoCommand.invalidInput, output: "", errorOutput: DemoText.joined(["error: \(message)"]))
        }
    }
}
