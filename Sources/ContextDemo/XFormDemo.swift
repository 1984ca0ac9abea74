import FormContextXForms
import Foundation

/// `ContextDemo --xform FILE`: fills any XForm with `--set` and `--add`, in the order given, and
/// prints its values (`--xml`: its submission XML), keeps it in a draft (`--draft`), finalizes it
/// into an outbox for OpenRosa (`--outbox`), or shows it in the terminal (`--interactive`).
///
/// Everything printed is escaped (``DemoText``): labels, values and names from the form cannot act
/// on the terminal. `run(_:)` does no I/O of its own besides reading the form and the draft, and
/// writing the draft and the outbox.
enum XFormDemo {
    /// A form read and made ready, with its record.
    struct Loaded {
        let file: String
        let document: XFormDocument
        let form: XForm
        let record: XFormRecord
        /// The translation `--lang` chose (or the form's default), `nil` when it has none.
        let language: String?
    }

    /// Runs `--xform` with `arguments` (without the program name).
    static func run(_ arguments: [String]) async -> DemoCommand.Outcome {
        let options: Options
        do throws(DemoError) {
            options = try parse(arguments)
        } catch {
            return DemoCommand.usageFailure(error)
        }
        if options.showsHelp { return DemoCommand.Outcome(status: DemoCommand.success, output: help, errorOutput: "") }
        let loaded: Loaded
        do throws(XFormDemoError) {
            loaded = try load(options)
        } catch {
            return failure(error)
        }
        if options.draft != nil || options.outbox != nil { return runDurably(loaded, options) }
        do throws(XFormDemoError) {
            try apply(options.steps, to: loaded.record)
        } catch {
            return failure(error)
        }
        if options.isInteractive { return await interact(loaded, options) }
        return finished(loaded, options)
    }

    /// The outcome of a filled record: what ``printed(_:_:)`` gives on standard output and `notes`
    /// on standard error, status 0; or, for a record whose submission cannot be written, the notes
    /// and one `error: …` line, status 1.
    static func finished(_ loaded: Loaded, _ options: Options, notes: [String] = []) -> DemoCommand.Outcome {
        do throws(XFormError) {
            return DemoCommand.Outcome(status: DemoCommand.success, output: try printed(loaded, options), errorOutput: DemoText.joined(notes))
        } catch {
            return DemoCommand.Outcome(status: DemoCommand.invalidInput, output: "", errorOutput: DemoText.joined(notes + ["error: \(error)"]))
        }
    }

    /// The outcome of a form that cannot be read or filled as asked: one `error: …` line, status 2.
    static func failure(_ error: XFormDemoError) -> DemoCommand.Outcome {
        DemoCommand.Outcome(status: DemoCommand.usageError, output: "", errorOutput: DemoText.joined(["error: \(error)"]))
    }

    /// Reads the form, makes it ready to run and makes a blank record of it.
    static func load(_ options: Options) throws(XFormDemoError) -> Loaded {
        let url = URL(fileURLWithPath: options.file)
        let document: XFormDocument
        do {
            document = try XFormDocument(contentsOf: url, options: XFormReadOptions(mediaFolder: mediaFolder(of: url)))
        } catch {
            throw .unreadable(file: options.file, reason: error.description)
        }
        let language = try self.language(options.language, in: document)
        do {
            let form = try XForm(document, environment: environment(options))
            let record = try XFormRecord(form)
            if let language { try record.setLanguage(language) }
            return Loaded(file: options.file, document: document, form: form, record: record, language: language)
        } catch {
            throw .unrunnable(file: options.file, reason: error.description)
        }
    }

