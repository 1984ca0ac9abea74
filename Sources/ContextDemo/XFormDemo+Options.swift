import Foundation

extension XFormDemo {
    /// The options of `--xform FILE`.
    struct Options {
        /// The XForm file.
        var file = ""
        /// Each `--set` and `--add`, in the order given.
        var steps: [Step] = []
        /// `--lang`: the language the labels and messages are shown in, as given.
        var language: String?
        /// `--xml`: print the submission XML instead of the values.
        var printsXML = false
        var isInteractive = false
        var showsHelp = false
        /// `--today`: the day the form's clock reads (at midnight UTC).
        var today: Date?
        /// `--seed`: makes `uuid()`, `random()` and the instance id repeatable.
        var seed: UInt64?
        /// `--draft FILE`.
        var draft: String?
        /// `--outbox DIR`.
        var outbox: String?
        /// Each `--attach FILE`: a file an upload answer names, sent with the record.
        var attachments: [String] = []
    }

    /// A `--set PATH=VALUE` or an `--add PATH`.
    enum Step: Equatable {
        case set(path: String, text: String)
        case add(path: String)

        /// The step as it was given, for messages.
        var description: String {
            switch self {
            case .set(let path, let text): "--set \(DemoText.echo(path + "=" + text))"
            case .add(let path): "--add \(DemoText.echo(path))"
            }
        }
    }

    /// Whether the arguments ask for an XForm: `--xform` (or `--xform=FILE`) before any `--`.
    static func isRequested(_ arguments: [String]) -> Bool {
        for argument in arguments {
            if argument == "--" { return false }
            if argument == "--xform" || argument.hasPrefix("--xform=") { return true }
        }
        return false
    }

    /// The options that take a value.
    private static let valued: Set<String> = ["--xform", "--set", "--add", "--lang", "--today", "--seed", "--draft", "--outbox", "--attach"]

    /// Reads the arguments (without the program name).
    ///
    /// - Throws: ``DemoError`` naming the argument that is wrong.
    static func parse(_ arguments: [String]) throws(DemoError) -> Options {
        var options = Options()
        var file: String?
        var remaining = arguments[...]
        while let argument = remaining.popFirst() {
            if argument == "--" {
                if let operand = remaining.first { throw .unexpectedArgument(operand) }
                break
            }
            let (flag, inline) = split(argument)
            if !valued.contains(flag) {
                let on: Bool
                switch inline {
                case nil, "true": on = true
                case "false": on = false
                case let value?: throw .invalidFlagValue(flag: flag, value: value)
                }
                switch flag {
                case "--xml": options.printsXML = on
                case "--interactive": options.isInteractive = on
                case "-h", "--help": options.showsHelp = on
                default: throw argument.hasPrefix("-") ? .unknownOption(argument) : .unexpectedArgument(argument)
                }
                continue
            }
            let value: String
            if let inline {
                value = inline
            } else {
                guard let next = remaining.popFirst() else { throw .missingValue(flag) }
                value = next
            }
            switch flag {
            case "--xform":
                guard !value.isEmpty else { throw .emptyPath(flag) }
                file = value
            case "--set":
                guard let equals = value.firstIndex(of: "="), equals != value.startIndex else { throw .malformedAssignment(value) }
                options.steps.append(.set(path: String(value[..<equals]), text: String(value[value.index(after: equals)...])))
            case "--add":
                options.steps.append(.add(path: value))
            case "--lang":
                options.language = value
            case "--today":
                guard let day = day(value) else { throw .invalidDate(flag: flag, value: value) }
                options.today = day
            case "--seed":
                guard let seed = UInt64(value) else {
                    throw .invalidOptionValue(flag: flag, value: value, problem: "expected a whole number from 0 to \(UInt64.max)")
                }
                options.seed = seed
            case "--draft", "--outbox", "--attach":
                guard !value.isEmpty else { throw .emptyPath(flag) }
                switch flag {
                case "--draft": options.draft = value
                case "--outbox": options.outbox = value
                default: options.attachments.append(value)
                }
            default:
                throw .unknownOption(argument)
            }
        }
        if options.showsHelp { return options }
        guard let file else { throw .missingValue("--xform") }
        options.file = file
        if options.isInteractive && (options.draft != nil || options.outbox != nil) { throw .interactiveWithDurability }
        if options.isInteractive && options.printsXML { throw .conflictingOptions("--interactive", "--xml") }
        if options.outbox != nil && options.printsXML { throw .conflictingOptions("--outbox", "--xml") }
        if let file = options.attachments.first, options.outbox == nil {
            throw .invalidOptionValue(flag: "--attach", value: file, problem: "needs --outbox: a file is sent with a finalized record")
        }
        return options
    }

    /// `--flag=value` as the flag and its value; any other argument as itself.
    private static func split(_ argument: String) -> (flag: String, value: String?) {
        guard argument.hasPrefix("--"), let equals = argument.firstIndex(of: "=") else { return (argument, nil) }
        return (String(argument[..<equals]), String(argument[argument.index(after: equals)...]))
    }

    /// An ISO 8601 day (`2026-01-15`) as its midnight in UTC; `nil` for anything else.
    static func day(_ text: String) -> Date? {
        let parts = text.split(separator: "-", omittingEmptySubsequences: false)
        guard parts.count == 3, parts[0].count == 4, parts[1].count == 2, parts[2].count == 2,
            parts.allSatisfy({ $0.allSatisfy(\.isASCII) && $0.allSatisfy(\.isNumber) }),
            let year = Int(parts[0]), let month = Int(parts[1]), let dayOfMonth = Int(parts[2])
        else { return nil }
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(secondsFromGMT: 0)!
        let components = DateComponents(year: year, month: month, day: dayOfMonth)
        guard components.isValidDate(in: calendar), let date = calendar.date(from: components) else { return nil }
        return date
    }
}
