import FormContext
import Foundation

/// `ContextDemo send <dir> --to <url>`: delivers an outbox by HTTP, printing progress as it goes.
enum SendCommand {
    struct Options {
        var folder: String?
        var url: URL?
        var timeout: Duration = .seconds(30)
        var initialDelay: Duration = .seconds(4)
        var maximumAttempts: Int?
    }

    static func parse(_ arguments: [String]) throws(DemoError) -> Options {
        var options = Options()
        var remaining = arguments[...]
        func seconds(_ text: String, _ flag: String) throws(DemoError) -> Duration {
            guard let value = Double(text), value >= 0, value <= 86_400 else { throw .malformedAssignment("\(flag) \(text)") }
            return .milliseconds(Int64(value * 1000))
        }
        while let argument = remaining.popFirst() {
            switch argument {
            case "--to", "--timeout", "--initial-delay", "--max-attempts":
                guard let value = remaining.popFirst() else { throw .missingValue(argument) }
                switch argument {
                case "--to":
                    guard let url = URL(string: value), url.scheme == "http" || url.scheme == "https" else {
                        throw .unexpectedArgument(value)
                    }
                    options.url = url
                case "--timeout": options.timeout = try seconds(value, argument)
                case "--initial-delay": options.initialDelay = try seconds(value, argument)
                default:
                    guard let count = Int(value), count > 0 else { throw .malformedAssignment("\(argument) \(value)") }
                    options.maximumAttempts = count
                }
            default:
                guard !argument.hasPrefix("-"), options.folder == nil else {
                    throw argument.hasPrefix("-") ? .unknownOption(argument) : .unexpectedArgument(argument)
                }
                options.folder = argument
            }
        }
        guard options.folder != nil else { throw .missingValue("send <dir>") }
        guard options.url != nil else { throw .missingValue("--to") }
        return options
    }

    /// Delivers the outbox; progress lines go to `write` as they happen, the closing lines in the outcome.
    static func run(_ arguments: [String], write: @escaping @Sendable (String) -> Void) async -> DemoCommand.Outcome {
        let options: Options
        do {
            options = try parse(arguments)
        } catch {
            return DemoCommand.Outcome(status: DemoCommand.usageError, output: "", errorOutput: "error: \(error)\n")
        }
        guard let folder = options.folder, let url = options.url else { return DemoCommand.Outcome(status: 2, output: "", errorOutput: "") }
        do {
            let policy = RetryPolicy(initialDelay: options.initialDelay, maximumAttempts: options.maximumAttempts)
            let outbox = try Outbox(folder: folder, retryPolicy: policy)
            let http = HTTPTransport(url: url, timeout: options.timeout)
            try await outbox.deliver(using: http.transport) { event in write("\(event)") }
            let parked = try outbox.parked()
            let left = try outbox.pendingIDs().count
            guard !parked.isEmpty || left > 0 else {
                return DemoCommand.Outcome(status: DemoCommand.success, output: "outbox empty\n", errorOutput: "")
            }
            var lines = parked.map { record in
                "parked \(record.finalized.instanceID.uuidString): \(record.parkedReason ?? "no reason")"
                    + record.fieldErrors.sorted { $0.key < $1.key }.map { "\n  \($0.key): \($0.value.joined(separator: "; "))" }.joined()
            }
            if left > 0 { lines.append("\(left) still queued") }
            return DemoCommand.Outcome(status: DemoCommand.invalidInput, output: lines.joined(separator: "\n") + "\n", errorOutput: "")
        } catch {
            return DemoCommand.Outcome(status: DemoCommand.invalidInput, output: "", errorOutput: "error: \(error)\n")
        }
    }
}
