import FormContext
import Foundation

/// `ContextDemo send <dir> --to <url>`: delivers an outbox by HTTP, printing progress as it goes.
///
/// It never creates its folder: `<dir>` must be an outbox already. It exits 0 only when every record
/// is delivered and the outbox holds nothing parked or damaged; any record not delivered is named on
/// a line of its own and the exit status is 1. Every line it prints is escaped as the demo's values
/// are, server text and paths included.
enum SendCommand {
    struct Options {
        var folder: String?
        var url: URL?
        var timeout: Duration = .seconds(30)
        var initialDelay: Duration = .seconds(4)
        var maximumAttempts: Int?
    }

    /// The longest `--timeout` and `--initial-delay`, in seconds: a day.
    static let longestWait = 86_400.0

    /// A number of seconds from 0.001 (or 0) to a day, as a duration.
    static func seconds(_ text: String, for flag: String, allowingZero: Bool) throws(DemoError) -> Duration {
        let lowest = allowingZero ? "0" : "0.001"
        guard let value = Double(text), value.isFinite, value <= longestWait, allowingZero ? value >= 0 : value >= 0.001 else {
            throw .invalidOptionValue(flag: flag, value: text, problem: "expected a number of seconds from \(lowest) to 86400")
        }
        return .milliseconds(Int64((value * 1000).rounded()))
    }

    static func parse(_ arguments: [String]) throws(DemoError) -> Options {
        var timeout: Duration?
        let parsed = try SendArguments.parse(arguments, checkingDestination: { value throws(DemoError) in try url(value) }) {
            flag, inline, remaining throws(DemoError) in
            guard flag == "--timeout" else { return false }
            guard let value = inline ?? remaining.popFirst() else { throw .missingValue(flag) }
            timeout = try seconds(value, for: flag, allowingZero: false)
            return true
        }
        var options = Options(
            folder: parsed.folder, url: try parsed.destination.map(url), initialDelay: parsed.initialDelay,
            maximumAttempts: parsed.maximumAttempts)
        if let timeout { options.timeout = timeout }
        return options
    }

    /// The `--to` value as a URL that ``HTTPTransport`` can deliver to.
    ///
    /// - Throws: ``DemoError/invalidOptionValue(flag:value:problem:)`` with the value shown without its
    ///   password or app-user token.
    @discardableResult
    private static func url(_ value: String) throws(DemoError) -> URL {
        let shown = OpenRosaServerOptions.withoutSecrets(value)
        guard let url = URL(string: value) else {
            throw .invalidOptionValue(flag: "--to", value: shown, problem: "expected an http or https URL")
        }
        if let problem = HTTPTransport.problem(with: url) {
            throw .invalidOptionValue(flag: "--to", value: shown, problem: problem)
        }
        return url
    }

    /// Delivers the outbox; progress lines go to `write` as they happen (the writer escapes them), the
    /// closing lines in the outcome, escaped.
    static func run(_ arguments: [String], write: @escaping @Sendable (String) -> Void) async -> DemoCommand.Outcome {
        let options: Options
        let outbox: Outbox
        do throws(DemoError) {
            options = try parse(arguments)
            guard let folder = options.folder else { throw .missingValue("send <dir>") }
            let policy = RetryPolicy(initialDelay: options.initialDelay, maximumAttempts: options.maximumAttempts)
            do {
                outbox = try Outbox(folder: folder, retryPolicy: policy, createsFolder: false)
            } catch {
                // A folder that is not an outbox is a mistyped argument, never made one.
                if case .notAnOutbox = error { throw .notAnOutbox(error.description) }
                return failure(error)
            }
        } catch {
            return DemoCommand.usageFailure(error)
        }
        guard let url = options.url else { return DemoCommand.usageFailure(.missingValue("--to")) }
        do {
            let http = HTTPTransport(url: url, timeout: options.timeout)
            try await outbox.deliver(using: http.transport) { event in write("\(event)") }
            return try closing(outbox)
        } catch {
            return failure(error)
        }
    }

    /// What is left once the run ended: each parked, damaged and queued record on its own line and
    /// status 1, or `outbox empty` and status 0.
    private static func closing(_ outbox: Outbox) throws(OutboxError) -> DemoCommand.Outcome {
        var lines: [String] = []
        for record in try outbox.parked() {
            lines.append("parked \(record.finalized.instanceID.uuidString): \(record.parkedReason ?? "no reason")")
            for (key, messages) in record.fieldErrors.sorted(by: { $0.key < $1.key }) {
                lines.append("  \(key): \(messages.joined(separator: "; "))")
            }
        }
        for name in try outbox.damaged() {
            lines.append("damaged \(name): it could not be read; it is in \(outbox.folder)/damaged")
        }
        for id in try outbox.pendingIDs() {
            lines.append("not sent \(id.uuidString): still queued")
        }
        guard !lines.isEmpty else {
            return DemoCommand.Outcome(status: DemoCommand.success, output: DemoText.joined(["outbox empty"]), errorOutput: "")
        }
        return DemoCommand.Outcome(status: DemoCommand.invalidInput, output: DemoText.joined(lines), errorOutput: "")
    }

    private static func failure(_ error: OutboxError) -> DemoCommand.Outcome {
        DemoCommand.Outcome(status: DemoCommand.invalidInput, output: "", errorOutput: DemoText.joined(["error: \(error)"]))
    }
}
