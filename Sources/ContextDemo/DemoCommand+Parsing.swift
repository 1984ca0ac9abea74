import FormContext
import Foundation

extension DemoCommand {
    /// The options the command understands.
    struct Options {
        var form = DemoForm.default
        /// Each `--set` and `--add`, in the order given.
        var assignments: [Assignment] = []
        var showsHelp = false
        var showsVersion = false
        var printsJSON = false
        var showsSecrets = false
        /// `--explain`: print which rules the last `--set` ran and why fields are hidden or disabled.
        var explains = false
        /// `--today`: the day calculations take as today.
        var today: Date?

        /// What the forms may depend on: `--today`, or else the current date.
        var setup: DemoForm.Setup { DemoForm.Setup(today: today ?? Date()) }
        var isInteractive = false
    }

    /// A `--set key=value`, or an `--add group field=value,…`.
    enum Assignment {
        case set(key: String, text: String)
        case add(group: String, fields: RowFields)
    }

    /// The flags that take no value, and the option each sets. Given as `--flag=value`, the value must
    /// be `true` or `false`.
    private static func switchOption(_ flag: String) -> WritableKeyPath<Options, Bool>? {
        switch flag {
        case "-h", "--help": \.showsHelp
        case "--version": \.showsVersion
        case "--json": \.printsJSON
        case "--show-secrets": \.showsSecrets
        case "--explain": \.explains
        case "--interactive": \.isInteractive
        default: nil
        }
    }

    /// Reads the arguments (without the program name).
    ///
    /// `--` ends the options: every argument after it is an operand, and the demo takes none.
    static func parse(_ arguments: [String]) throws(DemoError) -> Options {
        var options = Options()
        var remaining = arguments[...]
        while let argument = remaining.popFirst() {
            if argument == "--" {
                if let operand = remaining.first { throw .unexpectedArgument(operand) }
                break
            }
            let (flag, inlineValue) = splitFlag(argument)
            if let option = switchOption(flag) {
                options[keyPath: option] = try switchValue(inlineValue, for: flag)
                continue
            }
            switch flag {
            case "--set":
                let value = try value(inlineValue, orNextOf: &remaining, for: flag)
                guard let equals = value.firstIndex(of: "="), equals != value.startIndex else {
                    throw .malformedAssignment(value)
                }
                options.assignments.append(.set(key: String(value[..<equals]), text: String(value[value.index(after: equals)...])))
            case "--add":
                let group = try value(inlineValue, orNextOf: &remaining, for: flag)
                guard let fields = remaining.popFirst() else { throw .missingValue("--add \(group)") }
                options.assignments.append(.add(group: group, fields: try RowFields.parse(fields, adding: group)))
            case "--form":
                let name = try value(inlineValue, orNextOf: &remaining, for: flag)
                guard let form = DemoForm.named(name) else { throw .unknownForm(name) }
                options.form = form
            case "--today":
                let text = try value(inlineValue, orNextOf: &remaining, for: flag)
                let day = FieldControl<Date>(key: flag)
                day.text = text
                guard day.parseError == nil, let date = day.value else { throw .invalidDate(flag: flag, value: text) }
                options.today = date
            default:
                throw argument.hasPrefix("-") ? .unknownOption(argument) : .unexpectedArgument(argument)
            }
        }
        if options.explains && options.printsJSON { throw .conflictingOptions("--explain", "--json") }
        if options.isInteractive && options.explains { throw .conflictingOptions("--interactive", "--explain") }
        if options.isInteractive && options.printsJSON { throw .conflictingOptions("--interactive", "--json") }
        return options
    }

    /// The state a switch is set to: on when given alone, or exactly `true` or `false` after `=`.
    private static func switchValue(_ inline: String?, for flag: String) throws(DemoError) -> Bool {
        switch inline {
        case nil, "true": true
        case "false": false
        case let value?: throw .invalidFlagValue(flag: flag, value: value)
        }
    }

    /// `--flag=value` as the flag and its value; any other argument as itself.
    static func splitFlag(_ argument: String) -> (flag: String, value: String?) {
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
}
