import FormContext
import Foundation

/// The demo's entry point: `send` drains an outbox, `--draft` and `--outbox` keep the form in a draft
/// and finalize it into an outbox; `pull` downloads forms from an OpenRosa server; everything else is
/// ``DemoCommand``.
enum DurableDemo {
    /// Runs the demo with the arguments as the operating system passed them (without the program name).
    ///
    /// - Parameter write: Where `send` prints its progress lines as they happen, one line (no newline) per call.
    static func run(rawArguments: [[UInt8]], write: @escaping @Sendable (String) -> Void) async -> DemoCommand.Outcome {
        do throws(DemoError) {
            return await run(try DemoArguments.decode(rawArguments), write: write)
        } catch {
            return DemoCommand.usageFailure(error)
        }
    }

    /// Runs the demo with `arguments` (without the program name).
    ///
    /// - Parameter write: Where `send` prints its progress lines as they happen, one line (no newline) per call.
    static func run(_ arguments: [String], write: @escaping @Sendable (String) -> Void) async -> DemoCommand.Outcome {
        if XFormDemo.isRequested(arguments) { return await XFormDemo.run(arguments) }
        if arguments.first == "send" {
            return await OpenRosaSendCommand.run(Array(arguments.dropFirst()), write: write)
        }
        if arguments.first == "pull" { return await PullCommand.run(Array(arguments.dropFirst())) }
        let split: (rest: [String], draft: String?, outbox: String?)
        do {
            split = try extract(arguments)
        } catch {
            return DemoCommand.usageFailure(error)
        }
        if split.draft == nil && split.outbox == nil || arguments.contains("-h") || arguments.contains("--help") {
            var outcome = await DemoCommand.run(split.rest)
            if arguments.contains("-h") || arguments.contains("--help") { outcome.output += help + openRosaHelp }
            return outcome
        }
        return await DemoCommand.runDurably(split.rest, draft: split.draft, outbox: split.outbox)
    }

    /// Takes `--draft FILE` and `--outbox DIR` (or `--draft=FILE`, `--outbox=DIR`) out of the arguments.
    static func extract(_ arguments: [String]) throws(DemoError) -> (rest: [String], draft: String?, outbox: String?) {
        var rest: [String] = []
        var draft: String?
        var outbox: String?
        var remaining = arguments[...]
        while let argument = remaining.popFirst() {
            // After the end of the options, everything is an operand.
            if argument == "--" {
                rest.append(argument)
                rest.append(contentsOf: remaining)
                break
            }
            for name in ["--draft", "--outbox"] where argument == name || argument.hasPrefix(name + "=") {
                let value: String
                if argument == name {
                    guard let next = remaining.popFirst() else { throw .missingValue(name) }
                    value = next
                } else {
                    value = String(argument.dropFirst(name.count + 1))
                }
                guard !value.isEmpty else { throw .emptyPath(name) }
                if name == "--draft" { draft = value } else { outbox = value }
            }
            if argument != "--draft" && argument != "--outbox" && !argument.hasPrefix("--draft=") && !argument.hasPrefix("--outbox=") {
                rest.append(argument)
            }
        }
        return (rest, draft, outbox)
    }

    static let help = """

        KEEPING THE FORM BETWEEN RUNS:
          --draft <file>         Restore the form from <file> before applying --set, and save it
                                 there afterwards (secret values are not saved). <file> must be
                                 a draft or missing: anything else (a link, a device, a FIFO, a
                                 folder, another file, one that cannot be read) is an error
                                 (status 1) and is left as it is.
          --outbox <dir>         Finalize the form into the outbox <dir> instead of printing it;
                                 with --draft, the draft is removed once the record is queued.
                                 <dir> is created, or must be empty or an outbox already.

        SENDING AN OUTBOX:
          ContextDemo send <dir> --to <url> [--timeout <seconds>] [--initial-delay <seconds>]
                                 [--max-attempts <n>]
                                 POST every queued record to <url> (http or https), one at a
                                 time, printing `sent 3/5` and `retrying in 4 s` lines. <dir>
                                 must be an outbox; it is never created. --timeout bounds each
                                 whole request (30 s by default). Redirects are not followed:
                                 a 3xx parks the record. Exit status 0 when every record was
                                 sent and nothing is parked or damaged; 1 when any record was
                                 not sent, each named on a line; 2 for bad arguments.

        """
}
