import FormContextOpenRosa
import Foundation

/// `ContextDemo send <dir> --to <url>` for an outbox of XForm records: delivers them to the OpenRosa
/// server at `<url>` (its `<url>/submission`) through ``OpenRosaTransport``.
///
/// Which delivery `send` uses is decided by what the outbox holds: XForm records (added by
/// `--xform … --outbox`, or `enqueue(instance:attachments:)`) go over OpenRosa, the built-in forms'
/// records as JSON to `<url>` itself (``SendCommand``). An outbox that holds both is refused. An empty
/// outbox has nothing to send either way; `--user` and `--password-file` are for OpenRosa only.
enum OpenRosaSendCommand {
    struct Options {
        var folder: String?
        var server = OpenRosaServerOptions()
        var initialDelay: Duration = .seconds(4)
        var maximumAttempts: Int?
    }

    static func parse(_ arguments: [String]) throws(DemoError) -> Options {
        var server = OpenRosaServerOptions()
        let parsed = try SendArguments.parse(arguments) { flag, inline, remaining throws(DemoError) in
            try server.take(flag, inline: inline, from: &remaining)
        }
        server.url = parsed.destination
        return Options(
            folder: parsed.folder, server: try server.validated(), initialDelay: parsed.initialDelay,
            maximumAttempts: parsed.maximumAttempts)
    }

    /// What an outbox holds, as far as sending goes.
    enum Contents: Equatable {
        case nothing, xformRecords, formRecords, both
    }

    /// What the outbox at `folder` holds: its queued records, or when none are queued its parked ones.
    /// `nil` when it cannot be opened (the JSON `send` then says why, as it always has).
    static func contents(of folder: String) -> Contents? {
        guard let outbox = try? Outbox(folder: folder, createsFolder: false),
            let pending = try? outbox.pending(), let parked = try? outbox.parked()
        else { return nil }
        let records = pending.isEmpty ? parked : pending
        let xform = records.filter { (try? OpenRosaRecord($0.finalized)) != nil }.count
        switch xform {
        case 0: return records.isEmpty ? .nothing : .formRecords
        case records.count: return .xformRecords
        default: return .both
        }
    }

    /// Sends the outbox by OpenRosa or as JSON, by what it holds.
    static func run(_ arguments: [String], write: @escaping @Sendable (String) -> Void) async -> DemoCommand.Outcome {
        let options: Options
        do throws(DemoError) {
            options = try parse(arguments)
        } catch {
            return DemoCommand.usageFailure(error)
        }
        guard let folder = options.folder else { return DemoCommand.usageFailure(.missingValue("send <dir>")) }
        switch contents(of: folder) {
        case .xformRecords?: break
        case .both?:
            return OpenRosaDemoFailure.failed(
                "the outbox \(DemoText.echo(folder)) holds both XForm records and the built-in forms' records; send each kind from an outbox of its own"
            ).outcome
        case .formRecords?:
            if options.server.hasCredentials {
                return OpenRosaDemoFailure.usageMessage(
                    "--user and --password-file are for outboxes of XForm records; \(DemoText.echo(folder)) holds the built-in forms' records, sent as JSON"
                ).outcome
            }
            return await SendCommand.run(arguments, write: write)
        case .nothing?, nil:
            if !options.server.hasCredentials { return await SendCommand.run(arguments, write: write) }
        }
        return await deliver(options, folder: folder, write: write)
    }

    /// Delivers the outbox's XForm records over OpenRosa; progress lines go to `write` as they happen.
    static func deliver(_ options: Options, folder: String, write: @escaping @Sendable (String) -> Void) async -> DemoCommand.Outcome {
        let endpoint: OpenRosaEndpoint
        let outbox: Outbox
        do throws(OpenRosaDemoFailure) {
            endpoint = try options.server.endpoint()
            let policy = RetryPolicy(initialDelay: options.initialDelay, maximumAttempts: options.maximumAttempts)
            do {
                outbox = try Outbox(folder: folder, retryPolicy: policy, createsFolder: false)
            } catch {
                // A folder that is not an outbox is a mistyped argument, never made one.
                if case .notAnOutbox = error { throw .usage(.notAnOutbox(error.description)) }
                throw .failed("\(error)")
            }
        } catch {
            return error.outcome
        }
        let transport = options.server.timeout.map { OpenRosaTransport(endpoint: endpoint, timeout: $0) } ?? OpenRosaTransport(endpoint: endpoint)
        do {
            try await outbox.deliver(using: transport.transport) { event in write("\(event)") }
            return try closing(outbox)
        } catch {
            return OpenRosaDemoFailure.failed("\(error)").outcome
        }
    }

    /// What is left once the run ended: each parked record named by its instance id and form, with the
    /// server's reason, each damaged and queued record, and status 1; or `outbox empty` and status 0.
    private static func closing(_ outbox: Outbox) throws(OutboxError) -> DemoCommand.Outcome {
        var lines: [String] = []
        for record in try outbox.parked() {
            let xform = try? OpenRosaRecord(record.finalized)
            let name = xform.map { record in
                DemoText.echo(record.instanceID) + (record.formID.map { " (form \(DemoText.echo($0)))" } ?? "")
            } ?? record.finalized.instanceID.uuidString
            lines.append("parked \(name): \(record.parkedReason ?? "no reason")")
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
}
