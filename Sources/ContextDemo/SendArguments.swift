/// The arguments `send` takes however it delivers: the outbox `<dir>`, `--to <url>`,
/// `--initial-delay` and `--max-attempts`. ``SendCommand`` (JSON) and ``OpenRosaSendCommand`` both
/// read them here, each with the flags of its own delivery.
struct SendArguments {
    /// The outbox folder.
    var folder: String?
    /// `--to`, as given.
    var destination: String?
    /// `--initial-delay`: the wait before the first retry.
    var initialDelay: Duration = .seconds(4)
    /// `--max-attempts`: how many tries before a record is parked; unlimited when absent.
    var maximumAttempts: Int?

    /// Reads `arguments`, offering each flag first to `other` (the flags of one delivery).
    ///
    /// - Parameters:
    ///   - arguments: The arguments after `send`.
    ///   - checkDestination: Refuses a `--to` value the delivery cannot use, as soon as it is read.
    ///   - other: Takes a flag (with its `--flag=value` value, or the next argument from the slice) and
    ///     says whether it did.
    /// - Throws: ``DemoError`` for a missing or bad value, an unknown option, a second `<dir>`, an
    ///   empty `<dir>`, or a missing `<dir>` or `--to`.
    static func parse(
        _ arguments: [String],
        checkingDestination checkDestination: (String) throws(DemoError) -> Void = { _ in },
        other: (_ flag: String, _ inline: String?, _ remaining: inout ArraySlice<String>) throws(DemoError) -> Bool
    ) throws(DemoError) -> SendArguments {
        var parsed = SendArguments()
        var remaining = arguments[...]
        while let argument = remaining.popFirst() {
            let (flag, inline) = DemoCommand.splitFlag(argument)
            if try other(flag, inline, &remaining) { continue }
            switch flag {
            case "--to", "--initial-delay", "--max-attempts":
                guard let value = inline ?? remaining.popFirst() else { throw .missingValue(flag) }
                switch flag {
                case "--to":
                    try checkDestination(value)
                    parsed.destination = value
                case "--initial-delay": parsed.initialDelay = try SendCommand.seconds(value, for: flag, allowingZero: true)
                default:
                    guard let count = Int(value), count > 0 else {
                        throw .invalidOptionValue(flag: flag, value: value, problem: "expected a whole number of at least 1")
                    }
                    parsed.maximumAttempts = count
                }
            default:
                guard !argument.hasPrefix("-"), parsed.folder == nil else {
                    throw argument.hasPrefix("-") ? .unknownOption(argument) : .unexpectedArgument(argument)
                }
                guard !argument.isEmpty else { throw .emptyPath("send <dir>") }
                parsed.folder = argument
            }
        }
        guard parsed.folder != nil else { throw .missingValue("send <dir>") }
        guard parsed.destination != nil else { throw .missingValue("--to") }
        return parsed
    }
}
