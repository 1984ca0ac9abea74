import FormContext

/// Why the demo could not run: each message names the offending argument, key or text, escaped and
/// cut to a readable length (see ``DemoText``).
enum DemoError: Error, Equatable, CustomStringConvertible {
    case unknownOption(String)
    case unexpectedArgument(String)
    case missingValue(String)
    case invalidFlagValue(flag: String, value: String)
    case malformedAssignment(String)
    case unknownForm(String)
    case unknownKey(String, known: [String])
    /// `--set` names a field the form calculates.
    case calculatedKey(String)
    /// A date option whose value is not an ISO 8601 date.
    case invalidDate(flag: String, value: String)
    /// Two options that cannot be given together.
    case conflictingOptions(String, String)
    case invalidValue(FormControlError)
    case formUnavailable(String, String)
    /// Argument `position` (1 for the first after the program name) is not UTF-8: `byte` at `offset` is
    /// where its encoding goes wrong.
    case invalidUTF8(position: Int, offset: Int, byte: UInt8)
    /// `--interactive` without a terminal on standard input and output.
    case needsTerminal
    /// `--interactive` with `--draft` or `--outbox`.
    case interactiveWithDurability
    /// `--add` names a group the form does not have.
    case unknownGroup(String, known: [String])
    /// `--add`'s fields are not `<field>=<value>,…`.
    case malformedRow(group: String, text: String)
    /// `--add` names a field the group's rows do not have.
    case unknownRowField(group: String, field: String, known: [String])
    /// The form refused the row (`RepeatGroupError`: the group's maximum, say).
    case rowRefused(String)
    /// An option's value is out of range or of the wrong form: the option, the value and what is wrong.
    case invalidOptionValue(flag: String, value: String, problem: String)
    /// `--draft`, `--outbox` or `send`'s folder given as an empty path.
    case emptyPath(String)
    /// `send`'s folder is not an outbox (missing, not a folder, or not marked as one): the library's message.
    case notAnOutbox(String)

    var description: String {
        switch self {
        case .unknownOption(let option):
            "unknown option \(DemoText.echo(option)) (see --help)"
        case .unexpectedArgument(let argument):
            "unexpected argument \(DemoText.echo(argument)) (see --help)"
        case .missingValue(let option):
            "missing value for \(DemoText.echo(option))"
        case .invalidFlagValue(let flag, let value):
            "invalid value \(DemoText.echo(value)) for \(DemoText.echo(flag)): expected true or false"
        case .malformedAssignment(let text):
            "malformed --set \(DemoText.echo(text)): expected <key>=<value>"
        case .unknownForm(let name):
            "unknown form \(DemoText.echo(name)); known forms: \(DemoForm.all.map(\.name).joined(separator: ", "))"
        case .unknownKey(let key, let known):
            "unknown key \(DemoText.echo(key)); known keys: \(known.joined(separator: ", "))"
        case .calculatedKey(let key):
            "key \(DemoText.echo(key)) is calculated from other fields and cannot be set"
        case .invalidDate(let flag, let value):
            "invalid date \(DemoText.echo(value)) for \(DemoText.echo(flag)): expected an ISO 8601 date such as 2026-01-15"
        case .conflictingOptions(let first, let second):
            "\(DemoText.echo(first)) cannot be combined with \(DemoText.echo(second))"
        case .invalidValue(let error):
            "\(error)"
        case .formUnavailable(let name, let reason):
            "form \(DemoText.echo(name)) could not be built: \(reason)"
        case .invalidUTF8(let position, let offset, let byte):
            "argument \(position) is not valid UTF-8 (byte 0x\(String(byte, radix: 16, uppercase: true)) at offset \(offset))"
        case .needsTerminal:
            "--interactive needs a terminal: standard input and output must both be one"
        case .interactiveWithDurability:
            "--interactive cannot be combined with --draft or --outbox"
        case .unknownGroup(let group, let known):
            known.isEmpty
                ? "unknown repeat group \(DemoText.echo(group)); this form has none"
                : "unknown repeat group \(DemoText.echo(group)); known groups: \(known.joined(separator: ", "))"
        case .malformedRow(let group, let text):
            "malformed --add \(DemoText.echo(group)) \(DemoText.echo(text)): expected <field>=<value>[,<field>=<value>...]"
        case .unknownRowField(let group, let field, let known):
            "unknown field \(DemoText.echo(field)) in the rows of \(DemoText.echo(group)); known fields: \(known.joined(separator: ", "))"
        case .rowRefused(let reason):
            "\(reason)"
        case .invalidOptionValue(let flag, let value, let problem):
            "invalid value \(DemoText.echo(value)) for \(DemoText.echo(flag)): \(problem)"
        case .emptyPath(let option):
            "the path given to \(DemoText.echo(option)) is empty"
        case .notAnOutbox(let message):
            "\(message)"
        }
    }
}
