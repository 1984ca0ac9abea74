import FormContext

/// The demo command line: parses its arguments, fills a form, submits it and prints the submitted fields.
///
/// The form is submitted through the library's submit pipeline, so it is validated first: invalid
/// input prints each error as `key: message` on standard error and exits with status 1.
///
/// `run(_:)` does no I/O of its own, so tests can call it directly as well as run the binary.
struct DemoCommand {
    /// What a run printed and the status it exits with.
    struct Outcome: Equatable {
        var status: Int32
        var output: String
        var errorOutput: String
    }

    /// Exit status for a run that submitted the form.
    static let success: Int32 = 0
    /// Exit status for values that fail the form's validators (or cannot be submitted).
    static let invalidInput: Int32 = 1
    /// Exit status for bad arguments: a malformed or unknown option, an unknown key, a value that does not parse.
    static let usageError: Int32 = 2

    static let separator = "=========="

    /// The options the command understands.
    struct Options {
        var form = DemoForm.default
        var assignments: [(key: String, text: String)] = []
        var showsHelp = false
        var printsJSON = false
        var showsSecrets = false
    }

    /// Reads the arguments (without the program name).
    static func parse(_ arguments: [String]) throws(DemoError) -> Options {
        var options = Options()
        var remaining = arguments[...]
        while let argument = remaining.popFirst() {
            let (flag, inlineValue) = splitFlag(argument)
            switch flag {
            case "-h", "--help":
                options.showsHelp = true
            case "--json":
                options.printsJSON = true
            case "--show-secrets":
                options.showsSecrets = true
            case "--set":
                let value = try value(inlineValue, orNextOf: &remaining, for: flag)
                guard let equals = value.firstIndex(of: "="), equals != value.startIndex else {
                    throw .malformedAssignment(value)
                }
                options.assignments.append((String(value[..<equals]), String(value[value.index(after: equals)...])))
            case "--form":
                let name = try value(inlineValue, orNextOf: &remaining, for: flag)
                guard let form = DemoForm.named(name) else { throw .unknownForm(name) }
                options.form = form
            default:
                throw argument.hasPrefix("-") ? .unknownOption(argument) : .unexpectedArgument(argument)
            }
        }
        return options
    }

    /// Runs the demo with `arguments` (without the program name).
    static func run(_ arguments: [String]) async -> Outcome {
        let options: Options
        let form: FormContextObject
        do throws(DemoError) {
            options = try parse(arguments)
            if options.showsHelp { return Outcome(status: success, output: help, errorOutput: "") }
            form = try fill(options)
        } catch {
            return Outcome(status: usageError, output: "", errorOutput: "error: \(error)\n")
        }
        let convert = options.form.submit
        let result = await form.submit { submission in
            _ = try convert(submission.values)
            return .accepted
        }
        switch result {
        case .succeeded(let submission):
            return Outcome(status: success, output: render(submission, options), errorOutput: "")
        case .invalid(let report), .rejected(let report):
            return Outcome(status: invalidInput, output: "", errorOutput: report.lines.joined(separator: "\n") + "\n")
        case .failed(let error):
            return Outcome(status: invalidInput, output: "", errorOutput: "error: \(error)\n")
        case .alreadySubmitting:
            return Outcome(status: invalidInput, output: "", errorOutput: "error: the form is being submitted already\n")
        }
    }

    /// The submitted fields as `key: value` lines and the separator, or as pretty JSON with `--json`;
    /// secret values masked unless `--show-secrets`.
    static func render(_ submission: FormSubmission, _ options: Options) -> String {
        if options.printsJSON {
            return submission.json(pretty: true, maskingSecrets: !options.showsSecrets) + "\n"
        }
        let lines = submission.values.lines(revealingSecrets: options.showsSecrets) + [separator]
        return lines.joined(separator: "\n") + "\n"
    }

    /// Builds the chosen form and types each `--set` value into its control, as a user would.
    static func fill(_ options: Options) throws(DemoError) -> FormContextObject {
        let form: FormContextObject
        let controls: [any DemoTextInput]
        do {
            (form, controls) = try options.form.make()
        } catch {
            throw .formUnavailable(options.form.name, "\(error)")
        }
        for (key, text) in options.assignments {
            guard let control = controls.first(where: { $0.key == key }) else {
                throw .unknownKey(key, known: controls.map(\.key).sorted())
            }
            control.text = text
            if let error = control.parseError { throw .invalidValue(error) }
        }
        return form
    }

    private static func splitFlag(_ argument: String) -> (flag: String, value: String?) {
        guard argument.hasPrefix("--"), let equals = argument.firstIndex(of: "=") else { return (argument, nil) }
        return (String(argument[..<equals]), String(argument[argument.index(after: equals)...]))
    }

    /// The value written as `--flag=value`, or else the next argument.
    private static func value(
        _ inline: String?, orNextOf remaining: inout ArraySlice<String>, for flag: String
    ) throws(DemoError) -> String {
        if let inline { return inline }
        guard let value = remaining.popFirst() else { throw .missingValue(flag) }
        return value
    }

    static var help: String {
        let forms = DemoForm.all.map { "  \($0.name.padding(toLength: 10, withPad: " ", startingAt: 0)) \($0.summary)" }
        return """
            USAGE: ContextDemo [--form <name>] [--set <key>=<value> ...] [--json] [--show-secrets]

            Fills a form with its default values, applies each --set as if typed into
            the field's control, submits the form, and prints the submitted fields
            sorted by key as `key: value`, followed by a line of `==========`.
            The form is validated first: invalid values print each error as
            `key: message` on standard error, and nothing is submitted.

            OPTIONS:
              --form <name>          The form to fill (default: \(DemoForm.default.name)).
              --set <key>=<value>    Type <value> into the field <key>; repeatable, applied
                                     in order. The value is parsed as the field's type.
              --json                 Print the submission as JSON instead: sorted keys,
                                     two-space indentation.
              --show-secrets         Show secret values (passwords) instead of ••••••.
              -h, --help             Show this help.

            FORMS:
            \(forms.joined(separator: "\n"))

            EXIT STATUS:
              0  the form was submitted
              1  the values failed validation; each error is printed as `key: message`
              2  bad arguments: unknown option, malformed --set, unknown key or form,
                 or a value that does not parse as its field's type

            """
    }
}
