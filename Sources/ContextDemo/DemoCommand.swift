import FormContext

/// The demo command line: parses its arguments, fills a form, submits it and prints the submitted fields.
///
/// The form is submitted through the library's submit pipeline, so it is validated first: invalid
/// input prints each error as `key: message` on standard error and exits with status 1.
///
/// Every line it prints shows control characters as escapes (see ``DemoText``). `run(_:)` does no
/// I/O of its own, so tests can call it directly as well as run the binary.
struct DemoCommand {
    /// What a run printed and the status it exits with.
    struct Outcome: Equatable {
        var status: Int32
        var output: String
        var errorOutput: String
    }

    /// Exit status for a run that submitted the form (or printed the help or the version).
    static let success: Int32 = 0
    /// Exit status for values that fail the form's validators (or cannot be submitted).
    static let invalidInput: Int32 = 1
    /// Exit status for bad arguments: a malformed or unknown option, an unknown key, a value that does not parse.
    static let usageError: Int32 = 2
    /// Exit status when standard output cannot be written.
    static let outputError: Int32 = 3

    static let separator = "=========="

    /// Runs the demo with the arguments as the operating system passed them (without the program name).
    static func run(rawArguments: [[UInt8]]) async -> Outcome {
        do throws(DemoError) {
            return await run(try DemoArguments.decode(rawArguments))
        } catch {
            return usageFailure(error)
        }
    }

    /// Runs the demo with `arguments` (without the program name).
    static func run(_ arguments: [String]) async -> Outcome {
        let options: Options
        let form: FormContextObject
        let lastChange: LastChange?
        do throws(DemoError) {
            options = try parse(arguments)
            if options.showsHelp { return Outcome(status: success, output: help, errorOutput: "") }
            if options.showsVersion { return Outcome(status: success, output: "ContextDemo \(FormContextPackage.version)\n", errorOutput: "") }
            (form, lastChange) = try fill(options)
        } catch {
            return usageFailure(error)
        }
        if options.isInteractive {
            return await InteractiveDemo.run(form, screen: options.form.screen, options: options)
        }
        let explanation = options.explains ? DemoText.joined(explanationLines(of: form, after: lastChange)) : ""
        let convert = options.form.submit
        let result = await form.submit { submission in
            _ = try convert(submission.values)
            return .accepted
        }
        switch result {
        case .succeeded(let submission):
            return Outcome(status: success, output: render(submission, options) + explanation, errorOutput: "")
        case .invalid(let report), .rejected(let report):
            let rows = DemoRows(form.context)
            let lines = report.errors.map { issue in "\(issue.key.map { rows.positional($0) } ?? formWide): \(issue.message)" }
            return Outcome(status: invalidInput, output: explanation, errorOutput: DemoText.joined(lines))
        case .failed(let error):
            return Outcome(status: invalidInput, output: explanation, errorOutput: DemoText.joined([failureLine(error)]))
        case .alreadySubmitting:
            return Outcome(status: invalidInput, output: explanation, errorOutput: DemoText.joined(["\(formWide): is being submitted already"]))
        }
    }

    /// The key shown for an error that belongs to no field.
    static let formWide = "(form)"

    /// The outcome of bad arguments: one `error: …` line, status 2.
    static func usageFailure(_ error: DemoError) -> Outcome {
        Outcome(status: usageError, output: "", errorOutput: DemoText.joined(["error: \(error)"]))
    }

    /// An error that stopped the submit as a `key: message` line.
    static func failureLine(_ error: any Error) -> String {
        switch error {
        case let error as FormBridgeError:
            switch error {
            case .missingValue(let key, let expected): "\(key): missing value (expected \(expected))"
            case .typeMismatch(let key, let expected, let found): "\(key): expected \(expected), found \(found)"
            case .unknownRawValue(let key, let type, let text): "\(key): \(DemoText.echo(text)) is not a raw value of \(type)"
            }
        case let error as SubmissionError:
            "\(error.key): \(error)"
        default:
            "\(formWide): \(error)"
        }
    }

    /// The submitted fields as `key: value` lines and the separator, or as pretty JSON with `--json`;
    /// secret values masked unless `--show-secrets`; control characters escaped.
    static func render(_ submission: FormSubmission, _ options: Options) -> String {
        if options.printsJSON {
            return DemoText.splitAndEscaped(submission.json(pretty: true, maskingSecrets: !options.showsSecrets))
        }
        return DemoText.joined(DemoRows.lines(of: submission.values, revealingSecrets: options.showsSecrets) + [separator])
    }

    /// Builds the chosen form and types each `--set` value into its control, as a user would.
    ///
    /// - Returns: The form, and what the last `--set` did to its rules.
    static func fill(_ options: Options) throws(DemoError) -> (FormContextObject, LastChange?) {
        let form: FormContextObject
        let controls: [any DemoTextInput]
        do {
            (form, controls) = try options.form.make(options.setup)
        } catch {
            throw .formUnavailable(options.form.name, "\(error)")
        }
        return (form, try type(options.assignments, into: controls, of: form, demo: options.form))
    }
}