    /// Where the form's media files are, as ODK Collect keeps them: `NAME-media` beside `NAME.xml`;
    /// `nil` when there is no such folder.
    static func mediaFolder(of file: URL) -> URL? {
        let folder = file.deletingPathExtension().path + "-media"
        var isFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: folder, isDirectory: &isFolder), isFolder.boolValue else { return nil }
        return URL(fileURLWithPath: folder, isDirectory: true)
    }

    /// The clock and random source of the form's expressions: the system's, or the day `--today`
    /// gives (midnight UTC, in UTC) and the source `--seed` gives.
    static func environment(_ options: Options) -> XPathEnvironment {
        guard options.today != nil || options.seed != nil else { return .system }
        let utc = TimeZone(secondsFromGMT: 0)!
        let now = options.today
        let clock: @Sendable () -> Date = if let now { { now } } else { { Date() } }
        let random = options.seed.map { XPathEnvironment.seeded($0, now: now ?? Date()).random } ?? XPathEnvironment.system.random
        return XPathEnvironment(now: clock, random: random, timeZone: now == nil ? XPathEnvironment.system.timeZone : utc)
    }

    /// The translation `--lang` names, by its full name (`Français (fr)`) or its code in parentheses
    /// (`fr`); without `--lang`, the form's default language (or its first); `nil` without translations.
    ///
    /// - Throws: ``XFormDemoError/unknownLanguage(_:known:)`` for a language the form does not have.
    static func language(_ asked: String?, in document: XFormDocument) throws(XFormDemoError) -> String? {
        let languages = document.translations.map(\.language)
        guard let asked else { return (document.translations.first(where: \.isDefault) ?? document.translations.first)?.language }
        if let exact = languages.first(where: { $0 == asked }) { return exact }
        if let coded = languages.first(where: { $0.hasSuffix("(\(asked))") }) { return coded }
        throw .unknownLanguage(asked, known: languages)
    }

    /// Applies each `--set` and `--add` in order, as the form reads saved text (no constraint or
    /// required check: the form is checked as a whole when it is finalized).
    ///
    /// - Throws: ``XFormDemoError/refused(step:reason:)`` naming the step and what was wrong; a value
    ///   set on a node the form calculates that the calculation replaced at once is refused too.
    static func apply(_ steps: [Step], to record: XFormRecord) throws(XFormDemoError) {
        for step in steps {
            if case .set(let path, let text) = step, let problem = notOffered(text, at: path, in: record) {
                throw .refused(step: step.description, reason: problem)
            }
            let kept: String?
            do throws(XFormError) {
                switch step {
                case .set(let path, let text):
                    try record.set(text, at: path)
                    kept = try record.value(at: path)
                case .add(let path):
                    try record.addRepeat(at: path)
                    continue
                }
            } catch {
                throw .refused(step: step.description, reason: error.description)
            }
            if case .set(let path, let text) = step, kept ?? "" != text, let calculation = calculation(at: path, in: record.form.document) {
                throw .refused(
                    step: step.description, reason: "\(DemoText.echo(path)) is calculated by the form (\(DemoText.echo(calculation))), which replaces a value set there")
            }
        }
    }

    /// The `calculate` of the bind of the node at `path` (an instance path, its positions dropped);
    /// `nil` when the form does not calculate it.
    private static func calculation(at path: String, in document: XFormDocument) -> String? {
        let nodeset = path.replacing(/\[[0-9]+\]/, with: "")
        return document.binds.last { $0.calculate != nil && $0.nodeset.trimmingCharacters(in: .whitespaces) == nodeset }?.calculate
    }

    /// Why a value of a select whose choices come from an itemset is refused: a value it does not
    /// offer now (the record checks a fixed list of choices itself); `nil` when it offers them all.
    private static func notOffered(_ text: String, at path: String, in record: XFormRecord) -> String? {
        guard !text.isEmpty, let offered = try? record.choices(at: path).map(\.value) else { return nil }
        let values = Set(offered)
        guard let missing = text.split(separator: " ").map(String.init).first(where: { !values.contains($0) }) else { return nil }
        let choices = offered.prefix(20).map { DemoText.echo($0) }.joined(separator: ", ") + (offered.count > 20 ? ", …" : "")
        return "\(DemoText.echo(missing)) is not among the choices \(DemoText.echo(path)) offers now: \(offered.isEmpty ? "none" : choices)"
    }

    /// What a plain run prints: the submission XML with `--xml`; else each relevant question's path
    /// and value, then the separator.
    static func printed(_ loaded: Loaded, _ options: Options) throws(XFormError) -> String {
        if options.printsXML {
            // One line, as JavaRosa writes it: a line break in a value shows as `\n`, never as a line of its own.
            return DemoText.joined([try submission(of: loaded)])
        }
        return DemoText.joined(values(of: loaded.record) + [DemoCommand.separator])
    }

    /// The record's submission XML as text, without its last line break.
    static func submission(of loaded: Loaded) throws(XFormError) -> String {
        var text = String(decoding: try loaded.document.submissionXML(for: loaded.record.instance), as: UTF8.self)
        if text.hasSuffix("\n") { text.removeLast() }
        return text
    }

    /// `path: value` for every relevant leaf of the record, in document order (a blank one as
    /// `path:`).
    static func values(of record: XFormRecord) -> [String] {
        let nodes = record.nodes
        var lines: [String] = []
        for (index, node) in nodes.enumerated() where node.isRelevant {
            let next = nodes.index(after: index)
            let isLeaf = next == nodes.endIndex || !nodes[next].path.hasPrefix(node.path + "/")
            guard isLeaf else { continue }
            lines.append(node.value.map { "\(node.path): \($0)" } ?? "\(node.path):")
        }
        return lines
    }
}
