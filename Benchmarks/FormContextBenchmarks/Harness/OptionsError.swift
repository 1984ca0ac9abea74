/// Why the command line could not be read.
enum OptionsError: Error, CustomStringConvertible {
    case unknownOption(String)
    case missingValue(option: String)
    case unknownScenario(String, known: [String])
    case helpRequested

    var description: String {
        switch self {
        case .unknownOption(let option): "unknown option '\(option)'"
        case .missingValue(let option): "option '\(option)' needs a value"
        case .unknownScenario(let name, let known):
            "unknown scenario '\(name)'; expected one of: \(known.joined(separator: ", "))"
        case .helpRequested: "help requested"
        }
    }
}
