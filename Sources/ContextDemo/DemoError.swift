import FormContext

/// Why the demo could not run: each message names the offending argument, key or text.
enum DemoError: Error, Equatable, CustomStringConvertible {
    case unknownOption(String)
    case unexpectedArgument(String)
    case missingValue(String)
    case malformedAssignment(String)
    case unknownForm(String)
    case unknownKey(String, known: [String])
    case invalidValue(FormControlError)
    case formUnavailable(String, String)

    var description: String {
        switch self {
        case .unknownOption(let option):
            "unknown option '\(option)' (see --help)"
        case .unexpectedArgument(let argument):
            "unexpected argument '\(argument)' (see --help)"
        case .missingValue(let option):
            "missing value for '\(option)'"
        case .malformedAssignment(let text):
            "malformed --set '\(text)': expected <key>=<value>"
        case .unknownForm(let name):
            "unknown form '\(name)'; known forms: \(DemoForm.all.map(\.name).joined(separator: ", "))"
        case .unknownKey(let key, let known):
            "unknown key '\(key)'; known keys: \(known.joined(separator: ", "))"
        case .invalidValue(let error):
            "\(error)"
        case .formUnavailable(let name, let reason):
            "form '\(name)' could not be built: \(reason)"
        }
    }
}
