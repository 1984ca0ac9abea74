/// Why `--xform` could not fill its form: each message names the file, path, value or language that
/// was wrong. The library's messages quote what they take from the form or the arguments, and every
/// line is escaped again when printed (``DemoText``).
enum XFormDemoError: Error, Equatable, CustomStringConvertible {
    /// The file cannot be read as an XForm: the file as given and the reader's message.
    case unreadable(file: String, reason: String)
    /// The XForm reads but cannot run: the file and why.
    case unrunnable(file: String, reason: String)
    /// A `--set` or `--add` the form refused: the step as given and the form's message.
    case refused(step: String, reason: String)
    /// `--lang` names a language the form does not have.
    case unknownLanguage(String, known: [String])

    var description: String {
        switch self {
        case .unreadable(let file, let reason):
            "\(DemoText.echo(file)) is not an XForm that can be read: \(reason)"
        case .unrunnable(let file, let reason):
            "the XForm \(DemoText.echo(file)) cannot be run: \(reason)"
        case .refused(let step, let reason):
            "\(step) was refused: \(reason)"
        case .unknownLanguage(let language, let known):
            known.isEmpty
                ? "unknown language \(DemoText.echo(language)); the form has no translations"
                : "unknown language \(DemoText.echo(language)); the form's languages: \(known.map { DemoText.echo($0) }.joined(separator: ", "))"
        }
    }
}
