import FormContext

/// The demo command line: parses its arguments, fills a form and prints the submitted fields.
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
    /// Exit status for bad arguments: a malformed or unknown option, an unknown key, a value that does not parse.
    static let usageError: Int32 = 2

    static let separator = "=========="

    /// The options the command understands.
    struct Options {
        var form = DemoForm.default
        var assignments: [(key: String, text: String)] = []
        var showsHelp = false
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
    static func run(_ arguments: [String]) -> Outcome {
        do throws(DemoError) {
            let options = try parse(arguments)
            if options.showsHelp { return Outcome(status: success, output: help, errorOutput: "") }
            let form = try fill(options)
            let lines = form.activeValues.lines() + [separator]
            return Outcome(status: success, output: lines.joined(separator: "\n") + "\n", errorOutput: "")
        } catch {
            return Outcome(status: usageError, output: "", errorOutput: "error: \(error)\n")
        }
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
            USAGE: ContextDemo [--form <name>] [--set <key>=<value> ...]

            Fills a form with its default values, applies each --set as if typed into
            the field's control, and prints the submitted fields sorted by key as
            `key: value`, followed by a line of `==========`.

            OPTIONS:
              --form <name>          The form to fill (default: \(DemoForm.default.name)).
              --set <key>=<value>    Type <value> into the field <key>; repeatable, applied
                                     in order. The value is parsed as the field's type.
              -h, --help             Show this help.

            FORMS:
            \(forms.joined(separator: "\n"))

            EXIT STATUS:
              0  the form was submitted
              2  bad arguments: unknown option, malformed --set, unknown key or form,
                 or a value that does not parse as its field's type

            """
    }
}
